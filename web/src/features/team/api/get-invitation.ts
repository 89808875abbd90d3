import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { teamApi } from './team-api'

/** The invitation a link names (who invites, to which company, whether it is still open). */
export const getInvitationQueryOptions = (api: ApiClient, token: string) =>
  queryOptions({ queryKey: queryKeys.invitation(token), queryFn: ({ signal }) => teamApi.view(api, token, signal) })

/** `token` null: not known yet (before hydration), nothing asked. */
export function useInvitation(token: string | null) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getInvitationQueryOptions(api, token ?? ''), enabled: userId !== null && token !== null })
}
