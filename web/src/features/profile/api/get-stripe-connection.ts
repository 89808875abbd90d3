import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { stripeConnectionApi } from './stripe-connection-api'

/** The company's own Stripe account, as « Paiement par carte » shows it. */
export const getStripeConnectionQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.stripeConnection, queryFn: ({ signal }) => stripeConnectionApi.get(api, signal) })

export function useStripeConnection() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getStripeConnectionQueryOptions(api), enabled: userId !== null })
}
