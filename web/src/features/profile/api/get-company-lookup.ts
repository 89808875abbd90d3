import { queryOptions, useQuery } from '@tanstack/react-query'
import { useWorkspace } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { profileApi } from './profile-api'

/** A SIRET's company in the State's company search: what it says does not change while the page is open. */
export const getCompanyLookupQueryOptions = (api: ApiClient, siret: string) =>
  queryOptions({
    queryKey: queryKeys.companyLookup(siret),
    queryFn: ({ signal }) => profileApi.lookUp(api, siret, signal),
    staleTime: Infinity
  })

export function useCompanyLookup(siret: string, enabled: boolean) {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getCompanyLookupQueryOptions(api, siret), enabled: userId !== null && enabled })
}
