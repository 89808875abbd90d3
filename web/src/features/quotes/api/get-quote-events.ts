import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { quotesApi } from './quotes-api'

/** A sent quote's history (sent, viewed, reminded, signed…). */
export const getQuoteEventsQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: queryKeys.quotes.events(id), queryFn: ({ signal }) => quotesApi.events(api, id, signal) })

export function useQuoteEvents(id: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getQuoteEventsQueryOptions(api, id), enabled: userId !== null })
}
