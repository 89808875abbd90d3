import { queryOptions, useQuery } from '@tanstack/react-query'
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
