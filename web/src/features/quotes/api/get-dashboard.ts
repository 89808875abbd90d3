import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { quotesApi } from './quotes-api'

/** The workspace's figures above the quotes list. */
export const getDashboardQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.dashboard, queryFn: ({ signal }) => quotesApi.dashboard(api, signal) })

export function useDashboard() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getDashboardQueryOptions(api), enabled: userId !== null })
}
