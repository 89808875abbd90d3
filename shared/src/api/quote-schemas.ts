// The quote routes' contract (`/api/quotes…`): request and response schemas, built from the model's
// constants so the API accepts exactly what the editor can produce. The gateway validates with
// them; the model's types (quote.ts) and the web's API client are their `Static<>`.
import { Type, type Static, type TInteger } from '@sinclair/typebox'
import { VAT_RATES_BP } from '../money.js'
import { CLIENT_KINDS, LIMITS, QUOTE_DEFAULTS, QUOTE_LIST_FILTERS, QUOTE_STATUSES, TEXT_LIMITS, UNITS } from '../quote-constants.js'
import { binaryFile, isoDate, literals, nullable, text } from './schema-parts.js'

const lineId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })

/** A line of work or supplies: what is counted in the totals. */
export const QuoteLineSchema = Type.Object(
  {
    id: lineId,
    description: text(TEXT_LIMITS.description),
    quantityMilli: Type.Integer({ minimum: 1, maximum: LIMITS.maxQuantityMilli }),
    unit: literals(UNITS),
    unitPriceCents: Type.Integer({ minimum: 0, maximum: LIMITS.maxUnitPriceCents }),
    vatRateBp: literals(VAT_RATES_BP),
    discountBp: Type.Integer({ minimum: 0, maximum: 10_000 }),
    /** A discount as an amount instead (quote-totals.ts): absent in quotes from before it, which read as none. */
    discountCents: Type.Optional(Type.Integer({ minimum: 0, maximum: LIMITS.maxDiscountCents }))
  },
  { additionalProperties: false }
)

/**
 * A section heading (« Lot 1 — Plomberie »): the lines after it, up to the next section, make
 * its subtotal HT (quote-sections.ts). It carries no amount; totals and VAT are unchanged by it.
 */
export const QuoteSectionSchema = Type.Object(
  {
    id: lineId,
    kind: Type.Literal('section'),
    title: text(TEXT_LIMITS.short)
  },
  { additionalProperties: false }
)

/**
 * A row of `lines`: a section when it says `kind: "section"`, a line of work otherwise (quotes
 * from before sections have no `kind`). An if/then/else rather than a union: only the branch that
 * applies is checked, so the validator's removal of unknown properties never strips a section's
 * `kind` and `title` while trying it as a line of work, and a refusal names that branch's fields.
 */
export const QuoteContentLineSchema = Type.Unsafe<Static<typeof QuoteLineSchema> | Static<typeof QuoteSectionSchema>>({
  if: { type: 'object', required: ['kind'], properties: { kind: { const: 'section' } } },
  then: QuoteSectionSchema,
  else: QuoteLineSchema
})

export const QuoteClientSchema = Type.Object(
  {
    kind: literals(CLIENT_KINDS),
    name: text(TEXT_LIMITS.short),
    company: text(TEXT_LIMITS.short),
    email: text(TEXT_LIMITS.short),
    phone: text(40),
    address: text(TEXT_LIMITS.address)
  },
  { additionalProperties: false }
)

export const QuoteContentSchema = Type.Object(
  {
    client: QuoteClientSchema,
    siteAddress: text(TEXT_LIMITS.address),
    title: text(TEXT_LIMITS.short),
    issueDate: isoDate,
    validityDays: Type.Integer({ minimum: 1, maximum: QUOTE_DEFAULTS.maxValidityDays }),
    workStartDate: Type.Union([isoDate, Type.Null()]),
    workDuration: text(TEXT_LIMITS.short),
    lines: Type.Array(QuoteContentLineSchema, { maxItems: TEXT_LIMITS.lineCount }),
    depositBp: Type.Integer({ minimum: 0, maximum: 10_000 }),
    paymentTerms: text(TEXT_LIMITS.long),
    conditions: text(TEXT_LIMITS.long),
    notes: text(TEXT_LIMITS.long),
    buildingTrade: Type.Boolean(),
    requireEmailCode: Type.Boolean(),
    /** The saved client picked in the editor (`/api/clients`), absent when none: their page lists the quote. */
    savedClientId: Type.Optional(Type.String({ maxLength: 64 }))
  },
  { additionalProperties: false }
)

