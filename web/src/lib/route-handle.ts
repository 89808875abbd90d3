import { useMatches } from 'react-router-dom'

/** What every page module exports as `handle`: its head, and data for its `_payload.json`. */
export interface RouteHandle {
  title: string
  description: string
  /** Data computed at build time and published in the route's `_payload.json`. */
  payload?: () => unknown
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RouteHandle).title === 'string' &&
    typeof (value as RouteHandle).description === 'string'
  )
}

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle
    if (isRouteHandle(handle)) return handle
  }
  return undefined
}

export function documentTitle(title: string, siteName: string): string {
  return `${title} · ${siteName}`
}
