import { useEffect, useState } from 'react'
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
  const { api } = useWorkspace()
  const [items, setItems] = useState<SavedItem[] | null>(null)
  const wanted = itemSearchText(query)
  useEffect(() => {
    if (wanted === null) {
      setItems(null)
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      itemsApi.list(api, { search: wanted, limit: SUGGESTIONS }, controller.signal).then(
        (list) => setItems(list.items),
        () => {
          if (!controller.signal.aborted) setItems(null)
        }
      )
    }, 150)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, wanted])
  return wanted === null ? null : items
}
