// The prerendered pages (HTML and their `_payload.json`) with this start's runtime values filled
// in (site name, operator identity, runtime config), held in memory with their compressed copies.
// This is templating, not file serving: the values are only known at start, so the build's
// precompressed copies of these files are stale and are made again here. Every other file of the
// build is served from disk by @fastify/static (plugins/external/static-files.ts).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { NOT_FOUND_PATH_PLACEHOLDER } from '@paraphe/shared/build-manifest'
import { RUNTIME_CONFIG_PLACEHOLDER, textValues, type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { escapeHtml, jsonForScript, substitute } from '@paraphe/shared/html-text'
import { REVALIDATE } from './cache-policy.js'
import { compressOnce, etagOf, fillGzipTemplate, gzipTemplate } from './compress.js'
import { compressionCache } from './compression-cache.js'

export type Encoding = 'br' | 'gzip' | 'identity'

/** The 404 page's encodings: gzip can be assembled around the path without compressing (brotli cannot). */
export const NOT_FOUND_ENCODINGS: readonly Encoding[] = ['gzip', 'identity']

const HTML = 'text/html; charset=utf-8'
const JSON_TYPE = 'application/json; charset=utf-8'

export interface Representation {
  body: Buffer
  headers: Readonly<Record<string, string>>
}

export interface Page {
  /** The URL path, `:param` segments included (`/espace/devis/:id`): a route pattern for Fastify. */
  path: string
  representations: Partial<Record<Encoding, Representation>>
  available: readonly Encoding[]
}

export interface PageStore {
  pages: readonly Page[]
  lookup: (urlPath: string) => Page | undefined
  /** The 404 page for a path, in the requested encoding (gzip or identity: see NOT_FOUND_ENCODINGS). */
  notFoundPage: (requestPath: string, encoding: Encoding) => Representation
  readonly size: number
}

/** What the page store holds: prerendered HTML and route payloads. The rest is @fastify/static's. */
export function isTemplated(relativePath: string): boolean {
  return relativePath.endsWith('.html') || path.basename(relativePath) === '_payload.json'
}

function makePage(urlPath: string, contentType: string, identity: Buffer, compressed: { br: Buffer; gzip: Buffer }): Page {
  const representations: Partial<Record<Encoding, Representation>> = {}
  const add = (encoding: Encoding, body: Buffer): void => {
    // Serving a compressed body only pays when it is smaller.
    if (encoding !== 'identity' && body.length >= identity.length) return
    const headers: Record<string, string> = {
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': REVALIDATE,
      etag: etagOf(body),
      vary: 'Accept-Encoding'
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    representations[encoding] = { body, headers }
  }
  add('identity', identity)
  add('br', compressed.br)
  add('gzip', compressed.gzip)
  const available = (['br', 'gzip', 'identity'] as const).filter((encoding) => representations[encoding] !== undefined)
  return { path: urlPath, representations, available }
}

/** `/tarifs/index.html` → `/tarifs`; `index.html` → `/`. */
export function urlPathOf(relativePath: string): string {
  const posix = relativePath.split(path.sep).join('/')
  if (posix === 'index.html') return '/'
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'/index.html'.length)}`
  return `/${posix}`
}

/** `cacheDir`: where compressions are kept between starts (site/compression-cache.ts); none when unset. */
export async function loadPageStore(siteDir: string, runtime: RuntimeConfig, cacheDir?: string): Promise<PageStore> {
  const cache = cacheDir === undefined ? undefined : compressionCache(cacheDir)
  const compress = cache?.compress ?? compressOnce
  const pages = new Map<string, Page>()
  const htmlValues = new Map([...textValues(runtime)].map(([key, value]) => [key, escapeHtml(value)]))
  htmlValues.set(RUNTIME_CONFIG_PLACEHOLDER, jsonForScript(runtime))
  const jsonValues = new Map([...textValues(runtime)].map(([key, value]) => [key, JSON.stringify(value).slice(1, -1)]))
  let notFoundHtml = ''

  /** One page or payload; compressions run side by side (compressOnce). */
  async function loadEntry(relative: string): Promise<void> {
    const raw = await readFile(path.join(siteDir, relative), 'utf8')
    if (relative === '404.html') {
      notFoundHtml = substitute(raw, htmlValues)
      return
    }
    const isPage = relative.endsWith('.html')
    const body = Buffer.from(substitute(raw, isPage ? htmlValues : jsonValues))
    const urlPath = urlPathOf(relative)
    pages.set(urlPath, makePage(urlPath, isPage ? HTML : JSON_TYPE, body, await compress(body)))
  }

  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true })
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)))
      // Build internals (.vite/) are not URLs.
      .filter((relative) => isTemplated(relative) && !relative.split(path.sep).some((part) => part.startsWith('.')))
      .map(loadEntry)
  )
  if (notFoundHtml === '') throw new Error(`${siteDir} has no 404.html: run \`npm run build\``)
  // Not awaited: the start does not wait for it, and a failure only leaves old entries behind.
  if (cache !== undefined) setImmediate(() => void cache.prune().catch(() => undefined))

  // The 404 page names the path: compressed once around it, filled in per request.
  const notFoundParts = notFoundHtml.split(NOT_FOUND_PATH_PLACEHOLDER).map((part) => Buffer.from(part))
  const notFoundGzip = gzipTemplate(notFoundParts)
  const patterns = routePatterns([...pages.keys()].sort())
  return {
    pages: [...pages.values()],
    lookup: (urlPath) => pages.get(urlPath) ?? pages.get(matchPattern(patterns, urlPath) ?? ''),
    notFoundPage: (requestPath, encoding) => {
      const path = Buffer.from(escapeHtml(requestPath))
      const body =
        encoding === 'gzip'
          ? fillGzipTemplate(notFoundGzip, path)
          : Buffer.concat(notFoundParts.flatMap((part, index) => (index === 0 ? [part] : [path, part])))
      const headers: Record<string, string> = {
        'content-type': HTML,
        'content-length': String(body.length),
        'cache-control': REVALIDATE,
        vary: 'Accept-Encoding'
      }
      if (encoding === 'gzip') headers['content-encoding'] = 'gzip'
      return { body, headers }
    },
    get size() {
      return pages.size
    }
  }
}

/** A page prerendered at a route pattern (`/espace/devis/:id`): its path, split in segments. */
interface RoutePattern {
  path: string
  segments: string[]
}

/**
 * The prerendered paths with a `:param` segment. Such a page is a shell whose HTML holds nothing
 * of the parameter (the browser loads the data), so it serves every path of that shape.
 */
export function routePatterns(urlPaths: readonly string[]): RoutePattern[] {
  return urlPaths
    .filter((urlPath) => urlPath.split('/').some((segment) => segment.startsWith(':')))
    .map((urlPath) => ({ path: urlPath, segments: urlPath.split('/') }))
}

/** The pattern a path matches (each `:param` stands for one non-empty segment), if any. */
export function matchPattern(patterns: readonly RoutePattern[], urlPath: string): string | undefined {
  const segments = urlPath.split('/')
  return patterns.find(
    (pattern) =>
      pattern.segments.length === segments.length &&
      pattern.segments.every((segment, index) => {
        const actual = segments[index] as string
        return segment.startsWith(':') ? actual !== '' : segment === actual
      })
  )?.path
}