export const VatLineSchema = Type.Object({ rateBp: literals(VAT_RATES_BP), baseHtCents: Type.Integer(), vatCents: Type.Integer() })
export const QuoteTotalsSchema = Type.Object({
  /** HT of each line, in the lines' order; 0 for a section heading. */
  lineHtCents: Type.Array(Type.Integer()),
  totalHtCents: Type.Integer(),
  vat: Type.Array(VatLineSchema),
  totalVatCents: Type.Integer(),
  totalTtcCents: Type.Integer(),
  depositCents: Type.Integer()
})

export const QuoteStatusSchema = literals(QUOTE_STATUSES)

export const QuoteSchema = Type.Composite([
  QuoteContentSchema,
  Type.Object({
    id: Type.String(),
    number: nullable(Type.String()),
    status: QuoteStatusSchema,
    franchiseEnBase: Type.Boolean(),
    totals: QuoteTotalsSchema,
    version: Type.Integer(),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    sentAt: nullable(Type.String()),
    expiresOn: nullable(Type.String()),
    replacedBy: nullable(Type.String())
  })
])

export const QuoteSummarySchema = Type.Object({
  id: Type.String(),
  number: nullable(Type.String()),
  status: QuoteStatusSchema,
  title: Type.String(),
  clientName: Type.String(),
  totalTtcCents: Type.Integer(),
  issueDate: Type.String(),
  expiresOn: nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  sentAt: nullable(Type.String())
})

export const QuoteBody = Type.Object({ quote: QuoteSchema })
export const QuoteIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) })

/** Quotes per page of the list (the API's default; `limit` asks for up to 100). */
export const QUOTE_LIST_PAGE_SIZE = 50
export const QuoteListQuery = Type.Object({
  status: Type.Optional(literals(QUOTE_LIST_FILTERS)),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  /** The previous page's `nextCursor`. */
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 }))
})
/** How many quotes the search matches, in all and per filter (whatever the status filter). */
const statusCounts = Object.fromEntries(QUOTE_LIST_FILTERS.map((status) => [status, Type.Integer()])) as Record<
  (typeof QUOTE_LIST_FILTERS)[number],
  TInteger
>
export const QuoteCountsSchema = Type.Object({ all: Type.Integer(), ...statusCounts })
export type QuoteCounts = Static<typeof QuoteCountsSchema>
export const QuoteListBody = Type.Object({
  quotes: Type.Array(QuoteSummarySchema),
  /** Null on the last page. */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
  counts: QuoteCountsSchema
})
/** « Nouveau devis » sends nothing; a duplicate or an import may send part of the content. */
export const CreateQuoteBody = Type.Object({ content: Type.Optional(Type.Partial(QuoteContentSchema)) }, { additionalProperties: false })
/** `version` is the one the editor last read: a stale save is refused instead of overwriting. */
export const UpdateQuoteBody = Type.Object(
  { version: Type.Integer({ minimum: 1 }), content: QuoteContentSchema },
  { additionalProperties: false }
)

export const QuoteEventSchema = Type.Object({
  type: Type.String(),
  occurredAt: Type.String(),
  label: Type.String(),
  /** What the client wrote with it: the reason of a decline. */
  detail: Type.Optional(Type.String()),
  /** Who signed, as they wrote their name (signed events): the quote's header says « Signé le … par … ». */
  signerName: Type.Optional(Type.String())
})
export const QuoteEventsBody = Type.Object({ events: Type.Array(QuoteEventSchema) })

export const SentQuoteBody = Type.Object({ quote: QuoteSchema, signingUrl: Type.String() })
export const RemindedBody = Type.Object({ reminded: Type.Boolean() })
export const RevokedLinksBody = Type.Object({ revoked: Type.Integer() })
export const QuotePdfFile = binaryFile('application/pdf')
