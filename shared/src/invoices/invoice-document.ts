// The content of an invoice as issued: frozen at issuing, then rendered as the PDF and the
// Factur-X XML (gateway/src/invoices/facturx/) and never recomputed from the quote or the profile
// again. Amounts are integer cents, quantities thousandths, rates and percentages basis points
// (as in quote-totals.ts); the totals are invoice-totals.ts's, computed from this content alone.
//
// Where each field goes in EN 16931 (CII, Factur-X EN 16931 profile):
//   kind                     BT-3 type code (386 deposit, 381 credit note, 380 otherwise)
//   operation + deductions   BT-23 « cadre de facturation » B1/S1/M1; B4/S4/M4 after a deposit (billingFrameworkCode)
//   number, issueDate        BT-1, BT-2          dueDate            BT-9
//   saleDate                 BT-72 actual delivery date (date of the sale or the end of the service)
//   currency                 BT-5 (EUR only)
//   seller                   BG-4: name BT-27, siren BT-30 (scheme 0002), siret BT-29 (scheme 0009),
//                            vatNumber BT-31, address BG-5, email BT-43 and BT-34 (electronic address,
//                            scheme 0225 = SIREN, BR-FR-13); legalForm and registration BT-33;
//                            iban/bic BG-17 BT-84/BT-86 (payment means 58, SEPA credit transfer)
//   buyer                    BG-7: name BT-44, siren BT-47 (mandatory for a business, BR-FR-11),
//                            vatNumber BT-48, address BG-8, email BT-58, BT-49 (scheme 0225 or EM)
//   deliveryAddress          BG-15 (only when different from the buyer's address)
//   vatRegime                BT-118 category: S standard, E + VATEX-FR-FRANCHISE (293 B), AE +
//                            VATEX-FR-AE (283-2 nonies); Z for a 0 % line in the standard regime
//   vatOnDebits              BT-8 = 432 (tax point: invoice date) and the mention in a note
//   housingWorkCertification the client's certification, printed and in a note (BT-22)
//   lines                    BG-25: BT-126 id, BT-153 description, BT-129/130 quantity and unit,
//                            BT-146 net price, BG-27 allowance (discount), BT-131 net, BG-30 VAT
//   lines[].progress         a progress line: BT-129 = % invoiced now (unit P1), BT-146 = the
//                            contract amount of the line / 100; the statement is printed
//   deductions               earlier deposit and progress invoices: BG-3 preceding invoice (BT-25,
//                            BT-26) and one negative line per VAT rate (BT-129 = -1)
//   progress                 the statement, printed, and in a note (BT-22)
//   retention                retenue de garantie: printed and in the payment terms (BT-20); the
//                            amount due (BT-115) stays the full TTC (the client owes it; he withholds
//                            part until the release date)
//   creditedInvoice          a credit note's BG-3 (BT-25, BT-26), required by BR-FR-CO-05
//   quoteNumber              BT-12 contract reference (the signed quote is the contract)
//   buyerReference           BT-10
//   paymentTerms             BT-20
//   mentions                 BT-22 notes: PMT (40 € indemnity), PMD (penalties), AAB (discount),
//                            required once each by BR-FR-05/06
import { Type, type Static } from '@sinclair/typebox'
import { isoDate, literals, nullable, text } from '../api/schema-parts.js'
import { VAT_RATES_BP } from '../money.js'
import { CLIENT_KINDS, TEXT_LIMITS, UNITS } from '../quote.js'
import { LIMITS } from '../quote-totals.js'

/** `standard` is an invoice without a quote; `progress` a situation; `final` the solde. */
export const INVOICE_KINDS = ['standard', 'deposit', 'progress', 'final', 'credit_note'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]

/** UNTDID 1001 document type codes (BT-3) the French rules accept (BR-FR-04). */
export const INVOICE_TYPE_CODES: Readonly<Record<InvoiceKind, '380' | '381' | '386'>> = {
  standard: '380',
  deposit: '386',
  progress: '380',
  final: '380',
  credit_note: '381'
}

export const INVOICE_KIND_LABELS: Readonly<Record<InvoiceKind, string>> = {
  standard: 'Facture',
  deposit: 'Facture d’acompte',
  progress: 'Facture de situation',
  final: 'Facture de solde',
  credit_note: 'Avoir'
}

