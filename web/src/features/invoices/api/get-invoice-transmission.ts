import { queryOptions, useQuery } from '@tanstack/react-query'
import type { InvoiceRead } from '@paraphe/shared/api/transmission-schemas'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** An issued invoice's transmission (which way it left, the platform's statuses), read with the invoice. */
export const getInvoiceTransmissionQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: queryKeys.invoices.transmission(id),
    queryFn: async ({ signal }) => (await api.get<InvoiceRead>(`/api/invoices/${encodeURIComponent(id)}`, { signal })).transmission
  })

export function useInvoiceTransmission(id: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getInvoiceTransmissionQueryOptions(api, id), enabled: userId !== null })
}
