import { queryOptions, useQuery } from '@tanstack/react-query'
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
