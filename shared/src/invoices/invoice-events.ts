// What happened to an invoice, in the words of the dashboard's « Activité récente » (an invoice
// is feminine, a credit note « avoir » masculine).
import { INVOICE_KIND_LABELS, type InvoiceKind } from './invoice-document.js'

/** The invoice events the activity shows (the platform's own statuses come with its connector). */
export const INVOICE_ACTIVITY_EVENTS = ['issued', 'sent', 'payment_recorded', 'paid', 'overdue', 'reminded'] as const

export function invoiceEventLabel(type: string, kind: InvoiceKind): string {
  const what = INVOICE_KIND_LABELS[kind]
  const agreed = (feminine: string, masculine: string) => (kind === 'credit_note' ? masculine : feminine)
  switch (type) {
    case 'issued':
      return `${what} ${agreed('émise', 'émis')}`
    case 'sent':
      return `${what} ${agreed('envoyée', 'envoyé')} au client`
    case 'payment_recorded':
      return 'Paiement enregistré'
    case 'paid':
      return `${what} payée`
    case 'overdue':
      return `${what} en retard de paiement`
    case 'reminded':
      return 'Relance de paiement envoyée'
    default:
      return 'Événement'
  }
}
