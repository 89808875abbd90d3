import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { profileApi } from './profile-api'

/** The saved logo's image, for the profile page's preview. */
export const getProfileLogoQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.profileLogo, queryFn: ({ signal }) => profileApi.logo(api, signal), gcTime: 0 })

export function useProfileLogo(saved: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getProfileLogoQueryOptions(api), enabled: userId !== null && saved })
}
