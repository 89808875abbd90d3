import { useEffect, useRef, useState } from 'react'
import { asApiError, type ApiClient, type ApiError } from '@/lib/api-client'
import { useWorkspace } from './use-workspace'

export type ApiLoad<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; error: ApiError }

/**
 * A workspace page's data: asked once the session is confirmed, again on `reload()` (after an
 * action, or « Réessayer ») and when `key` changes (a search), after `delayMs` of quiet so typing
 * does not ask at every key; an answer that comes after the page moved on is dropped.
 */
export function useApiLoad<T>(fetch: (api: ApiClient, signal: AbortSignal) => Promise<T>, { key = '', delayMs = 0 }: { key?: string; delayMs?: number } = {}): { load: ApiLoad<T>; reload: () => void } {
  const { userId, api } = useWorkspace()
  const [load, setLoad] = useState<ApiLoad<T>>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // The page's function changes at each render; the request follows the inputs below, not it.
  const latest = useRef(fetch)
  useEffect(() => {
    latest.current = fetch
  })

  useEffect(() => {
    if (userId === null) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      latest.current(api, controller.signal).then(
        (data) => setLoad({ kind: 'ready', data }),
        (error: unknown) => {
          if (!controller.signal.aborted) setLoad({ kind: 'failed', error: asApiError(error) })
        }
      )
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, userId, attempt, key, delayMs])

  return { load, reload: () => setAttempt((count) => count + 1) }
}
