import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { invoicesApi } from '@/lib/invoices-api'

/** A signed quote's invoicing: its invoices and what is left to invoice. */
export const getQuoteInvoicingQueryOptions = (api: ApiClient, quoteId: string) =>
  queryOptions({ queryKey: queryKeys.invoices.ofQuote(quoteId), queryFn: ({ signal }) => invoicesApi.quoteInvoicing(api, quoteId, signal) })

export function useQuoteInvoicing(quoteId: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getQuoteInvoicingQueryOptions(api, quoteId), enabled: userId !== null })
}
