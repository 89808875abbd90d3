import type { UseQueryResult } from '@tanstack/react-query'
import { asApiError, type ApiError } from './api-client'

/** What a page shows of one read: its loading state (also the prerender's), its data, or why it failed. */
export type ApiLoad<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError }

/**
 * A query's state as the pages' views read it. Data already shown stays while it is read again
 * (a search, an invalidation): a failure replaces it only when there is nothing to show.
 */
export function loadOf<T>(query: Pick<UseQueryResult<T>, 'status' | 'data' | 'error'>): ApiLoad<T> {
  if (query.data !== undefined) return { kind: 'ready', data: query.data }
  if (query.status === 'error') return { kind: 'failed', error: asApiError(query.error) }
  return { kind: 'loading' }
}
