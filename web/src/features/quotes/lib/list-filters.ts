// The quotes list's filters live in the page's query string (`?status=sent&q=dupont`), so a
// reload, a bookmark or the back button shows the same list.
import { QUOTE_LIST_FILTERS, type QuoteListFilter } from '@paraphe/shared/quote'

export interface QuoteFilters {
  status: QuoteListFilter | null
  q: string
}

export const NO_FILTERS: QuoteFilters = { status: null, q: '' }

function isStatus(value: string | null): value is QuoteListFilter {
  return value !== null && (QUOTE_LIST_FILTERS as readonly string[]).includes(value)
}

/** The filters a query string asks for; an unknown status means all of them. */
export function filtersFromSearch(search: URLSearchParams): QuoteFilters {
  const status = search.get('status')
  return { status: isStatus(status) ? status : null, q: (search.get('q') ?? '').trim() }
}

/** The query string of some filters (empty ones left out). */
export function searchOfFilters({ status, q }: QuoteFilters): URLSearchParams {
  const search = new URLSearchParams()
  if (status !== null) search.set('status', status)
  if (q.trim() !== '') search.set('q', q.trim())
  return search
}

export function hasFilters(filters: QuoteFilters): boolean {
  return filters.status !== null || filters.q !== ''
}
