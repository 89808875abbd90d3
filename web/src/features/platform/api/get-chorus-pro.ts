import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { chorusProApi } from './platform-api'

/** The company's Chorus Pro access (its secrets never read back). */
export const getChorusProQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.chorusPro, queryFn: ({ signal }) => chorusProApi.read(api, signal) })

export function useChorusPro() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getChorusProQueryOptions(api), enabled: userId !== null })
}
