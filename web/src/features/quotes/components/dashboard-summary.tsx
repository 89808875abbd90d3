import { Link } from 'react-router-dom'
import type { Dashboard, Receivables } from '@paraphe/shared/api/dashboard-schemas'
import { formatEuros } from '@paraphe/shared/money'
import { paths } from '@paraphe/shared/paths'
import type { QuoteListFilter } from '@paraphe/shared/quote'
import { dayOf } from '../lib/format-day'
import { searchOfFilters } from '../lib/list-filters'
import { slugOfFilter } from '@/lib/invoice-filters'

export interface DashboardSummaryProps {
  dashboard: Dashboard
  /** « 2 devis envoyés sur 3 ce mois-ci » on a plan with a monthly quota. */
  quota: string | null
}

const listOf = (status: QuoteListFilter) => `${paths.account.href()}?${searchOfFilters({ status, q: '' }).toString()}`
const plural = (count: number, one: string, many: string) => (count > 1 ? many : one)

/** The figures above the quotes list, each leading to the list filtered the same way. */
export function DashboardSummary({ dashboard, quota }: DashboardSummaryProps) {
  const { awaiting, signedThisMonth, signature, remindersDue, recent, receivables } = dashboard
  return (
    <section className="dashboard" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">Tableau de bord</h2>
      <ul className="dashboard__figures">
        <li>
          <Link className="dashboard__figure" to={listOf('awaiting')}>
            <span className="dashboard__value">{awaiting.count}</span>
            <span className="dashboard__label">devis à signer</span>
            <span className="dashboard__detail">{formatEuros(awaiting.totalTtcCents)} TTC en attente</span>
          </Link>
        </li>
        <li>
          <Link className="dashboard__figure" to={listOf('signed')}>
            <span className="dashboard__value">{signedThisMonth.count}</span>
            <span className="dashboard__label">{plural(signedThisMonth.count, 'signé ce mois-ci', 'signés ce mois-ci')}</span>
            <span className="dashboard__detail">{formatEuros(signedThisMonth.totalTtcCents)} TTC</span>
          </Link>
        </li>
        <li>
          <Link className="dashboard__figure" to={listOf('signed')}>
            <span className="dashboard__value">{signature.ratePercent === null ? '—' : `${signature.ratePercent}\u202f%`}</span>
            <span className="dashboard__label">taux de signature</span>
            <span className="dashboard__detail">
              {signature.closed === 0
                ? 'aucune réponse pour l’instant'
                : `${signature.signed} signé${signature.signed > 1 ? 's' : ''} sur ${signature.closed} devis clos`}
            </span>
          </Link>
        </li>
        <li>
          <Link className="dashboard__figure" to={listOf('awaiting')}>
            <span className="dashboard__value">{remindersDue}</span>
            <span className="dashboard__label">{plural(remindersDue, 'relance possible', 'relances possibles')}</span>
            <span className="dashboard__detail">en attente depuis 3 jours ou plus</span>
          </Link>
        </li>
        <ReceivablesFigure receivables={receivables} />
      </ul>
      {quota === null ? null : <p className="dashboard__quota">{quota}</p>}
      {recent.length === 0 ? null : (
        <>
          <h3 className="dashboard__subtitle">Activité récente</h3>
          <ul className="dashboard__activity">
            {recent.map((event) => (
              <li key={`${event.id}:${event.type}`}>
                <Link to={event.subject === 'invoice' ? paths.invoice.href(event.id) : paths.quote.href(event.id)}>
                  {event.number ?? 'Brouillon'}
                  {event.title.trim() === '' ? '' : ` — ${event.title}`}
                </Link>
                &#8239;: {event.label.charAt(0).toLowerCase()}
                {event.label.slice(1)}
                {event.count > 1 ? ` (${event.count}\u00a0fois, dernière le ` : ', '}
                <time dateTime={event.occurredAt}>{dayOf(event.occurredAt)}</time>
                {event.count > 1 ? ')' : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/** « À encaisser »: what the issued invoices still ask (summed by the gateway), leading to the overdue ones when there are some. */
function ReceivablesFigure({ receivables }: { receivables: Receivables }) {
  const { count, remainingCents, overdueCount } = receivables
  return (
    <li>
      <Link className="dashboard__figure" to={paths.invoices.href(slugOfFilter(overdueCount > 0 ? 'overdue' : 'unpaid'))}>
        <span className="dashboard__value">{formatEuros(remainingCents)}</span>
        <span className="dashboard__label">à encaisser</span>
        <span className="dashboard__detail">
          {count === 0
            ? 'aucune facture en attente de paiement'
            : `${count} ${plural(count, 'facture', 'factures')}${overdueCount === 0 ? '' : `, dont ${overdueCount} en retard`}`}
        </span>
      </Link>
    </li>
  )
}
