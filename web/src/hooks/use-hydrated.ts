import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False while React renders what the prerender produced (hydration), true afterwards and on
 * every client-side render. Anything that depends on the browser (runtime config values that
 * are not text, storage, the URL's query or fragment) waits for it, so hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false
  )
}
