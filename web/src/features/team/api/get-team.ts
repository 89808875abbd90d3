import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { teamApi } from './team-api'

/** The company's members and pending invitations. */
export const getTeamQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.team, queryFn: ({ signal }) => teamApi.team(api, signal) })

export function useTeam() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getTeamQueryOptions(api), enabled: userId !== null })
}
