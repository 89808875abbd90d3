// The company's profile (`/api/profile`), read once per screen: the profile page, the quotes'
// dashboard (what is missing before sending) and the invoicing pages (VAT regime, bank details)
// share one cached answer; saving the profile invalidates it, so every screen shows the change.
import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { useWorkspace } from './use-workspace'

export const getProfile = (api: ApiClient, signal?: AbortSignal): Promise<ProfileBody> => api.get<ProfileBody>('/api/profile', { signal })

export const getProfileQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.profile, queryFn: ({ signal }) => getProfile(api, signal) })

export function useProfile() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getProfileQueryOptions(api), enabled: userId !== null })
}
