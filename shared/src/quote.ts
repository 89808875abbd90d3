// The quote as the API, the editor and the PDF see it. Amounts are integers (see quote-totals).
import type { VatRateBp } from './money.js'
import type { QuoteTotals } from './quote-totals.js'

export const QUOTE_STATUSES = ['draft', 'sent', 'viewed', 'signed', 'declined', 'expired', 'cancelled'] as const
export type QuoteStatus = (typeof QUOTE_STATUSES)[number]

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Brouillon',
  sent: 'Envoyé',
  viewed: 'Consulté',
  signed: 'Signé',
  declined: 'Refusé',
  expired: 'Expiré',
  cancelled: 'Annulé'
}

/** Statuses in which the client can still sign or decline. */
export function isAwaitingClient(status: QuoteStatus): boolean {
  return status === 'sent' || status === 'viewed'
}

export const UNITS = ['u', 'h', 'jour', 'm', 'm²', 'm³', 'kg', 'forfait'] as const
export type Unit = (typeof UNITS)[number]

export const UNIT_LABELS: Record<Unit, string> = {
  u: 'unité',
  h: 'heure',
  jour: 'jour',
  m: 'mètre',
  'm²': 'mètre carré',
  'm³': 'mètre cube',
  kg: 'kilogramme',
  forfait: 'forfait'
}

export const CLIENT_KINDS = ['individual', 'business'] as const
export type ClientKind = (typeof CLIENT_KINDS)[number]

export const QUOTE_DEFAULTS = { validityDays: 30, maxValidityDays: 365 } as const

/** Text limits, shared by the API schemas and the form fields. */
export const TEXT_LIMITS = {
  short: 120,
  address: 300,
  description: 2000,
  long: 4000,
  lineCount: 200
} as const

export interface QuoteLine {
  /** Stable id chosen by the editor, so reordering keeps each line's identity. */
  id: string
  description: string
  quantityMilli: number
  unit: Unit
  unitPriceCents: number
  vatRateBp: VatRateBp
  discountBp: number
}

export interface QuoteClient {
  kind: ClientKind
  name: string
  company: string
  email: string
  phone: string
  address: string
}

/**
 * How the quote names its client to the professional (quote list, « refusé par … », « adressé
 * à … »): the company for a business client that gave one, else the person.
 */
export function clientDisplayName(client: Pick<QuoteClient, 'kind' | 'name' | 'company'>): string {
  const company = client.company.trim()
  const name = client.name.trim()
  return client.kind === 'business' && company !== '' ? company : name || company
}

/** Whom the e-mails to the client greet (« Bonjour … ,»): the person, else the company. */
export function clientSalutation(client: Pick<QuoteClient, 'name' | 'company'>): string {
  return client.name.trim() || client.company.trim()
}

/** What the professional edits. */
export interface QuoteContent {
  client: QuoteClient
  /** Work-site address when it differs from the client's; empty otherwise. */
  siteAddress: string
  title: string
  /** ISO date (YYYY-MM-DD). */
  issueDate: string
  validityDays: number
  workStartDate: string | null
  workDuration: string
  lines: QuoteLine[]
  depositBp: number
  paymentTerms: string
  conditions: string
  notes: string
  /** Building or repair work: the PDF and the signing page carry the pre-work mention. */
  buildingTrade: boolean
  /** The signer must enter a code sent by e-mail (plans that have it). */
  requireEmailCode: boolean
}

export interface QuoteSummary {
  id: string
  number: string | null
  status: QuoteStatus
  title: string
  clientName: string
  totalTtcCents: number
  issueDate: string
  /** Last day the quote can be signed (ISO date); null for drafts. */
  expiresOn: string | null
  createdAt: string
  updatedAt: string
  sentAt: string | null
}

export interface Quote extends QuoteContent {
  id: string
  number: string | null
  status: QuoteStatus
  /** Under the franchise en base no VAT applies (copied from the profile, frozen at sending). */
  franchiseEnBase: boolean
  totals: QuoteTotals
  version: number
  createdAt: string
  updatedAt: string
  sentAt: string | null
  expiresOn: string | null
  /** The draft that replaced this quote after "modifier", if any. */
  replacedBy: string | null
}

/** `DEV-2026-0007`: sequential per account and year, given at first sending. */
export function formatQuoteNumber(year: number, sequence: number): string {
  return `DEV-${year}-${String(sequence).padStart(4, '0')}`
}

/** Last day of validity (inclusive): issue date + validity days. */
export function expiryDate(issueDate: string, validityDays: number): string {
  const date = new Date(`${issueDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + validityDays)
  return date.toISOString().slice(0, 10)
}
