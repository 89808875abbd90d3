import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { apiKeysApi } from './api-keys-api'

/** The company's API keys (never their secrets). */
export const getApiKeysQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.apiKeys, queryFn: ({ signal }) => apiKeysApi.list(api, signal) })

export function useApiKeys() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getApiKeysQueryOptions(api), enabled: userId !== null })
}
