// The client's and the accountant's side of invoices: the invoice e-mail and reminders
// (`/api/invoices/:id/send`, `/remind`, `/api/invoices/reminder-settings`), the public invoice
// page's data (`/api/invoice-link/:token`), and the exports by period (`/api/invoices/export`).
import { Type, type Static } from '@sinclair/typebox'
import { INVOICE_KINDS } from '../invoices/invoice-document.js'
import { INVOICE_PAYMENT_STATUSES, InvoiceSchema } from './invoice-schemas.js'
import { isoDate, literals, nullable } from './schema-parts.js'

/** Days after the due date when automatic reminders go out, unless the company chose others. */
export const DEFAULT_INVOICE_REMINDER_DAYS: readonly number[] = [7, 15, 30]
/** At most this many automatic reminders per invoice. */
export const MAX_INVOICE_REMINDERS = 6

export const InvoiceSendBody = Type.Object(
  {
    /** Another address than the client's on the invoice (an accounts department). */
    to: Type.Optional(Type.String({ maxLength: 254 }))
  },
  { additionalProperties: false }
)
export type InvoiceSendRequest = Static<typeof InvoiceSendBody>

export const InvoiceSentBody = Type.Object({ invoice: InvoiceSchema, sentTo: Type.String() })

/** `/api/invoices/:id/links/revoke`: every link sent so far stops working; how many were still working. */
export const InvoiceLinksRevokedBody = Type.Object({ revokedLinks: Type.Integer() })

/** « Facture d'acompte à la signature »: the deposit invoice issued and e-mailed by itself when the client signs. */
export const DepositSettingsSchema = Type.Object({ depositAtSignature: Type.Boolean() }, { additionalProperties: false })
export type DepositSettings = Static<typeof DepositSettingsSchema>
export const DepositSettingsBody = Type.Object({ settings: DepositSettingsSchema })

export const ReminderSettingsSchema = Type.Object(
  {
    /** Increasing, distinct, 1 to 365; empty: no automatic reminder. */
    reminderDays: Type.Array(Type.Integer({ minimum: 1, maximum: 365 }), { maxItems: MAX_INVOICE_REMINDERS })
  },
  { additionalProperties: false }
)
export type ReminderSettings = Static<typeof ReminderSettingsSchema>
export const ReminderSettingsBody = Type.Object({ settings: ReminderSettingsSchema })

export const EXPORT_FORMATS = ['csv', 'fec', 'zip'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Issued invoices whose issue date is in [from, to] (Paris calendar), in one format. */
export const InvoiceExportQuery = Type.Object(
  { from: isoDate, to: isoDate, format: literals(EXPORT_FORMATS) },
  { additionalProperties: false }
)
export type InvoiceExportFilter = Static<typeof InvoiceExportQuery>
/** A CSV (text/csv), a FEC (text/plain) or a ZIP of the Factur-X PDFs. */
/** Bytes, or (the ZIP) a stream of them the gateway sends as it reads the PDFs. */
export const InvoiceExportFile = Type.Unsafe<Uint8Array | AsyncIterable<Uint8Array>>({ type: 'string', format: 'binary' })

export const InvoiceTokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) })

/** The EPC QR code as SVG: a `size`×`size` grid (quiet zone included) whose dark modules are `path`. */
export const QrSvgSchema = Type.Object({ size: Type.Integer(), path: Type.String() })
export type QrSvg = Static<typeof QrSvgSchema>

/** What the client's page shows of an issued invoice. */
export const InvoiceLinkViewSchema = Type.Object({
  number: Type.String(),
  kind: literals(INVOICE_KINDS),
  issueDate: isoDate,
  dueDate: isoDate,
  seller: Type.Object({
    name: Type.String(),
    legalForm: Type.String(),
    addressLines: Type.Array(Type.String()),
    siret: Type.String(),
    email: Type.String(),
    phone: Type.String()
  }),
  buyerName: Type.String(),
  totalTtcCents: Type.Integer(),
  /** What the invoice asks to transfer (TTC less a retenue de garantie). */
  amountDueCents: Type.Integer(),
  paidCents: Type.Integer(),
  creditedCents: Type.Integer(),
  remainingCents: Type.Integer(),
  /** Null for a credit note. */
  paymentStatus: nullable(literals(INVOICE_PAYMENT_STATUSES)),
  /** How to pay by transfer; null when nothing is left to pay or the professional gave no IBAN. */
  transfer: nullable(
    Type.Object({
      name: Type.String(),
      iban: Type.String(),
      bic: Type.String(),
      reference: Type.String(),
      amountCents: Type.Integer(),
      qr: QrSvgSchema
    })
  ),
  /** « Payer par carte » is offered: something is left to pay and the professional's Stripe account takes card payments. */
  cardPayment: Type.Boolean(),
  latePenalty: Type.String(),
  recoveryIndemnity: Type.String()
})
export type InvoiceLinkView = Static<typeof InvoiceLinkViewSchema>
export const InvoiceLinkViewBody = Type.Object({ invoice: InvoiceLinkViewSchema })
