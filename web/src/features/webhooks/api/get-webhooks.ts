import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { webhooksApi } from './webhooks-api'

/** The company's webhook endpoints. */
export const getWebhooksQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.webhooks, queryFn: ({ signal }) => webhooksApi.list(api, signal) })

export function useWebhooks() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getWebhooksQueryOptions(api), enabled: userId !== null })
}
