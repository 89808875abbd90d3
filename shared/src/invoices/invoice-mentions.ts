// The fixed wordings of a French invoice (Code de commerce L441-9, CGI 242 nonies A), printed on the
// PDF and put in the XML's notes: one copy of each. The document freezes the texts it was issued
// with (InvoiceMentions), so a later change of wording never alters an issued invoice.
import type { ClientKind } from '../quote.js'
import type { InvoiceMentions } from './invoice-document.js'

export { FRANCHISE_MENTION } from '../quote-mentions.js'

/** Construction sub-contracting: the buyer pays the VAT (EN 16931 category AE). */
export const REVERSE_CHARGE_MENTION = 'Autoliquidation — article 283-2 nonies du CGI'

/** When the seller opted to pay VAT on invoicing rather than on payment (services). */
export const VAT_ON_DEBITS_MENTION = 'Option pour le paiement de la taxe d’après les débits'

// The housing-work certification is the quote's mention, carried to its invoices (one wording).
export { HOUSING_WORK_CERTIFICATION } from '../quote-mentions.js'

/** Late-payment penalties: three times the legal interest rate is the legal floor between professionals (L441-10). */
export const DEFAULT_LATE_PENALTY =
  'Pénalités de retard : trois fois le taux d’intérêt légal en vigueur, exigibles dès le lendemain de la date d’échéance.'

export const PROFESSIONAL_RECOVERY_INDEMNITY =
  'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 € (art. L441-10 et D441-5 du Code de commerce).'

/** The 40 € indemnity is owed by professional buyers only; a private client is told so rather than left guessing. */
export const PRIVATE_RECOVERY_INDEMNITY = 'Indemnité forfaitaire pour frais de recouvrement : non applicable (client particulier).'

export const NO_EARLY_PAYMENT_DISCOUNT = 'Pas d’escompte pour paiement anticipé.'

/** The mentions a new invoice starts with, by the kind of client. */
export function defaultInvoiceMentions(buyerKind: ClientKind): InvoiceMentions {
  return {
    latePenalty: DEFAULT_LATE_PENALTY,
    recoveryIndemnity: buyerKind === 'business' ? PROFESSIONAL_RECOVERY_INDEMNITY : PRIVATE_RECOVERY_INDEMNITY,
    earlyPaymentDiscount: NO_EARLY_PAYMENT_DISCOUNT
  }
}
