// The invoices' contract: the workspace's routes (`/api/invoices`) and the public API's
// (`/api/v1/invoices`) share it. A draft holds what the professional asked for (kind, share of the
// quote, client's SIREN…); issuing builds the frozen InvoiceDocument from it, gives the number
// and makes the Factur-X files. Whether an invoice is paid, partly paid or overdue is computed
// from its payments and due date at each read, never stored on the frozen invoice.
import { Type, type Static } from '@sinclair/typebox'
import { DEPOSIT_DEDUCTION_MODES, InvoiceDocumentSchema, INVOICE_KINDS, OPERATION_NATURES } from '../invoices/invoice-document.js'
import { VAT_RATES_BP } from '../money.js'
import { CLIENT_KINDS, TEXT_LIMITS, UNITS } from '../quote.js'
import { binaryFile, isoDate, literals, nullable, text } from './schema-parts.js'

export const INVOICE_STATUSES = ['draft', 'issued'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

/** Derived at each read: `credited` when credit notes cancel what was left to pay. */
export const INVOICE_PAYMENT_STATUSES = ['unpaid', 'partly_paid', 'paid', 'overdue', 'credited'] as const
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number]

export const INVOICE_PAYMENT_STATUS_LABELS: Record<InvoicePaymentStatus, string> = {
  unpaid: 'À encaisser',
  partly_paid: 'Partiellement payée',
  paid: 'Payée',
  overdue: 'En retard',
  credited: 'Annulée par avoir'
}

export const PAYMENT_MEANS = ['transfer', 'check', 'card', 'cash', 'direct_debit', 'other'] as const
export type PaymentMeans = (typeof PAYMENT_MEANS)[number]

export const PAYMENT_MEANS_LABELS: Record<PaymentMeans, string> = {
  transfer: 'Virement',
  check: 'Chèque',
  card: 'Carte bancaire',
  cash: 'Espèces',
  direct_debit: 'Prélèvement',
  other: 'Autre'
}

/** Longest payment delay between professionals (Code de commerce L441-10): 60 days after issue. */
export const MAX_PAYMENT_DAYS = 60
/** Retenue de garantie: 5 % at most (loi n° 71-584). */
export const MAX_RETENTION_BP = 500

const id = Type.String({ minLength: 1, maxLength: 64 })
const cents = Type.Integer({ minimum: 1, maximum: 10_000_000_000_000 })
const basisPoints = Type.Integer({ minimum: 1, maximum: 10_000 })

/** A line typed by hand: an invoice without a quote, or a partial credit note line by line. */
export const InvoiceInputLineSchema = Type.Object(
  {
    description: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.description }),
    quantityMilli: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
    unit: Type.Optional(literals(UNITS)),
    unitPriceCents: Type.Integer({ minimum: 0, maximum: 10_000_000_000 }),
    vatRateBp: literals(VAT_RATES_BP),
    discountBp: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 }))
  },
  { additionalProperties: false }
)
export type InvoiceInputLine = Static<typeof InvoiceInputLineSchema>

/** The client of an invoice without a quote; `address` is written as on an envelope (postcode and city on one line). */
export const InvoiceInputClientSchema = Type.Object(
  {
    kind: literals(CLIENT_KINDS),
    name: text(TEXT_LIMITS.short),
    company: Type.Optional(text(TEXT_LIMITS.short)),
    email: Type.Optional(text(TEXT_LIMITS.short)),
    address: Type.String({ minLength: 1, maxLength: TEXT_LIMITS.address })
  },
  { additionalProperties: false }
)
export type InvoiceInputClient = Static<typeof InvoiceInputClientSchema>

/** Per-line progress of a situation: the quote line's id and its cumulative percentage now. */
export const ProgressLineInputSchema = Type.Object(
  { lineId: id, cumulativeBp: Type.Integer({ minimum: 0, maximum: 10_000 }) },
  { additionalProperties: false }
)

/**
 * What the professional asks for. By kind:
 *  - `deposit`: `quoteId`, and `depositBp` (else the quote's deposit percentage) or `depositAmountCents` (TTC);
 *  - `progress`: `quoteId`, and `progressBp` (the whole quote, cumulative) or `progressLines`; after a
 *    deposit, `depositDeduction` (`proportional` by default, or `first`);
 *  - `final`: `quoteId` (what the quote leaves after deposits and situations);
 *  - `credit_note`: `correctsInvoiceId`, the whole invoice or `creditAmountCents` (TTC);
 *  - `standard`: `client` and `lines`, no quote.
 * `clientSiren` is required for a business client (a mandatory mention since the reform).
 */
