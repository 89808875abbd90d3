// `?redirectTo=` after sign-in: only a path of this site, never another origin. `//evil.example`
// and `/\evil.example` are protocol-relative URLs for browsers, so they are refused too.
import { paths } from '@paraphe/shared/paths'

const BASE = 'https://same-site.invalid'

export function safeRedirect(value: string | null | undefined, fallback: string = paths.account.href()): string {
  if (value === null || value === undefined || value === '') return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback
  // Control characters (tabs and newlines are stripped by URL parsers) could hide a `//`.
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
