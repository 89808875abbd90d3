// What the State's company search (recherche-entreprises.api.gouv.fr) tells about a SIRET, as
// the profile fills it in: the public identity of the company, never anything it did not say.
import { Type, type Static } from '@sinclair/typebox'

export const CompanyLookupQuery = Type.Object({ siret: Type.String({ maxLength: 30 }) }, { additionalProperties: false })

export const CompanyLookupBody = Type.Object({
  siret: Type.String(),
  companyName: Type.String(),
  /** « SAS », « SARL », « Entrepreneur individuel »…; '' for a legal form the table does not name. */
  legalForm: Type.String(),
  /** Street, then postcode and town, one per line. */
  address: Type.String()
})
export type CompanyLookup = Static<typeof CompanyLookupBody>