export const InvoiceRequestSchema = Type.Object(
  {
    kind: literals(INVOICE_KINDS),
    quoteId: Type.Optional(id),
    correctsInvoiceId: Type.Optional(id),
    depositBp: Type.Optional(basisPoints),
    depositAmountCents: Type.Optional(cents),
    progressBp: Type.Optional(basisPoints),
    progressLines: Type.Optional(Type.Array(ProgressLineInputSchema, { minItems: 1, maxItems: TEXT_LIMITS.lineCount })),
    /** A situation after a deposit: how the deposit comes off (at the first situation; later ones keep it). */
    depositDeduction: Type.Optional(literals(DEPOSIT_DEDUCTION_MODES)),
    creditAmountCents: Type.Optional(cents),
    client: Type.Optional(InvoiceInputClientSchema),
    lines: Type.Optional(Type.Array(InvoiceInputLineSchema, { minItems: 1, maxItems: TEXT_LIMITS.lineCount })),
    title: Type.Optional(text(TEXT_LIMITS.short)),
    clientSiren: Type.Optional(Type.String({ pattern: '^\\d{9}$' })),
    clientVatNumber: Type.Optional(Type.String({ pattern: '^[A-Z]{2}[A-Z0-9]{2,13}$' })),
    /** Retenue de garantie on a situation or the final invoice (500 = 5 %). */
    retentionBp: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_RETENTION_BP })),
    operation: Type.Optional(literals(OPERATION_NATURES)),
    /** Construction sub-contracting: the buyer pays the VAT (art. 283-2 nonies du CGI). */
    reverseCharge: Type.Optional(Type.Boolean()),
    vatOnDebits: Type.Optional(Type.Boolean()),
    /** Date of the sale or of the end of the service, when not the issue date. */
    saleDate: Type.Optional(isoDate),
    /** Days from issue to the due date (0: payable on receipt). */
    paymentDays: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAYMENT_DAYS })),
    paymentTerms: Type.Optional(text(TEXT_LIMITS.long)),
    buyerReference: Type.Optional(text(TEXT_LIMITS.short))
  },
  { additionalProperties: false }
)
export type InvoiceRequest = Static<typeof InvoiceRequestSchema>

/** Why a payment line moves money back (a refund, a card dispute's withdrawal) or again (the dispute's reinstatement). */
export const PAYMENT_REASONS = ['refund', 'dispute_withdrawn', 'dispute_reinstated'] as const
export type PaymentReason = (typeof PAYMENT_REASONS)[number]

export const InvoicePaymentSchema = Type.Object({
  id: Type.String(),
  amountCents: Type.Integer(),
  paidOn: isoDate,
  means: literals(PAYMENT_MEANS),
  note: Type.String(),
  reversesPaymentId: nullable(Type.String()),
  /** Why a line moves money back or again: a refund, a dispute's withdrawal or its reinstatement; null for a payment. */
  reason: nullable(literals(PAYMENT_REASONS)),
  recordedAt: Type.String()
})
export type InvoicePayment = Static<typeof InvoicePaymentSchema>

export const RecordPaymentBody = Type.Object(
  {
    amountCents: cents,
    paidOn: isoDate,
    means: literals(PAYMENT_MEANS),
    note: Type.Optional(text(300))
  },
  { additionalProperties: false }
)
export type NewPayment = Static<typeof RecordPaymentBody>

export const InvoiceEventSchema = Type.Object({
  type: Type.String(),
  source: literals(['paraphe', 'platform'] as const),
  lifecycleCode: nullable(Type.Integer()),
  occurredAt: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown())
})
export type InvoiceEvent = Static<typeof InvoiceEventSchema>

/** A row of the invoice list. Amounts TTC; `remainingCents` is what the client still owes (0 for a credit note). */
export const InvoiceSummarySchema = Type.Object({
  id: Type.String(),
  number: nullable(Type.String()),
  kind: literals(INVOICE_KINDS),
  status: literals(INVOICE_STATUSES),
  /** Null for a draft and for a credit note. */
  paymentStatus: nullable(literals(INVOICE_PAYMENT_STATUSES)),
  clientName: Type.String(),
  quoteId: nullable(Type.String()),
  correctsInvoiceId: nullable(Type.String()),
  issueDate: nullable(isoDate),
  dueDate: nullable(isoDate),
  totalHtCents: Type.Integer(),
  totalTtcCents: Type.Integer(),
  /** What the invoice asks the client to transfer now (TTC less the retenue de garantie). */
  amountDueCents: Type.Integer(),
  paidCents: Type.Integer(),
  creditedCents: Type.Integer(),
  remainingCents: Type.Integer(),
  /** The Factur-X PDF is stored: rendered seconds after the number (false for a draft, and meanwhile). */
  pdfReady: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String()
})
export type InvoiceSummary = Static<typeof InvoiceSummarySchema>

