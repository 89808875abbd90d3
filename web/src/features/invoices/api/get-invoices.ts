import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { invoicesApi } from '@/lib/invoices-api'
import type { InvoiceListFilter } from '@paraphe/shared/api/invoice-schemas'

/** The invoices under one filter. */
export const getInvoicesQueryOptions = (api: ApiClient, filter: InvoiceListFilter) =>
  queryOptions({
    queryKey: queryKeys.invoices.list(JSON.stringify(filter)),
    queryFn: ({ signal }) => invoicesApi.list(api, filter, signal)
  })

export function useInvoices(filter: InvoiceListFilter, { enabled = true }: { enabled?: boolean } = {}) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getInvoicesQueryOptions(api, filter), enabled: userId !== null && enabled })
}

/** Reads a page of the list ahead (the next one, when the user points at « Factures suivantes »). */
export function usePrefetchInvoices(): (filter: InvoiceListFilter) => void {
  const { userId, api } = useWorkspace()
  const queryClient = useQueryClient()
  return useCallback(
    (filter: InvoiceListFilter) => {
      if (userId !== null) void queryClient.prefetchQuery(getInvoicesQueryOptions(api, filter))
    },
    [userId, api, queryClient]
  )
}
