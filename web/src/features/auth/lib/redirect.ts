// `?redirectTo=` after sign-in: only a path of this site, never another origin. `//evil.example`
// and `/\evil.example` are protocol-relative URLs for browsers, so they are refused too.
import { paths } from '@paraphe/shared/paths'

const BASE = 'https://same-site.invalid'

export function safeRedirect(value: string | null | undefined, fallback: string = paths.account.href()): string {
  if (value === null || value === undefined || value === '') return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // Control characters (tabs and newlines are stripped by URL parsers) could hide a `//`.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback
  // A path resolved against an origin stays on it (never throws once it starts with one `/`).
  const url = new URL(value, BASE)
  if (url.origin !== BASE) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** The `redirectTo` of a query string (`?redirectTo=%2Fespace`), made safe. */
export function redirectFromSearch(search: string, fallback?: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirectTo'), fallback)
}

// Where a sign-up was heading (e.g. a plan's checkout), kept in this browser for the e-mail
// link: the confirmation e-mail leads to /confirm-email without it, possibly in a new tab.
const REMEMBERED_KEY = 'paraphe.after-signup'
const REMEMBERED_TTL_MS = 24 * 3600 * 1000

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // Storage disabled (privacy settings): the visitor simply lands in the workspace.
    return null
  }
}

export function rememberRedirect(value: string, storage: KeyValueStore | null = browserStorage(), now = Date.now()): void {
  try {
    storage?.setItem(REMEMBERED_KEY, JSON.stringify({ to: safeRedirect(value), at: now }))
  } catch {
    // Quota or disabled storage: nothing to remember.
  }
}

/** The remembered redirect (once: it is forgotten as it is read), if still fresh and safe. */
export function takeRememberedRedirect(storage: KeyValueStore | null = browserStorage(), now = Date.now()): string | undefined {
  try {
    const raw = storage?.getItem(REMEMBERED_KEY) ?? null
    storage?.removeItem(REMEMBERED_KEY)
    if (raw === null) return undefined
    const { to, at } = JSON.parse(raw) as { to?: unknown; at?: unknown }
    if (typeof to !== 'string' || typeof at !== 'number' || now - at > REMEMBERED_TTL_MS || now < at) return undefined
    const safe = safeRedirect(to, '')
    return safe === '' ? undefined : safe
  } catch {
    return undefined
  }
}
