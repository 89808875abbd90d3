// Saved clients: the people and companies a professional quotes again and again, kept once with
// their addresses and contact details, picked in the quote editor to fill its client section.
// The kinds and the display name are the quote client's (quote.ts): one rule for both. The rules
// and their French messages live here for the page, the editor and the gateway.
import { normaliseSiret, siretProblem } from './company.js'
import { isEmailAddress } from './email.js'
import { serviceCodeProblem } from './public-buyer.js'
import { holdsNul, NUL_CHARACTER_MESSAGE } from './storable-text.js'
import { clientDisplayName, CLIENT_KINDS, TEXT_LIMITS, type ClientKind, type QuoteClient } from './quote.js'

export const SAVED_CLIENT_LIMITS = {
  name: TEXT_LIMITS.short,
  company: TEXT_LIMITS.short,
  email: TEXT_LIMITS.short,
  phone: 40,
  address: TEXT_LIMITS.address,
  siret: 30,
  notes: TEXT_LIMITS.long,
  /** Per company: an address book, not a database dump. */
  count: 10_000
} as const

export interface SavedClientInput {
  kind: ClientKind
  name: string
  company: string
  email: string
  phone: string
  /** The billing address. */
  address: string
  /** The work site when it is not the billing address; empty otherwise. */
  siteAddress: string
  /** Businesses only, optional; stored as its 14 digits. */
  siret: string
  notes: string
  /** « Acheteur public (Chorus Pro) »: a business with its SIRET, invoiced through Chorus Pro. Absent: no. */
  publicBuyer?: boolean
  /** The public buyer's « code service », when it gives one; empty otherwise. */
  serviceCode?: string
}

export type SavedClientProblems = Partial<Record<keyof SavedClientInput, string>>

export const EMPTY_SAVED_CLIENT: SavedClientInput = {
  kind: 'individual',
  name: '',
  company: '',
  email: '',
  phone: '',
  address: '',
  siteAddress: '',
  siret: '',
  notes: '',
  publicBuyer: false,
  serviceCode: ''
}

const TEXT_FIELDS = ['name', 'company', 'email', 'phone', 'address', 'siteAddress', 'siret', 'notes'] as const
const LIMIT_OF: Record<(typeof TEXT_FIELDS)[number], number> = { ...SAVED_CLIENT_LIMITS, siteAddress: SAVED_CLIENT_LIMITS.address }

/** The input trimmed (the SIRET as its digits), or what is wrong with each field, in French. */
export function checkSavedClient(
  input: SavedClientInput
): { ok: true; client: SavedClientInput } | { ok: false; problems: SavedClientProblems } {
  const client: SavedClientInput = { ...input }
  for (const field of TEXT_FIELDS) client[field] = input[field].trim()
  const problems: SavedClientProblems = {}
  for (const field of TEXT_FIELDS) {
    if (client[field].length > LIMIT_OF[field]) problems[field] = `Au plus ${LIMIT_OF[field]} caractères.`
    else if (holdsNul(client[field])) problems[field] = NUL_CHARACTER_MESSAGE
  }
  if (!(CLIENT_KINDS as readonly string[]).includes(client.kind)) problems.kind = 'Choisissez particulier ou professionnel.'
  if (client.kind === 'business') {
    if (client.company === '') problems.company ??= 'Indiquez le nom de la société.'
  } else if (client.name === '') problems.name ??= 'Indiquez le nom du client.'
  if (client.email !== '' && !isEmailAddress(client.email))
    problems.email ??= 'Cette adresse e-mail ne semble pas valide (exemple : nom@domaine.fr).'
  if (client.siret !== '') {
    if (client.kind !== 'business') problems.siret ??= 'Seul un client professionnel a un SIRET.'
    else {
      const problem = siretProblem(client.siret)
      if (problem !== null) problems.siret ??= problem
      else client.siret = normaliseSiret(client.siret)
    }
  }
  client.publicBuyer = input.publicBuyer === true
  client.serviceCode = client.publicBuyer ? (input.serviceCode ?? '').trim() : ''
  if (client.publicBuyer) {
    if (client.kind !== 'business') problems.publicBuyer = 'Un acheteur public est un client professionnel.'
    else if (client.siret === '' && problems.siret === undefined)
      problems.siret = 'Le SIRET de l’acheteur public est obligatoire : Chorus Pro l’identifie par ce numéro.'
    const serviceProblem = serviceCodeProblem(client.serviceCode)
    if (serviceProblem !== null) problems.serviceCode = serviceProblem
  }
  return Object.keys(problems).length === 0 ? { ok: true, client } : { ok: false, problems }
}

/** The name a saved client goes by in lists: the company for a business, else the person. */
export function savedClientName(client: Pick<SavedClientInput, 'kind' | 'name' | 'company'>): string {
  return clientDisplayName(client)
}

/** What a pick in the quote editor copies: the quote's client section (the quote keeps its own copy). */
export function quoteClientOf(client: SavedClientInput): QuoteClient {
  return {
    kind: client.kind,
    name: client.name,
    company: client.company,
    email: client.email,
    phone: client.phone,
    address: client.address
  }
}

/** The quote's client (and its work site) as a saved client: « Enregistrer ce client » in the editor. */
export function savedClientOfQuote(client: QuoteClient, siteAddress: string): SavedClientInput {
  return {
    kind: client.kind,
    name: client.name,
    company: client.company,
    email: client.email,
    phone: client.phone,
    address: client.address,
    siteAddress,
    siret: '',
    notes: '',
    publicBuyer: false,
    serviceCode: ''
  }
}
