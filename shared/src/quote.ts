// The quote as the API, the editor and the PDF see it. Amounts are integers (see quote-totals).
// Its types are those of the API's schemas (api/quote-schemas.ts): written once, checked at runtime
// by the gateway and at compile time everywhere.
import type { Static } from '@sinclair/typebox'
import type {
  QuoteClientSchema,
  QuoteContentSchema,
  QuoteLineSchema,
  QuoteSchema,
  QuoteSectionSchema,
  QuoteSummarySchema
} from './api/quote-schemas.js'

export {
  QUOTE_STATUSES,
  type QuoteStatus,
  QUOTE_STATUS_LABELS,
  AWAITING_STATUSES,
  isAwaitingClient,
  QUOTE_LIST_FILTERS,
  type QuoteListFilter,
  QUOTE_LIST_FILTER_LABELS,
  UNITS,
  type Unit,
  UNIT_LABELS,
  CLIENT_KINDS,
  type ClientKind,
  QUOTE_DEFAULTS,
  TEXT_LIMITS
} from './quote-constants.js'

/** One line of the quote: `id` is chosen by the editor, so reordering keeps each line's identity. */
export type QuoteLine = Static<typeof QuoteLineSchema>

/** A section heading among the lines (« Lot 1 — Plomberie »), with no amount of its own. */
export type QuoteSection = Static<typeof QuoteSectionSchema>

/** What the quote's `lines` hold: lines of work, and optional section headings between them. */
export type QuoteContentLine = QuoteLine | QuoteSection

export function isSection(line: QuoteContentLine): line is QuoteSection {
  return 'kind' in line && line.kind === 'section'
}

export type QuoteClient = Static<typeof QuoteClientSchema>

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

/**
 * What the professional edits. `siteAddress` is empty when the work site is the client's address;
 * `buildingTrade` puts the pre-work mention on the PDF and the signing page; `requireEmailCode`
 * asks the signer for a code sent by e-mail (plans that have it).
 */
export type QuoteContent = Static<typeof QuoteContentSchema>

/** A row of the quote list; `expiresOn` is the last day it can be signed (null for drafts). */
export type QuoteSummary = Static<typeof QuoteSummarySchema>

/**
 * A quote as the API answers it. `franchiseEnBase` (no VAT) is copied from the profile and frozen
 * at sending; `replacedBy` is the draft that replaced it after « modifier ».
 */
export type Quote = Static<typeof QuoteSchema>

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
