import { Link } from 'react-router-dom'
import type { InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'
import { formatLongDate } from '@paraphe/shared/dates'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import { invoiceBadge } from '@/lib/invoice-filters'
import { usePrefetchInvoice } from '../api/get-invoice'

/** An invoice's badge: its payment status once issued. */
export function InvoiceBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'paymentStatus'> }) {
  const badge = invoiceBadge(invoice)
  return <span className={badge.className}>{badge.label}</span>
}

/** The invoices as cards (one column on a phone, a grid on wider screens), drafts first, then newest. */
export function InvoiceCards({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  const prefetch = usePrefetchInvoice()
  return (
    <ul className="quote-list invoice-list">
      {invoices.map((invoice) => (
        <li key={invoice.id} className="quote-card invoice-card">
          <p className="quote-card__head">
            <InvoiceBadge invoice={invoice} />
          </p>
          <h3 className="quote-card__title">
            <Link to={paths.invoice.href(invoice.id)} onPointerEnter={() => prefetch(invoice.id)} onFocus={() => prefetch(invoice.id)}>
              {/* The number once, in the title (the head's badge says « Brouillon » for a draft). */}
              {INVOICE_KIND_LABELS[invoice.kind]}{' '}
              {invoice.number === null ? '(brouillon)' : <span className="quote-number">{invoice.number}</span>}
            </Link>
          </h3>
          <p className="quote-card__client">{invoice.clientName.trim() === '' ? 'Client non renseigné' : invoice.clientName}</p>
          <p className="quote-card__amount">
            {formatEuros(invoice.totalTtcCents)} <abbr title="toutes taxes comprises">TTC</abbr>
          </p>
          <dl className="quote-card__dates">
            {invoice.issueDate === null ? null : (
              <div>
                <dt>Émise le</dt>
                <dd>{formatLongDate(invoice.issueDate)}</dd>
              </div>
            )}
            {invoice.dueDate === null || invoice.kind === 'credit_note' ? null : (
              <div>
                <dt>Échéance</dt>
                <dd>{formatLongDate(invoice.dueDate)}</dd>
              </div>
            )}
            {invoice.lifecycleStatus === null ? null : (
              <div className={needsCorrection(invoice.lifecycleStatus.code) ? 'invoice-card__lifecycle--alert' : undefined}>
                <dt>Plateforme agréée</dt>
                <dd>{invoice.lifecycleStatus.label}</dd>
              </div>
            )}
            {invoice.status === 'draft' || invoice.kind === 'credit_note' ? null : (
              <div>
                <dt>Reste à encaisser</dt>
                <dd>{formatEuros(invoice.remainingCents)}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  )
}
