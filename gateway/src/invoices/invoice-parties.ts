// The seller and the buyer as an invoice states them (EN 16931 BG-4 and BG-7), from the company
// profile and the quote's client. Addresses are typed as free text in the workspace; the XML needs
// them structured, so the postcode and city are read from the text, and a missing one is a clear
// refusal rather than an invoice the validators reject.
import { normaliseSiret, normaliseVatNumber, siretProblem, vatNumberProblem, type CompanyProfile } from '@paraphe/shared/company'
import type { InvoiceBuyer, InvoiceSeller, PostalAddress } from '@paraphe/shared/invoices/invoice-document'
import type { QuoteClient } from '@paraphe/shared/quote'
import type { PublicBuyer } from '@paraphe/shared/public-buyer'
import { ApiProblem } from '../errors.js'

// A French postcode and the city after it (« 69003 Lyon », « 75008 PARIS CEDEX 08 »).
const POSTCODE_CITY = /(?:^|[\s,])(\d{5})\s+([^,\n\d][^,\n]*)$/

/** « 12 rue des Lilas\n69003 Lyon » → street lines, postcode, city; null without a postcode and city. */
export function postalAddress(text: string): PostalAddress | null {
  const parts = text
    .split(/[\n,]/)
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter((part) => part !== '' && !/^france$/i.test(part))
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const match = POSTCODE_CITY.exec(` ${parts[index] as string}`)
    if (match === null) continue
    const before = (parts[index] as string).slice(0, (parts[index] as string).length - match[0].trim().length).trim()
    const street = [...parts.slice(0, index), ...(before === '' ? [] : [before])]
    // Three street lines at most in the XML: the rest joins the last one.
    const lines = street.length <= 3 ? street : [...street.slice(0, 2), street.slice(2).join(', ')]
    return {
      lines: lines.map((line) => line.slice(0, 120)),
      postcode: match[1] as string,
      city: (match[2] as string).trim().slice(0, 120),
      countryCode: 'FR'
    }
  }
  return null
}

const profileIncomplete = (fields: Record<string, string>) =>
  new ApiProblem(422, 'profile_incomplete', 'Complétez le profil de votre entreprise avant d’émettre une facture.', fields)

/** The seller from the company profile as it is when the invoice is made. */
export function sellerOf(profile: CompanyProfile): InvoiceSeller {
  const problems: Record<string, string> = {}
  if (profile.companyName.trim() === '') problems.companyName = 'Indiquez le nom de l’entreprise.'
  const siretIssue = siretProblem(profile.siret)
  if (siretIssue !== null) problems.siret = siretIssue
  const address = postalAddress(profile.address)
  if (address === null) problems.address = 'Indiquez l’adresse avec le code postal et la ville (ex. « 12 rue des Lilas, 69003 Lyon »).'
  const vat = profile.vatNumber.trim() === '' ? null : normaliseVatNumber(profile.vatNumber)
  if (vat === null && !profile.franchiseEnBase)
    problems.vatNumber = 'Le numéro de TVA intracommunautaire est obligatoire sur une facture avec TVA.'
  if (vat !== null) {
    const vatIssue = vatNumberProblem(vat, profile.siret)
    if (vatIssue !== null) problems.vatNumber = vatIssue
  }
  if (Object.keys(problems).length > 0 || address === null) throw profileIncomplete(problems)
  const siret = normaliseSiret(profile.siret)
  return {
    name: profile.companyName.trim(),
    legalForm: profile.legalForm.trim(),
    address,
    siren: siret.slice(0, 9),
    siret,
    registration: profile.registration.trim(),
    vatNumber: vat,
    email: profile.email.trim(),
    phone: profile.phone.trim(),
    iban: profile.iban.replace(/\s+/g, '').toUpperCase(),
    bic: profile.bic.replace(/\s+/g, '').toUpperCase()
  }
}

export interface BuyerExtras {
  siren?: string | undefined
  vatNumber?: string | undefined
  /** Where the work is done, when not the client's address (the quote's site address). */
  siteAddress?: string | undefined
  /** A public buyer (Chorus Pro): its SIRET and « code service », checked. */
  publicBuyer?: PublicBuyer | undefined
}

/** The buyer from the quote's client (or the client typed on an invoice without a quote). */
export function buyerOf(client: Pick<QuoteClient, 'kind' | 'name' | 'company' | 'email' | 'address'>, extras: BuyerExtras): InvoiceBuyer {
  const problems: Record<string, string> = {}
  const address = postalAddress(client.address)
  if (address === null) problems['client.address'] = 'L’adresse du client doit comporter le code postal et la ville.'
  if (client.name.trim() === '' && client.company.trim() === '') problems['client.name'] = 'Indiquez le nom du client.'
  const business = client.kind === 'business'
  // Since the reform, a business buyer's SIREN is a mandatory mention (BR-FR-11).
  if (extras.publicBuyer !== undefined && !business) problems.publicBuyer = 'Un acheteur public est un client professionnel.'
  if (business && extras.siren === undefined) problems.clientSiren = 'Le SIREN du client professionnel est obligatoire sur la facture.'
  const site = extras.siteAddress?.trim() ?? ''
  const delivery = site === '' ? null : postalAddress(site)
  if (site !== '' && delivery === null) problems.siteAddress = 'L’adresse du chantier doit comporter le code postal et la ville.'
  if (Object.keys(problems).length > 0 || address === null) {
    throw new ApiProblem(422, 'invoice_incomplete', 'Il manque des mentions obligatoires pour cette facture.', problems)
  }
  const sameAsBilling =
    delivery !== null &&
    delivery.postcode === address.postcode &&
    delivery.lines.join(' ').toLowerCase() === address.lines.join(' ').toLowerCase()
  return {
    kind: client.kind,
    name: client.name.trim(),
    company: business ? client.company.trim() : '',
    siren: business ? (extras.siren ?? null) : null,
    vatNumber: business ? (extras.vatNumber ?? null) : null,
    address,
    deliveryAddress: sameAsBilling ? null : delivery,
    email: client.email.trim(),
    ...(extras.publicBuyer === undefined ? {} : { publicBuyer: extras.publicBuyer })
  }
}
