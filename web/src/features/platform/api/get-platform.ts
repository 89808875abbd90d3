import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { platformApi } from './platform-api'

/** The connection to the company's plateforme agréée (its secret never read back). */
export const getPlatformQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.platform, queryFn: ({ signal }) => platformApi.read(api, signal) })

export function usePlatform() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getPlatformQueryOptions(api), enabled: userId !== null })
}
