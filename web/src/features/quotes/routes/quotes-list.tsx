import { useEffect, useState } from 'react'
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom'
import { profileGaps } from '@paraphe/shared/company'
import { paths } from '@paraphe/shared/paths'
import type { Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import { useProfile } from '@/hooks/use-profile'
import type { QuoteCounts } from '@paraphe/shared/api/quote-schemas'
import { quotaText } from '@paraphe/shared/plans'
import type { QuoteListFilter, QuoteSummary } from '@paraphe/shared/quote'
import { useAccountPlan } from '@/hooks/use-account-plan'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import type { QuoteListPage } from '../api/quotes-api'
import { useDashboard } from '../api/get-dashboard'
import { useQuotes } from '../api/get-quotes'
import { DashboardSummary } from '../components/dashboard-summary'
import { QuoteFiltersForm } from '../components/quote-filters-form'
import { QuoteList } from '../components/quote-list'
import { filtersFromSearch, hasFilters, NO_FILTERS, searchOfFilters, type QuoteFilters } from '../lib/list-filters'

export const handle: RouteHandle = {
  title: 'Mon espace',
  description: 'Votre espace\u202f: vos devis, leur envoi et leur signature en ligne.'
}

/** The next page's request, under the pages already shown. */
export type MoreLoad = { kind: 'idle' } | { kind: 'loading' } | { kind: 'failed'; message: string }

export type ListLoad =
  | { kind: 'loading' }
  | {
      kind: 'ready'
      quotes: QuoteSummary[]
      nextCursor: string | null
      counts: QuoteCounts
      more: MoreLoad
      /** Where the last page « Afficher plus » added starts (it takes the focus). */
      addedFrom?: number
    }
  | { kind: 'failed'; error: ApiError }

/** How many quotes the current filters match (the counts follow the search, not the status). */
export function matchingCount(counts: QuoteCounts, status: QuoteListFilter | null): number {
  return status === null ? counts.all : counts[status]
}

/**
 * The list as the view shows it, from the pages read so far: a quote changed meanwhile may come
 * twice, it is shown once, where it was first; the counts are the last page's.
 */
export function listLoadOf(query: UseInfiniteQueryResult<InfiniteData<QuoteListPage>>): ListLoad {
  const pages = query.data?.pages
  const last = pages?.at(-1)
  if (pages === undefined || last === undefined)
    return query.status === 'error' ? { kind: 'failed', error: asApiError(query.error) } : { kind: 'loading' }
  const known = new Set<string>()
  const quotes: QuoteSummary[] = []
  let addedFrom = 0
  for (const page of pages) {
    addedFrom = quotes.length
    for (const quote of page.quotes) {
      if (known.has(quote.id)) continue
      known.add(quote.id)
      quotes.push(quote)
    }
  }
  const more: MoreLoad = query.isFetchingNextPage
    ? { kind: 'loading' }
    : query.isFetchNextPageError
      ? { kind: 'failed', message: asApiError(query.error).message }
      : { kind: 'idle' }
  return { kind: 'ready', quotes, nextCursor: last.nextCursor, counts: last.counts, more, ...(pages.length > 1 ? { addedFrom } : {}) }
}

/** The quotes page (`/espace`), inside the workspace frame. */
export { QuotesPage as Component }

function QuotesPage() {
  const { hydrated } = useWorkspace()
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  // The prerender knows no query string: the URL's filters apply once hydrated.
  const filters = hydrated ? filtersFromSearch(searchParams) : NO_FILTERS
  const filtersKey = searchOfFilters(filters).toString()
  const [typed, setTyped] = useState(filters.q)
  const quotes = useQuotes(filters)
  const dashboard = useDashboard()
  // Only a reminder: the list does not depend on it.
  const profile = useProfile()
  const { state: account } = useAccountPlan()
  const deleted = (location.state as { notice?: unknown } | null)?.notice === 'quote-deleted'

  // Back, forward or a link changed the query: the search box follows.
  useEffect(() => setTyped(filtersFromSearch(new URLSearchParams(filtersKey)).q), [filtersKey])

  const load = listLoadOf(quotes)
  const loadMore = () => {
    if (load.kind !== 'ready' || load.nextCursor === null || load.more.kind === 'loading') return
    void quotes.fetchNextPage()
  }

  const apply = (next: QuoteFilters) => setSearchParams(searchOfFilters(next))
  return (
    <QuotesView
      filters={filters}
      typed={typed}
      onTypedChange={setTyped}
      onStatusChange={(status) => apply({ status, q: typed })}
      onSearch={() => apply({ status: filters.status, q: typed })}
      onClearFilters={() => {
        setTyped('')
        apply(NO_FILTERS)
      }}
      onRetry={() => void quotes.refetch()}
      onMore={loadMore}
      onDismissNotice={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
      load={load}
      hydrated={hydrated}
      profileGaps={profile.data === undefined ? [] : profileGaps(profile.data.profile)}
      deletedNotice={deleted}
      // The figures are a summary: without them the list is still whole.
      dashboard={dashboard.data ?? null}
      quota={account.kind === 'ready' ? quotaText(account.plan, account.sentThisMonth) : null}
    />
  )
}

export interface QuotesViewProps {
  filters: QuoteFilters
  typed: string
  onTypedChange: (q: string) => void
  onStatusChange: (status: QuoteListFilter | null) => void
  onSearch: () => void
  onClearFilters: () => void
  onRetry: () => void
  /** « Afficher plus de devis »: the next page under the shown ones. */
  onMore: () => void
  onDismissNotice: () => void
  load: ListLoad
  hydrated: boolean
  /** What the company profile lacks before a quote can be sent. */
  profileGaps: readonly string[]
  /** A draft was just deleted (the editor came back here). */
  deletedNotice: boolean
  /** The workspace's figures, once loaded. */
  dashboard?: Dashboard | null
  /** « 2 devis envoyés sur 3 ce mois-ci », on a plan with a quota. */
  quota?: string | null
}

export function QuotesView(props: QuotesViewProps) {
  const { filters, load } = props
  const filtered = hasFilters(filters)
  return (
    <article className="quotes-page">
      <header className="page-intro workspace-intro">
        <h1>Mon espace</h1>
        <p className="lead">Vos devis&#8239;: rédigez-les, envoyez-les, suivez leur signature.</p>
      </header>
      {props.deletedNotice ? (
        <div className="notice notice--success workspace-notice" role="status">
          Le brouillon a été supprimé.{' '}
          <button type="button" className="link-button" onClick={props.onDismissNotice}>
            Masquer
          </button>
        </div>
      ) : null}
      {props.profileGaps.length === 0 ? null : (
        <p className="notice notice--warning workspace-notice">
          Avant d’envoyer un devis, complétez votre profil d’entreprise (mentions obligatoires)&#8239;: {props.profileGaps.join(', ')}.{' '}
          <Link to={paths.profile.href()}>Compléter mon profil</Link>
        </p>
      )}
      {filtered || props.dashboard == null || load.kind !== 'ready' || load.counts.all === 0 ? null : (
        <DashboardSummary dashboard={props.dashboard} quota={props.quota ?? null} />
      )}
      <section className="quotes-section" aria-labelledby="quotes-title">
        <div className="quotes-section__head">
          <h2 id="quotes-title">Mes devis</h2>
        </div>
        {/* Nothing to search in yet: the first quote's invitation comes alone. */}
        {!filtered && load.kind === 'ready' && load.counts.all === 0 ? null : (
          <QuoteFiltersForm
            q={props.typed}
            status={filters.status}
            counts={load.kind === 'ready' ? load.counts : null}
            onQChange={props.onTypedChange}
            onStatusChange={props.onStatusChange}
            onSubmit={props.onSearch}
            disabled={!props.hydrated}
          />
        )}
        <QuotesResult load={load} filters={filters} onRetry={props.onRetry} onMore={props.onMore} onClearFilters={props.onClearFilters} />
      </section>
    </article>
  )
}

interface QuotesResultProps {
  load: ListLoad
  filters: QuoteFilters
  onRetry: () => void
  onMore: () => void
  onClearFilters: () => void
}

function QuotesResult({ load, filters, onRetry, onMore, onClearFilters }: QuotesResultProps) {
  const filtered = hasFilters(filters)
  if (load.kind === 'loading') {
    return (
      <p className="workspace-loading" role="status">
        Chargement des devis…
      </p>
    )
  }
  if (load.kind === 'failed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{load.error.status === 401 ? 'Votre session a expiré\u202f: reconnectez-vous pour voir vos devis.' : load.error.message}</p>
        {load.error.status === 401 ? null : (
          <button type="button" className="button button--ghost" onClick={onRetry}>
            Réessayer
          </button>
        )}
      </div>
    )
  }
  if (load.quotes.length === 0) {
    return filtered ? (
      <div className="empty-state">
        <p role="status">Aucun devis ne correspond à cette recherche.</p>
        <button type="button" className="button button--ghost" onClick={onClearFilters}>
          Afficher tous les devis
        </button>
      </div>
    ) : (
      <div className="empty-state">
        <p className="empty-state__title" role="status">
          Vous n’avez pas encore de devis.
        </p>
        <p>
          Rédigez votre premier devis&#8239;: il est enregistré au fil de la saisie, et vous l’envoyez à votre client quand il est prêt.
          Votre client le signe en ligne.
        </p>
        <Link className="button button--primary" to={paths.quoteNew.href()}>
          Créer mon premier devis
        </Link>
      </div>
    )
  }
  const total = Math.max(matchingCount(load.counts, filters.status), load.quotes.length)
  const shown = load.quotes.length
  return (
    <>
      <p className="visually-hidden" role="status">
        {total === 1 ? '1 devis' : `${total} devis`}
        {filtered ? ' correspondant à la recherche' : ''}
        {shown < total ? `, ${shown} affichés` : ''}
      </p>
      <QuoteList quotes={load.quotes} focusIndex={load.addedFrom ?? null} />
      {load.nextCursor === null ? null : (
        <div className="quotes-more">
          <p className="quotes-more__count" id="quotes-more-count">
            {shown} devis affichés sur {total}
          </p>
          <button
            type="button"
            className="button button--ghost"
            onClick={onMore}
            aria-describedby="quotes-more-count"
            aria-disabled={load.more.kind === 'loading'}
          >
            {load.more.kind === 'loading' ? 'Chargement…' : 'Afficher plus de devis'}
          </button>
          {load.more.kind === 'failed' ? (
            <p className="field__error" role="alert">
              {load.more.message}
            </p>
          ) : null}
        </div>
      )}
    </>
  )
}
