// The invoice list's status filter, in the URL the French way (`?statut=en-retard`; the
// dashboard links there too), and the badge each status wears. The labels are the contract's (INVOICE_PAYMENT_STATUS_LABELS).
import { INVOICE_PAYMENT_STATUS_LABELS, type InvoicePaymentStatus, type InvoiceStatus } from '@paraphe/shared/api/invoice-schemas'

export type InvoiceFilter = InvoicePaymentStatus | 'draft'

const SLUGS: Readonly<Record<InvoiceFilter, string>> = {
  unpaid: 'a-encaisser',
  partly_paid: 'partiellement-payee',
  overdue: 'en-retard',
  paid: 'payee',
  credited: 'annulee-par-avoir',
  draft: 'brouillon'
}

export const INVOICE_FILTERS: readonly InvoiceFilter[] = ['unpaid', 'partly_paid', 'overdue', 'paid', 'credited', 'draft']

export const INVOICE_FILTER_LABELS: Readonly<Record<InvoiceFilter, string>> = { ...INVOICE_PAYMENT_STATUS_LABELS, draft: 'Brouillon' }

export function slugOfFilter(filter: InvoiceFilter): string {
  return SLUGS[filter]
}

/** The filter a `statut` names; null (every invoice) for none or an unknown one. */
export function filterOfSlug(slug: string | null): InvoiceFilter | null {
  return INVOICE_FILTERS.find((filter) => SLUGS[filter] === slug) ?? null
}

/** What a row's badge says: the payment status once issued, « Brouillon » before, « Avoir émis » for a credit note. */
export function invoiceBadge(invoice: { status: InvoiceStatus; paymentStatus: InvoicePaymentStatus | null }): {
  label: string
  className: string
} {
  if (invoice.status === 'draft') return { label: 'Brouillon', className: 'badge' }
  if (invoice.paymentStatus === null) return { label: 'Émis', className: 'badge badge--envoye' }
  const className: Record<InvoicePaymentStatus, string> = {
    unpaid: 'badge badge--envoye',
    partly_paid: 'badge badge--consulte',
    paid: 'badge badge--signe',
    overdue: 'badge badge--refuse',
    credited: 'badge badge--annule'
  }
  return { label: INVOICE_PAYMENT_STATUS_LABELS[invoice.paymentStatus], className: className[invoice.paymentStatus] }
}
