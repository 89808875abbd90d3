import { Link } from 'react-router-dom'
import { INVOICE_KIND_LABELS } from '@paraphe/shared/invoices/invoice-document'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import type { InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'
import type { InvoicingPlan } from '../lib/invoicing-plan'
import { InvoiceBadge } from './invoice-cards'

/** What the quote has been invoiced so far: the figures, then each invoice (drafts included, to resume them). */
export function InvoicingSummary({ plan, invoices }: { plan: InvoicingPlan; invoices: readonly InvoiceSummary[] }) {
  return (
    <section className="invoice-panel" aria-labelledby="invoiced-title">
      <h2 id="invoiced-title">Déjà facturé</h2>
      <dl className="invoice-figures">
        <div>
          <dt>Devis</dt>
          <dd>{formatEuros(plan.quoteTotalTtcCents)} TTC</dd>
        </div>
        <div>
          <dt>Facturé (acomptes et situations)</dt>
          <dd>{formatEuros(plan.invoicedTtcCents)} TTC</dd>
        </div>
        <div>
          <dt>Avancement facturé</dt>
          <dd>{formatVatRate(plan.progressBp)}</dd>
        </div>
        <div>
          <dt>{plan.finalIssued ? 'Solde' : 'Reste à facturer'}</dt>
          <dd className="invoice-figures__remaining">{plan.finalIssued ? 'facturé' : `${formatEuros(plan.remainingTtcCents)} TTC`}</dd>
        </div>
      </dl>
      {invoices.length === 0 ? (
        <p className="hint">Aucune facture sur ce devis pour l’instant.</p>
      ) : (
        <ul className="invoice-chain">
          {invoices.map((invoice) => (
            <li key={invoice.id}>
              <Link to={paths.invoice.href(invoice.id)}>
                {INVOICE_KIND_LABELS[invoice.kind]} {invoice.number ?? '(brouillon)'}
              </Link>{' '}
              — {formatEuros(invoice.totalTtcCents)} TTC <InvoiceBadge invoice={invoice} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