/** Nature of the operation (a mandatory mention, and BT-23's first letter). */
export const OPERATION_NATURES = ['goods', 'services', 'mixed'] as const
export type OperationNature = (typeof OPERATION_NATURES)[number]

export const OPERATION_NATURE_LABELS: Readonly<Record<OperationNature, string>> = {
  goods: 'Livraison de biens',
  services: 'Prestation de services',
  mixed: 'Livraison de biens et prestation de services'
}

/** `franchise`: art. 293 B du CGI, no VAT; `reverse_charge`: construction sub-contracting, art. 283-2 nonies. */
export const VAT_REGIMES = ['standard', 'franchise', 'reverse_charge'] as const
export type VatRegime = (typeof VAT_REGIMES)[number]

/** Longest invoice number the French rules accept (BR-FR-01), in the characters they allow (BR-FR-02). */
export const INVOICE_NUMBER_PATTERN = '^[A-Za-z0-9+_/-]{1,35}$'

const invoiceNumber = Type.String({ pattern: INVOICE_NUMBER_PATTERN })
const amountCents = Type.Integer({ minimum: 0, maximum: LIMITS.maxUnitPriceCents * 1000 })
const basisPoints = Type.Integer({ minimum: 0, maximum: 10_000 })

/** A postal address, structured as the XML needs it (BG-5, BG-8, BG-15); `countryCode` ISO 3166-1 alpha-2. */
export const PostalAddressSchema = Type.Object(
  {
    /** Street lines, at most three (BT-35, BT-36, BT-162). */
    lines: Type.Array(text(TEXT_LIMITS.short), { maxItems: 3 }),
    postcode: text(16),
    city: text(TEXT_LIMITS.short),
    countryCode: Type.String({ pattern: '^[A-Z]{2}$' })
  },
  { additionalProperties: false }
)

export const InvoiceSellerSchema = Type.Object(
  {
    name: text(TEXT_LIMITS.short),
    /** « SAS au capital de 10 000 € » (empty for an entrepreneur individuel). */
    legalForm: text(TEXT_LIMITS.short),
    address: PostalAddressSchema,
    siren: Type.String({ pattern: '^\\d{9}$' }),
    siret: Type.String({ pattern: '^\\d{14}$' }),
    /** « RCS Lyon 123 456 789 » or « RM 69 », as the profile writes it (may be empty). */
    registration: text(TEXT_LIMITS.short),
    /** Null under the franchise en base when the seller has no VAT number. */
    vatNumber: nullable(Type.String({ pattern: '^FR\\d{11}$' })),
    email: text(TEXT_LIMITS.short),
    phone: text(40),
    /** Normalised (no spaces); empty when the profile has none (no QR code then). */
    iban: text(34),
    bic: text(11)
  },
  { additionalProperties: false }
)

export const InvoiceBuyerSchema = Type.Object(
  {
    kind: literals(CLIENT_KINDS),
    /** The person (or, for a business, the contact). */
    name: text(TEXT_LIMITS.short),
    /** The company's name for a business; empty for a private client. */
    company: text(TEXT_LIMITS.short),
    /** Mandatory for a French business buyer (BR-FR-11); null for a private client. */
    siren: nullable(Type.String({ pattern: '^\\d{9}$' })),
    vatNumber: nullable(Type.String({ pattern: '^[A-Z]{2}[A-Z0-9]{2,13}$' })),
    address: PostalAddressSchema,
    /** Where the goods went or the work was done, when not the billing address. */
    deliveryAddress: nullable(PostalAddressSchema),
    email: text(TEXT_LIMITS.short)
  },
  { additionalProperties: false }
)

/** How far a progress line has got: the cumulative percentage now, and what earlier situations invoiced. */
export const LineProgressSchema = Type.Object(
  {
    cumulativeBp: basisPoints,
    previousBp: basisPoints
  },
  { additionalProperties: false }
)

/**
 * One line. Without `progress`, its net is quantity × unit price − discount (a percentage
 * `discountBp`, or an amount `discountCents`, never both). With `progress` (a situation), the
 * same is the line's contract amount, of which `cumulativeBp − previousBp` is invoiced now.
 */
