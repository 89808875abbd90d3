import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDebounced } from '@/hooks/use-debounced'
import { queryKeys } from '@/lib/query-keys'
import { useWorkspace } from '@/hooks/use-workspace'
import { CLIENT_SEARCH_MAX_LENGTH, clientsApi, type SavedClient } from '@/lib/clients-api'

/** How many saved clients are offered at once. */
const SUGGESTIONS = 6

/** What to search the saved clients for: null when nothing is typed, or more than the search takes. */
export function clientSearchText(query: string): string | null {
  const trimmed = query.trim()
  return trimmed === '' || trimmed.length > CLIENT_SEARCH_MAX_LENGTH ? null : trimmed
}

/**
 * The saved clients matching what is typed in « Choisir un client enregistré », asked after a
 * pause in the typing (null: nothing asked). A failed search offers nothing rather than an error:
 * the client can always be typed by hand.
 */
export function useClientSuggestions(query: string): SavedClient[] | null {
  const { userId, api } = useWorkspace()
  const wanted = clientSearchText(query)
  const asked = useDebounced(wanted, 150)
  const { data, isError } = useQuery({
    queryKey: queryKeys.clients.list(asked ?? '', SUGGESTIONS),
    queryFn: ({ signal }) => clientsApi.list(api, { search: asked ?? '', limit: SUGGESTIONS }, signal),
    enabled: userId !== null && asked !== null,
    placeholderData: keepPreviousData
  })
  return wanted === null || isError ? null : (data?.clients ?? null)
}
