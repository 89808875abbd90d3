import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { clientsApi } from '@/lib/clients-api'

/** One saved client's sheet, with its quotes. */
export const getClientQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({ queryKey: queryKeys.clients.one(id), queryFn: ({ signal }) => clientsApi.page(api, id, signal) })

export function useClient(id: string) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getClientQueryOptions(api, id), enabled: userId !== null })
}