export const InvoiceLineSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    description: text(TEXT_LIMITS.description),
    quantityMilli: Type.Integer({ minimum: 1, maximum: LIMITS.maxQuantityMilli }),
    unit: literals(UNITS),
    unitPriceCents: Type.Integer({ minimum: 0, maximum: LIMITS.maxUnitPriceCents }),
    vatRateBp: literals(VAT_RATES_BP),
    discountBp: basisPoints,
    discountCents: amountCents,
    progress: nullable(LineProgressSchema)
  },
  { additionalProperties: false }
)

/** An amount of an earlier invoice at one VAT rate, as that invoice stated it. */
export const RateAmountSchema = Type.Object(
  { vatRateBp: literals(VAT_RATES_BP), htCents: amountCents, vatCents: amountCents },
  { additionalProperties: false }
)

/** An earlier deposit or progress invoice that this one deducts, by its number. */
export const InvoiceDeductionSchema = Type.Object(
  {
    kind: literals(['deposit', 'progress'] as const),
    number: invoiceNumber,
    issueDate: isoDate,
    /** One entry per VAT rate of that invoice (what it invoiced, HT and VAT). */
    amounts: Type.Array(RateAmountSchema, { minItems: 1, maxItems: VAT_RATES_BP.length })
  },
  { additionalProperties: false }
)

/**
 * How a quote's situations take back its deposits: `proportional` — each situation deducts the
 * deposit in proportion to the work it invoices, so the deposit is used up at 100 %; `first` — the
 * first situations deduct it whole until it is used up. Chosen at the first situation, kept to the
 * last (a situation issued before this choice existed says nothing: proportional).
 */
export const DEPOSIT_DEDUCTION_MODES = ['proportional', 'first'] as const
export type DepositDeductionMode = (typeof DEPOSIT_DEDUCTION_MODES)[number]

export const DEPOSIT_DEDUCTION_LABELS: Readonly<Record<DepositDeductionMode, string>> = {
  proportional: 'au prorata de l’avancement',
  first: 'sur les premières situations, jusqu’à épuisement'
}

/** « Situation n° 3 : cumul 60 %, déjà facturé 40 % » — over the whole contract. */
export const ProgressStatementSchema = Type.Object(
  {
    situationNumber: Type.Integer({ minimum: 1, maximum: 999 }),
    cumulativeBp: basisPoints,
    previousBp: basisPoints,
    depositDeduction: Type.Optional(literals(DEPOSIT_DEDUCTION_MODES))
  },
  { additionalProperties: false }
)

/**
 * The professional's insurance for building work, as the signed quote printed it: Code des
 * assurances L243-2 requires it on the quotes and the invoices of such work.
 */
export const InvoiceInsuranceSchema = Type.Object(
  {
    insurer: text(TEXT_LIMITS.short),
    coverage: text(TEXT_LIMITS.short),
    policy: text(TEXT_LIMITS.short)
  },
  { additionalProperties: false }
)

/** Retenue de garantie (loi n° 71-584): a share of the TTC the client may hold back until `releaseDate`. */
export const RetentionSchema = Type.Object(
  {
    /** At most 5 % by law. */
    rateBp: Type.Integer({ minimum: 1, maximum: 500 }),
    releaseDate: isoDate
  },
  { additionalProperties: false }
)

export const InvoiceReferenceSchema = Type.Object({ number: invoiceNumber, issueDate: isoDate }, { additionalProperties: false })

/** The texts printed and put in the XML notes, frozen as issued (the wording may change later). */
export const InvoiceMentionsSchema = Type.Object(
  {
    /** PMD: « Pénalités de retard : 3 fois le taux d’intérêt légal… ». */
    latePenalty: text(TEXT_LIMITS.long),
    /** PMT: « Indemnité forfaitaire pour frais de recouvrement : 40 € » (professional buyers). */
    recoveryIndemnity: text(TEXT_LIMITS.long),
    /** AAB: « Pas d’escompte pour paiement anticipé » or its terms. */
    earlyPaymentDiscount: text(TEXT_LIMITS.long)
  },
  { additionalProperties: false }
)

