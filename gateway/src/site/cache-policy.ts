// Cache-Control by URL: hashed assets and per-build manifests never change; what names the
// current build, and the pages, must always be asked again.

export const IMMUTABLE = 'public, max-age=31536000, immutable'
export const REVALIDATE = 'no-cache'
export const NEVER_STORE = 'no-store'
/** Unhashed files (favicon, robots.txt, sitemap): may change with a deploy, an hour is harmless. */
export const SHORT = 'public, max-age=3600'

/** For a file served by @fastify/static, by its URL path (`/assets/index-abc.js`). */
export function cacheControlForFile(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE
  if (urlPath === '/builds/latest.json') return NEVER_STORE
  if (urlPath.startsWith('/builds/meta/')) return IMMUTABLE
  return SHORT
}