/**
 * One invoice: the request it was made from, the document (a preview numbered `BROUILLON` for a
 * draft, the frozen one once issued), payments, events and its link in the company's chain.
 */
export const InvoiceSchema = Type.Composite([
  InvoiceSummarySchema,
  Type.Object({
    request: InvoiceRequestSchema,
    /** Null only for a draft that cannot be issued as it stands (`draftProblem` says why). */
    document: nullable(InvoiceDocumentSchema),
    draftProblem: nullable(Type.String()),
    version: Type.Integer(),
    payments: Type.Array(InvoicePaymentSchema),
    events: Type.Array(InvoiceEventSchema),
    sha256: nullable(Type.String()),
    previousSha256: nullable(Type.String())
  })
])
export type Invoice = Static<typeof InvoiceSchema>

export const InvoiceListQuery = Type.Object(
  {
    quoteId: Type.Optional(id),
    status: Type.Optional(literals([...INVOICE_STATUSES, ...INVOICE_PAYMENT_STATUSES] as const)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    /** The last row of the previous page (`number` order, newest first; drafts first). */
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 }))
  },
  { additionalProperties: false }
)
export type InvoiceListFilter = Static<typeof InvoiceListQuery>

/** How many invoices of the list's scope (its quote, if one is named) have each status, whatever the page and the status filter. */
export const InvoiceCountsSchema = Type.Object({
  draft: Type.Integer(),
  issued: Type.Integer(),
  unpaid: Type.Integer(),
  partly_paid: Type.Integer(),
  paid: Type.Integer(),
  overdue: Type.Integer(),
  credited: Type.Integer()
})
export type InvoiceCounts = Static<typeof InvoiceCountsSchema>

export const InvoiceListBody = Type.Object({
  invoices: Type.Array(InvoiceSummarySchema),
  /** Invoices the filter matches, on every page. */
  total: Type.Integer(),
  counts: InvoiceCountsSchema
})
export type InvoiceList = Static<typeof InvoiceListBody>

/** What a signed quote has been invoiced so far, for its « Facturer » buttons. */
export const QuoteInvoicingSchema = Type.Object({
  quoteId: Type.String(),
  quoteTotalTtcCents: Type.Integer(),
  depositBp: Type.Integer(),
  /** Issued deposit and progress invoices, TTC. */
  invoicedTtcCents: Type.Integer(),
  /** Cumulative percentage of the last situation (0 without one). */
  progressBp: Type.Integer(),
  finalIssued: Type.Boolean(),
  /** How the situations take back the deposits, as the first situation chose; null before it. */
  depositDeduction: nullable(literals(DEPOSIT_DEDUCTION_MODES)),
  /** Issued deposit invoices, TTC, and what situations have taken back of them so far. */
  depositsTtcCents: Type.Integer(),
  depositTakenBackTtcCents: Type.Integer(),
  invoices: Type.Array(InvoiceSummarySchema)
})
export type QuoteInvoicing = Static<typeof QuoteInvoicingSchema>

export const InvoiceIdParams = Type.Object({ id })
export const QuoteIdParams = Type.Object({ quoteId: id })

/** `version` guards a draft's edit against another tab's. */
export const UpdateInvoiceDraftBody = Type.Object(
  { version: Type.Integer({ minimum: 1 }), request: InvoiceRequestSchema },
  { additionalProperties: false }
)

export const InvoiceBody = Type.Object({ invoice: InvoiceSchema })
export const InvoiceDraftBody = Type.Object({ request: InvoiceRequestSchema }, { additionalProperties: false })
export const InvoicingBody = Type.Object({ invoicing: QuoteInvoicingSchema })

/** A credit note on an invoice: the whole of it, or an amount TTC; `issue` issues it at once. */
export const CreditNoteBody = Type.Object(
  { creditAmountCents: Type.Optional(cents), issue: Type.Optional(Type.Boolean()) },
  { additionalProperties: false }
)

/** The public API's creation: the request, and `issue` to issue it in the same call. */
export const V1CreateInvoiceBody = Type.Composite([InvoiceRequestSchema, Type.Object({ issue: Type.Optional(Type.Boolean()) })], {
  additionalProperties: false
})

/** The Factur-X PDF/A-3 (the XML inside as factur-x.xml) and the CII XML alone. */
export const InvoicePdfFile = binaryFile('application/pdf')
export const InvoiceXmlFile = binaryFile('application/xml')
