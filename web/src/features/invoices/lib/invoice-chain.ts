// The chain of a quote's invoices as the invoice page shows it: quote → deposit → situations →
// final, then the credit notes. Issued invoices only (a draft is not part of the history yet),
// in their numbering order, which is the order they were issued.
import type { InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import type { InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'

const STAGE: Readonly<Record<InvoiceKind, number>> = { deposit: 0, progress: 1, standard: 1, final: 2, credit_note: 3 }

export function invoiceChain(invoices: readonly InvoiceSummary[]): InvoiceSummary[] {
  return invoices
    .filter((invoice) => invoice.status === 'issued' && invoice.number !== null)
    .toSorted((a, b) => STAGE[a.kind] - STAGE[b.kind] || (a.number ?? '').localeCompare(b.number ?? ''))
}
