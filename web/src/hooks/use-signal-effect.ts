import { useEffect, type DependencyList } from 'react'

/**
 * An effect given an AbortSignal that aborts when `deps` change or the page goes: a request it
 * starts is cancelled, and its late answer can be told apart (`signal.aborted`) and dropped.
 * For the public pages' few reads (a signing link, an invoice link, the pricing page's plan),
 * which stay without the workspace's query cache so their first load stays small.
 */
export function useSignalEffect(effect: (signal: AbortSignal) => void | (() => void), deps: DependencyList): void {
  useEffect(() => {
    const controller = new AbortController()
    const cleanup = effect(controller.signal)
    return () => {
      controller.abort()
      cleanup?.()
    }
    // The caller's deps, checked by the lint rule (react-hooks/exhaustive-deps, additionalHooks).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)
}
