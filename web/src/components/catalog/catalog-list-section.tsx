// « Mes clients », « Mes articles »: the search and the list in each of its states (loading,
// failed, none yet, none matching, some, more than shown). A render function like
// renderEditableList, so the page's view stays one tree.
import type { ReactNode } from 'react'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import type { ApiLoad } from '@/lib/query-load'

export interface CatalogListSectionProps<List> {
  /** Ids of the heading and the search field (the page's own). */
  headingId: string
  searchId: string
  title: string
  load: ApiLoad<List>
  search: string
  onSearch: (search: string) => void
  onRetry: () => void
}

export interface CatalogListContent<List> {
  /** How many rows are shown and how many there are in all. */
  countOf: (list: List) => { shown: number; total: number }
  /** « client », « article »: the count says « 3 clients ». */
  noun: string
  /** What the page says with nothing saved yet, and with nothing matching the search. */
  none: string
  noMatch: string
  /** The rows, when there are some. */
  rows: (list: List) => ReactNode
}

export function renderCatalogListSection<List>(
  { headingId, searchId, title, load, search, onSearch, onRetry }: CatalogListSectionProps<List>,
  { countOf, noun, none, noMatch, rows }: CatalogListContent<List>
): ReactNode {
  const count = load.kind === 'ready' ? countOf(load.data) : null
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className="field">
        <label htmlFor={searchId}>Rechercher</label>
        <input id={searchId} type="search" value={search} onChange={(event) => onSearch(event.target.value)} autoComplete="off" />
      </div>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={onRetry} /> : null}
      {load.kind === 'ready' && count !== null ? (
        count.shown === 0 ? (
          <p>{search.trim() === '' ? none : noMatch}</p>
        ) : (
          <>
            <p className="field__hint" role="status">
              {count.total} {noun}
              {count.total > 1 ? 's' : ''}
              {count.total > count.shown ? ` (les ${count.shown} premiers affichés : précisez la recherche)` : ''}
            </p>
            {rows(load.data)}
          </>
        )
      ) : null}
    </section>
  )
}
