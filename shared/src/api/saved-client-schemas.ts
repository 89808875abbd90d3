// The saved clients routes' contract (`/api/clients…`), built from the rules of saved-clients.ts.
import { Type, type Static } from '@sinclair/typebox'
import { CLIENT_KINDS } from '../quote.js'
import { PUBLIC_BUYER_LIMITS } from '../public-buyer.js'
import { SAVED_CLIENT_LIMITS } from '../saved-clients.js'
import { QuoteSummarySchema } from './quote-schemas.js'
import { literals, text } from './schema-parts.js'

const clientFields = {
  kind: literals(CLIENT_KINDS),
  name: text(SAVED_CLIENT_LIMITS.name),
  company: text(SAVED_CLIENT_LIMITS.company),
  email: text(SAVED_CLIENT_LIMITS.email),
  phone: text(SAVED_CLIENT_LIMITS.phone),
  address: text(SAVED_CLIENT_LIMITS.address),
  siteAddress: text(SAVED_CLIENT_LIMITS.address),
  siret: text(SAVED_CLIENT_LIMITS.siret),
  notes: text(SAVED_CLIENT_LIMITS.notes)
}

/** « Acheteur public (Chorus Pro) » and its code service: optional in a request (absent: not public). */
const publicBuyerFields = {
  publicBuyer: Type.Boolean(),
  serviceCode: Type.String({ maxLength: PUBLIC_BUYER_LIMITS.serviceCode })
}

export const SavedClientInputSchema = Type.Object(
  { ...clientFields, publicBuyer: Type.Optional(publicBuyerFields.publicBuyer), serviceCode: Type.Optional(publicBuyerFields.serviceCode) },
  { additionalProperties: false }
)

export const SavedClientSchema = Type.Object({ id: Type.String(), ...clientFields, ...publicBuyerFields, updatedAt: Type.String() })
export type SavedClient = Static<typeof SavedClientSchema>

/** The longest search: part of a name or an e-mail, not a whole address. */
export const CLIENT_SEARCH_MAX_LENGTH = 120

export const SavedClientListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: CLIENT_SEARCH_MAX_LENGTH })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 }))
  },
  { additionalProperties: false }
)

export const SavedClientListBody = Type.Object({
  clients: Type.Array(SavedClientSchema),
  /** Every client matching, beyond the ones listed. */
  total: Type.Integer()
})
export type SavedClientList = Static<typeof SavedClientListBody>

export const SavedClientIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })

/** A client's page: the client and the quotes made out to them (linked when picked), newest first. */
export const SavedClientPageBody = Type.Object({ client: SavedClientSchema, quotes: Type.Array(QuoteSummarySchema) })
export type SavedClientPage = Static<typeof SavedClientPageBody>
