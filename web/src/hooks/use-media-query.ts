import { useCallback, useSyncExternalStore } from 'react'

// One list per query: matchMedia builds a new one at each call, and a key typed in the quote
// editor asks at every render.
const lists = new Map<string, MediaQueryList>()

/** The page's MediaQueryList for `query`, made once. */
export function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query)
  if (list === undefined) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

/**
 * Whether the CSS media query matches, followed as the window changes (false on the server and
 * during hydration's first render, like a phone).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = mediaQueryList(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    [query]
  )
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query).matches,
    () => false
  )
}
