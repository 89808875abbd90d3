import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useDebounced } from '@/hooks/use-debounced'
import { queryKeys } from '@/lib/query-keys'
import { useWorkspace } from '@/hooks/use-workspace'
import { ITEM_SEARCH_MAX_LENGTH, itemsApi, type SavedItem } from '@/lib/items-api'

/** How many saved items are offered under a line at once. */
const SUGGESTIONS = 6
/** Fewer characters match too much to help. */
export const MIN_QUERY_LENGTH = 2

/**
 * What to search the saved items for while a designation is typed: null before 2 letters, and
 * past the search's length (a designation being written out in full, there is nothing to find).
 */
export function itemSearchText(query: string | null): string | null {
  const trimmed = query?.trim() ?? ''
  return trimmed.length < MIN_QUERY_LENGTH || trimmed.length > ITEM_SEARCH_MAX_LENGTH ? null : trimmed
}

/**
 * The saved items matching what is being typed in a line's designation, asked after a pause in
 * the typing (null: nothing asked). A failed search offers nothing rather than an error: the line
 * can always be typed by hand.
 */
export function useItemSuggestions(query: string | null): SavedItem[] | null {
  const { userId, api } = useWorkspace()
  const wanted = itemSearchText(query)
  const asked = useDebounced(wanted, 150)
  const { data, isError } = useQuery({
    queryKey: queryKeys.items.list(asked ?? '', SUGGESTIONS),
    queryFn: ({ signal }) => itemsApi.list(api, { search: asked ?? '', limit: SUGGESTIONS }, signal),
    enabled: userId !== null && asked !== null,
    placeholderData: keepPreviousData
  })
  return wanted === null || isError ? null : (data?.items ?? null)
}
