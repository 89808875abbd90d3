/** What every page module exports as `handle`: its head, and data for its `_payload.json`. */
export interface RouteHandle {
  title: string
  description: string
  /** Data computed at build time and published in the route's `_payload.json`. */
  payload?: () => unknown
}

export function documentTitle(title: string, siteName: string): string {
  return `${title} · ${siteName}`
}
