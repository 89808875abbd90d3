// Request and response schemas of the quote routes, built from the shared model's constants so
// the API accepts exactly what the editor can produce.
import { Type, type TSchema } from '@sinclair/typebox'
import { VAT_RATES_BP } from '@paraphe/shared/money'
import { CLIENT_KINDS, QUOTE_DEFAULTS, QUOTE_STATUSES, TEXT_LIMITS, UNITS } from '@paraphe/shared/quote'
import { LIMITS } from '@paraphe/shared/quote-totals'

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const text = (maxLength: number) => Type.String({ maxLength })
const isoDate = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$' })

export const QuoteLineSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    description: text(TEXT_LIMITS.description),
    quantityMilli: Type.Integer({ minimum: 1, maximum: LIMITS.maxQuantityMilli }),
    unit: literals(UNITS),
    unitPriceCents: Type.Integer({ minimum: 0, maximum: LIMITS.maxUnitPriceCents }),
    vatRateBp: literals(VAT_RATES_BP),
    discountBp: Type.Integer({ minimum: 0, maximum: 10_000 })
  },
  { additionalProperties: false }
)

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
    lines: Type.Array(QuoteLineSchema, { maxItems: TEXT_LIMITS.lineCount }),
    depositBp: Type.Integer({ minimum: 0, maximum: 10_000 }),
    paymentTerms: text(TEXT_LIMITS.long),
    conditions: text(TEXT_LIMITS.long),
    notes: text(TEXT_LIMITS.long),
    buildingTrade: Type.Boolean(),
    requireEmailCode: Type.Boolean()
  },
  { additionalProperties: false }
)

const VatLineSchema = Type.Object({ rateBp: Type.Integer(), baseHtCents: Type.Integer(), vatCents: Type.Integer() })
export const QuoteTotalsSchema = Type.Object({
  lineHtCents: Type.Array(Type.Integer()),
  totalHtCents: Type.Integer(),
  vat: Type.Array(VatLineSchema),
  totalVatCents: Type.Integer(),
  totalTtcCents: Type.Integer(),
  depositCents: Type.Integer()
})

const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()])
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
