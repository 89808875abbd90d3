import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the CSS media query matches, followed as the window changes (false on the server and
 * during hydration's first render, like a phone).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    [query]
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false
  )
}
