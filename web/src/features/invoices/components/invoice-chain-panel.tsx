import { Link } from 'react-router-dom'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { useInvoices } from '../api/get-invoices'
import { invoiceChain } from '../lib/invoice-chain'
import { InvoiceBadge } from './invoice-cards'

/** Where the invoice stands among its quote's: quote → deposit → situations → final, and the credit notes. */
export function InvoiceChainPanel({ invoice }: { invoice: Invoice }) {
  const quoteId = invoice.quoteId
  // A quote's invoices (none to read for an invoice without a quote).
  const { data } = useInvoices({ quoteId: quoteId ?? '', limit: 100 }, { enabled: quoteId !== null })
  const chain = quoteId !== null && data !== undefined ? invoiceChain(data.invoices) : []
  if (quoteId === null && invoice.correctsInvoiceId === null) return null
  return (
    <section className="invoice-panel" aria-labelledby="chain-title">
      <h2 id="chain-title">Factures liées</h2>
      <ol className="invoice-chain">
        {quoteId === null ? null : (
          <li>
            <Link to={paths.quote.href(quoteId)}>Devis {invoice.document?.quoteNumber ?? ''}</Link>
          </li>
        )}
        {chain.map((linked) => (
          <li key={linked.id} aria-current={linked.id === invoice.id ? 'true' : undefined}>
            {linked.id === invoice.id ? (
              <strong>
                {INVOICE_KIND_LABELS[linked.kind]} {linked.number} (cette facture)
              </strong>
            ) : (
              <Link to={paths.invoice.href(linked.id)}>
                {INVOICE_KIND_LABELS[linked.kind]} {linked.number}
              </Link>
            )}{' '}
            — {formatEuros(linked.totalTtcCents)} TTC <InvoiceBadge invoice={linked} />
          </li>
        ))}
        {invoice.correctsInvoiceId === null || chain.some((linked) => linked.id === invoice.correctsInvoiceId) ? null : (
          <li>
            <Link to={paths.invoice.href(invoice.correctsInvoiceId)}>Facture corrigée par cet avoir</Link>
          </li>
        )}
      </ol>
    </section>
  )
}
