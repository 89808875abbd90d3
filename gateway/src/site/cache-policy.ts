// Cache-Control by URL: hashed assets and per-build manifests never change; what names the
// current build must always be asked again.

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
export const NEVER_STORE = 'no-store'

export function cacheControlFor(urlPath: string, contentType: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath === '/builds/latest.json') return NEVER_STORE
  if (urlPath.startsWith('/builds/meta/')) return IMMUTABLE
  if (contentType.startsWith('text/html') || urlPath.endsWith('/_payload.json')) return REVALIDATE
  return 'public, max-age=3600'
}
