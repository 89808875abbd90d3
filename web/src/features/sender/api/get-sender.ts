import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { senderApi } from './sender-api'

/** The company's own sending address and its state. */
export const getSenderQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.sender, queryFn: ({ signal }) => senderApi.read(api, signal) })

export function useSender() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getSenderQueryOptions(api), enabled: userId !== null })
}
