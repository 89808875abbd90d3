import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { invoicesApi } from '@/lib/invoices-api'

/** One invoice. */
export const getInvoiceQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: queryKeys.invoices.one(id), queryFn: ({ signal }) => invoicesApi.get(api, id, signal) })

export function useInvoice(id: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getInvoiceQueryOptions(api, id), enabled: userId !== null })
}

/**
 * Reads an invoice ahead when the user points at it or tabs to it in a list, so its page opens
 * with it (and reads it again behind, as every screen does).
 */
export function usePrefetchInvoice(): (id: string) => void {
  const { userId, api } = useWorkspace()
  const queryClient = useQueryClient()
  return useCallback(
    (id: string) => {
      if (userId !== null) void queryClient.prefetchQuery(getInvoiceQueryOptions(api, id))
    },
    [userId, api, queryClient]
  )
}
