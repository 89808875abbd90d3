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
  // The list was read when the page opened; this invoice as the page holds it now (a payment just
  // recorded, a link sent) replaces its row, so the panel never contradicts the header.
  const chain =
    quoteId !== null && data !== undefined ? invoiceChain(data.invoices.map((linked) => (linked.id === invoice.id ? invoice : linked))) : []
  if (quoteId === null && invoice.correctsInvoiceId === null) return null
  return (
    <section className="invoice-panel" aria-labelledby="chain-title">
      <h2 id="chain-title">Factures liées</h2>
      <ol className="invoice-chain">
        {quoteId === null ? null : (
          <li>
            <Link to={paths.quote.href(quoteId)}>
              Devis <span className="quote-number">{invoice.document?.quoteNumber ?? ''}</span>
            </Link>
          </li>
        )}
        {chain.map((linked) => (
          <li key={linked.id} aria-current={linked.id === invoice.id ? 'true' : undefined}>
            {linked.id === invoice.id ? (
              <strong>
                {INVOICE_KIND_LABELS[linked.kind]} <span className="quote-number">{linked.number}</span> (cette facture)
              </strong>
            ) : (
              <Link to={paths.invoice.href(linked.id)}>
                {INVOICE_KIND_LABELS[linked.kind]} <span className="quote-number">{linked.number}</span>
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
