// The quote's fixed vocabulary and bounds: statuses, units, client kinds, text and amount limits.
// Apart from quote.ts and quote-totals.ts (which re-export them) so that the API's schemas, built
// from these bounds, and the types built from those schemas do not import each other.

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
export const AWAITING_STATUSES = ['sent', 'viewed'] as const satisfies readonly QuoteStatus[]

export function isAwaitingClient(status: QuoteStatus): boolean {
  return (AWAITING_STATUSES as readonly QuoteStatus[]).includes(status)
}

/** What the quotes list filters on: a status, or `awaiting` (sent or opened, not answered yet). */
export const QUOTE_LIST_FILTERS = ['awaiting', ...QUOTE_STATUSES] as const
export type QuoteListFilter = (typeof QUOTE_LIST_FILTERS)[number]
export const QUOTE_LIST_FILTER_LABELS: Record<QuoteListFilter, string> = { awaiting: 'En attente de signature', ...QUOTE_STATUS_LABELS }

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

/** Upper bounds that keep every total a safe integer (and catch typing slips). */
export const LIMITS = {
  maxQuantityMilli: 1_000_000_000, // 1 000 000 units
  maxUnitPriceCents: 10_000_000_000, // 100 000 000 €
  // An amount discount is bounded like a price: a larger one would exceed any line it could apply to.
  maxDiscountCents: 10_000_000_000,
  maxLines: 500
} as const