export const InvoiceDocumentSchema = Type.Object(
  {
    kind: literals(INVOICE_KINDS),
    number: invoiceNumber,
    issueDate: isoDate,
    saleDate: isoDate,
    dueDate: isoDate,
    currency: Type.Literal('EUR'),
    seller: InvoiceSellerSchema,
    buyer: InvoiceBuyerSchema,
    operation: literals(OPERATION_NATURES),
    vatRegime: literals(VAT_REGIMES),
    /** « Option pour le paiement de la taxe d’après les débits ». */
    vatOnDebits: Type.Boolean(),
    /** The client's certification for the reduced rates on housing work, as it was signed; null when none. */
    housingWorkCertification: nullable(text(TEXT_LIMITS.long)),
    /** What the invoice is for (« Rénovation salle de bains »), printed under the title. */
    title: text(TEXT_LIMITS.short),
    lines: Type.Array(InvoiceLineSchema, { minItems: 1, maxItems: TEXT_LIMITS.lineCount }),
    deductions: Type.Array(InvoiceDeductionSchema, { maxItems: 100 }),
    progress: nullable(ProgressStatementSchema),
    retention: nullable(RetentionSchema),
    /** The invoice a credit note corrects (required for `credit_note`, null otherwise). */
    creditedInvoice: nullable(InvoiceReferenceSchema),
    /** The signed quote it comes from (`DEV-2026-0007`), null without a quote. */
    quoteNumber: nullable(text(35)),
    /** The buyer's own reference (order number, project), empty when none. */
    buyerReference: text(TEXT_LIMITS.short),
    /** « Paiement à 30 jours par virement » — free text printed as is. */
    paymentTerms: text(TEXT_LIMITS.long),
    mentions: InvoiceMentionsSchema,
    /** Building work's décennale insurance; absent on invoices issued before it was carried, null when none. */
    insurance: Type.Optional(nullable(InvoiceInsuranceSchema))
  },
  { additionalProperties: false }
)

export type PostalAddress = Static<typeof PostalAddressSchema>
export type InvoiceSeller = Static<typeof InvoiceSellerSchema>
export type InvoiceBuyer = Static<typeof InvoiceBuyerSchema>
export type InvoiceLine = Static<typeof InvoiceLineSchema>
export type LineProgress = Static<typeof LineProgressSchema>
export type RateAmount = Static<typeof RateAmountSchema>
export type InvoiceDeduction = Static<typeof InvoiceDeductionSchema>
export type ProgressStatement = Static<typeof ProgressStatementSchema>
export type Retention = Static<typeof RetentionSchema>
export type InvoiceReference = Static<typeof InvoiceReferenceSchema>
export type InvoiceMentions = Static<typeof InvoiceMentionsSchema>
export type InvoiceInsurance = Static<typeof InvoiceInsuranceSchema>
/** Everything an issued invoice says; what the PDF and the XML are made from. */
export type InvoiceDocument = Static<typeof InvoiceDocumentSchema>

/** BT-23 « cadre de facturation »: B/S/M by nature; 4 for a final invoice after a deposit (BR-FR-08, BR-FR-CO-08). */
export function billingFrameworkCode(document: Pick<InvoiceDocument, 'kind' | 'operation' | 'deductions'>): string {
  const letter = { goods: 'B', services: 'S', mixed: 'M' }[document.operation]
  const afterDeposit =
    document.kind !== 'deposit' && document.kind !== 'credit_note' && document.deductions.some((deduction) => deduction.kind === 'deposit')
  return `${letter}${afterDeposit ? '4' : '1'}`
}

/**
 * What the invoice calls itself. A final invoice that deducts nothing invoices the whole quote at
 * once: it is « Facture », not « Facture de solde » (there is nothing it is the balance of).
 */
export function invoiceKindLabel(document: Pick<InvoiceDocument, 'kind' | 'deductions'>): string {
  if (document.kind === 'final' && document.deductions.length === 0) return INVOICE_KIND_LABELS.standard
  return INVOICE_KIND_LABELS[document.kind]
}

/** « Facture n° FA-2026-0001 », « Avoir n° AV-2026-0002 ». */
export function invoiceHeading(document: Pick<InvoiceDocument, 'kind' | 'number' | 'progress' | 'deductions'>): string {
  if (document.kind === 'progress' && document.progress !== null) {
    return `${INVOICE_KIND_LABELS.progress} n° ${document.progress.situationNumber} — ${document.number}`
  }
  return `${invoiceKindLabel(document)} n° ${document.number}`
}
