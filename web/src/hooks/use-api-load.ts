import { useEffect, useRef, useState } from 'react'
import { asApiError, type ApiClient, type ApiError } from '@/lib/api-client'
import { useWorkspace } from './use-workspace'

export type ApiLoad<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError }

/**
 * A workspace page's data: asked once the session is confirmed, again on `reload()` (after an
 * action, or « Réessayer ») and when `key` changes (a search), after `delayMs` of quiet so typing
 * does not ask at every key; an answer that comes after the page moved on is dropped.
 * `reload()` settles once the new answer is shown, so an action's « done » notice can wait for it:
 * the page never says « X est retiré » while X is still listed.
 */
export function useApiLoad<T>(
  fetch: (api: ApiClient, signal: AbortSignal) => Promise<T>,
  { key = '', delayMs = 0 }: { key?: string; delayMs?: number } = {}
): { load: ApiLoad<T>; reload: () => Promise<void> } {
  const { userId, api } = useWorkspace()
  const [load, setLoad] = useState<ApiLoad<T>>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // The page's function changes at each render; the request follows the inputs below, not it.
  const latest = useRef(fetch)
  useEffect(() => {
    latest.current = fetch
  })
  // Who waits for the next answer shown: a reload superseded by another waits for the later one.
  const waiting = useRef<Array<() => void>>([])
  const settle = () => {
    for (const resolve of waiting.current.splice(0)) resolve()
  }

  useEffect(() => {
    if (userId === null) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      latest.current(api, controller.signal).then(
        (data) => {
          setLoad({ kind: 'ready', data })
          settle()
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          setLoad({ kind: 'failed', error: asApiError(error) })
          settle()
        }
      )
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, userId, attempt, key, delayMs])

  return {
    load,
    reload: () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve)
        setAttempt((count) => count + 1)
      })
  }
}
