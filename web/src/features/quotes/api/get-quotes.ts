import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { filtersFromSearch, searchOfFilters, type QuoteFilters } from '../lib/list-filters'
import { quotesApi } from './quotes-api'

/** The quotes list under `filters`, page after page (« Afficher plus » asks for the next one). */
export const getQuotesQueryOptions = (api: ApiClient, filters: QuoteFilters) => {
  const key = searchOfFilters(filters).toString()
  return infiniteQueryOptions({
    queryKey: queryKeys.quotes.list(key),
    queryFn: ({ pageParam, signal }) => quotesApi.list(api, filtersFromSearch(new URLSearchParams(key)), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined
  })
}

export function useQuotes(filters: QuoteFilters) {
  const { userId, api } = useWorkspace()
  return useInfiniteQuery({ ...getQuotesQueryOptions(api, filters), enabled: userId !== null })
}
