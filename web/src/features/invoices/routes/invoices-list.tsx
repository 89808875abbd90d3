import { useId } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import type { InvoiceList, InvoiceListFilter } from '@paraphe/shared/api/invoice-schemas'
import { paths } from '@paraphe/shared/paths'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { usePrefetchInvoices, useInvoices } from '../api/get-invoices'
import { useHydrated } from '@/hooks/use-hydrated'
import { filterOfSlug, INVOICE_FILTER_LABELS, INVOICE_FILTERS, slugOfFilter, type InvoiceFilter } from '@/lib/invoice-filters'
import type { RouteHandle } from '@/lib/route-handle'
import { AccountantExport } from '../components/accountant-export'
import { AccountingSettings } from '../components/accounting-settings'
import { InvoiceCards } from '../components/invoice-cards'
import { ReminderSettings } from '../components/reminder-settings'
import { DepositSettings } from '../components/deposit-settings'

export const handle: RouteHandle = {
  title: 'Factures',
  description: 'Vos factures Factur-X\u202f: acomptes, situations, soldes et avoirs, et ce qu’il reste à encaisser.'
}

export { InvoicesPage as Component }

const PAGE_SIZE = 100

/** The URL of a page of the list: its filter, and where it starts (`apres`, the previous page's cursor). */
const listHref = (filter: InvoiceFilter | null, after: string | null) =>
  paths.invoices.href(filter === null ? undefined : slugOfFilter(filter), after ?? undefined)

/** The list's read for a filter and a page: the page on screen, or the next one read ahead. */
const listFilter = (filter: InvoiceFilter | null, after: string | null): InvoiceListFilter => ({
  limit: PAGE_SIZE,
  ...(filter === null ? {} : { status: filter }),
  ...(after === null ? {} : { after })
})

/** `/espace/factures`: every invoice, filtered by status (`?statut=en-retard`), 100 a page (`&apres=…` for the next ones). */
function InvoicesPage() {
  const hydrated = useHydrated()
  const [searchParams, setSearchParams] = useSearchParams()
  // The prerender knows no query string: the URL's filter and page apply once hydrated.
  const filter = hydrated ? filterOfSlug(searchParams.get('statut')) : null
  const after = hydrated ? searchParams.get('apres') : null
  const load = loadOf(useInvoices(listFilter(filter, after)))
  const reload = useInvalidate(queryKeys.invoices.all)
  return (
    <article className="invoices-page">
      <header className="page-intro workspace-intro">
        <h1>Factures</h1>
        <p className="lead">
          Chaque facture émise est un Factur-X conforme, numéroté sans trou et inaltérable&#8239;; une erreur se corrige par un avoir.
        </p>
        <p className="invoices-page__actions">
          <Link to={paths.invoiceNew.href()} className="button button--primary">
            Nouvelle facture
          </Link>
        </p>
      </header>
      <AccountantExport />
      <ReminderSettings />
      <DepositSettings />
      <AccountingSettings />
      <StatusFilter
        filter={filter}
        disabled={!hydrated}
        onChange={(next) => setSearchParams(next === null ? {} : { statut: slugOfFilter(next) })}
      />
      {load.kind === 'loading' ? <LoadingStatus text="Chargement des factures…" /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={() => void reload()} /> : null}
      {load.kind === 'ready' ? <InvoicesResult list={load.data} filter={filter} laterPage={after !== null} /> : null}
    </article>
  )
}

function StatusFilter({
  filter,
  disabled,
  onChange
}: {
  filter: InvoiceFilter | null
  disabled: boolean
  onChange: (filter: InvoiceFilter | null) => void
}) {
  const id = useId()
  return (
    <form
      className="quote-filters invoice-filters"
      role="search"
      aria-label="Filtrer les factures"
      onSubmit={(event) => event.preventDefault()}
    >
      <div className="field">
        <label htmlFor={id}>Statut</label>
        <select
          id={id}
          value={filter ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(INVOICE_FILTERS.find((option) => option === event.target.value) ?? null)}
        >
          <option value="">Toutes les factures</option>
          {INVOICE_FILTERS.map((option) => (
            <option key={option} value={option}>
              {INVOICE_FILTER_LABELS[option]}
            </option>
          ))}
        </select>
      </div>
    </form>
  )
}

function InvoicesResult({ list, filter, laterPage }: { list: InvoiceList; filter: InvoiceFilter | null; laterPage: boolean }) {
  const prefetch = usePrefetchInvoices()
  if (list.invoices.length === 0 && !laterPage) {
    return (
      <div className="empty-state">
        <p className="empty-state__title" role="status">
          {filter === null ? 'Aucune facture pour l’instant.' : `Aucune facture « ${INVOICE_FILTER_LABELS[filter]} ».`}
        </p>
        {filter === null ? (
          <p>
            Une facture naît d’un devis signé&#8239;: ouvrez-le depuis <Link to={paths.account.href()}>vos devis</Link> et choisissez «
            Facturer l’acompte », « Facture de situation » ou « Facture de solde ». Pour un travail sans devis, choisissez « Nouvelle
            facture ».
          </p>
        ) : null}
      </div>
    )
  }
  return (
    <section aria-labelledby="invoices-title">
      <h2 id="invoices-title" className="invoices-count">
        {list.total} facture{list.total > 1 ? 's' : ''}
        {filter === null ? '' : ` « ${INVOICE_FILTER_LABELS[filter]} »`}
      </h2>
      <InvoiceCards invoices={list.invoices} />
      {list.nextCursor !== null || laterPage ? (
        <nav className="invoices-pages" aria-label="Pages des factures">
          {laterPage ? <Link to={listHref(filter, null)}>Revenir aux plus récentes</Link> : null}
          {list.nextCursor === null ? null : (
            <Link
              to={listHref(filter, list.nextCursor)}
              className="button button--ghost"
              onPointerEnter={() => prefetch(listFilter(filter, list.nextCursor))}
              onFocus={() => prefetch(listFilter(filter, list.nextCursor))}
            >
              Factures suivantes
            </Link>
          )}
        </nav>
      ) : null}
    </section>
  )
}
