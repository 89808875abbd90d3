import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Quote } from '@paraphe/shared/quote'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { quotesApi } from './quotes-api'

/** One quote, or (no id) the unsaved draft « Nouveau devis » opens with the profile's defaults. */
export const getQuoteQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: id === '' ? queryKeys.quotes.unsaved : queryKeys.quotes.one(id),
    queryFn: ({ signal }) => (id === '' ? quotesApi.unsaved(api, signal) : quotesApi.get(api, id, signal)),
    // Read on each visit and never again in the background: the editor saves as one types
    // without telling the cache, and a read while editing would start the editor again.
    staleTime: Infinity,
    gcTime: 0
  })

export function useQuote(id: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getQuoteQueryOptions(api, id), enabled: userId !== null })
}

/**
 * What a change of a quote (saved, sent, cancelled, reminded…) refreshes: the quote itself in
 * the cache, and every read that summarises quotes — the lists, the dashboard, the month's sends
 * of the plan, the invoicing of a signed quote.
 */
export function useQuoteChanged(): (quote: Quote) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (quote: Quote) => {
      queryClient.setQueryData(queryKeys.quotes.one(quote.id), quote)
      // Not the quote on screen itself (it was just set), nor the draft being written.
      const onScreen = new Set([queryKeys.quotes.one(quote.id).join('/'), queryKeys.quotes.unsaved.join('/')])
      for (const queryKey of [queryKeys.quotes.all, queryKeys.dashboard, queryKeys.subscription, queryKeys.invoices.ofQuote(quote.id)])
        void queryClient.invalidateQueries({ queryKey, predicate: (query) => !onScreen.has(query.queryKey.join('/')) })
    },
    [queryClient]
  )
}
