// The built site, held in memory: every file with its identity, brotli and gzip bodies and
// precomputed headers. Requests only look up a map, so no request can reach the file system
// (and `..` in a URL can only miss).
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { NOT_FOUND_PATH_PLACEHOLDER } from '@paraphe/shared/build-manifest'
import { RUNTIME_CONFIG_PLACEHOLDER, textValues, type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { cacheControlFor, REVALIDATE } from './cache-policy.js'
import { compressOnce, etagOf, fillGzipTemplate, gzipTemplate } from './compress.js'
import { compressionCache } from './compression-cache.js'
import { contentTypeFor, isCompressible } from './content-types.js'
import type { Encoding } from './encoding.js'
import { escapeHtml, jsonForScript, substitute } from '@paraphe/shared/html-text'

/** The 404 page's encodings: gzip can be assembled around the path without compressing (brotli cannot). */
export const NOT_FOUND_ENCODINGS: readonly Encoding[] = ['gzip', 'identity']

export interface Representation {
  body: Buffer
  headers: Readonly<Record<string, string>>
}

export interface SiteFile {
  representations: Partial<Record<Encoding, Representation>>
  available: readonly Encoding[]
}

export interface SiteStore {
  lookup: (urlPath: string) => SiteFile | undefined
  /** The 404 page for a path, in the requested encoding (gzip or identity: see NOT_FOUND_ENCODINGS). */
  notFoundPage: (requestPath: string, encoding: Encoding) => Representation
  readonly size: number
}

function makeFile(urlPath: string, contentType: string, identity: Buffer, compressed: Partial<Record<'br' | 'gzip', Buffer>>): SiteFile {
  const cacheControl = cacheControlFor(urlPath, contentType)
  const representations: Partial<Record<Encoding, Representation>> = {}
  const add = (encoding: Encoding, body: Buffer): void => {
    // Serving a compressed body only pays when it is smaller.
    if (encoding !== 'identity' && body.length >= identity.length) return
    const headers: Record<string, string> = {
      'content-type': contentType,
      'content-length': String(body.length),
      'cache-control': cacheControl,
      etag: etagOf(body)
    }
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    if (compressed.br !== undefined || compressed.gzip !== undefined) headers.vary = 'Accept-Encoding'
    representations[encoding] = { body, headers }
  }
  add('identity', identity)
  if (compressed.br !== undefined) add('br', compressed.br)
  if (compressed.gzip !== undefined) add('gzip', compressed.gzip)
  const available = (['br', 'gzip', 'identity'] as const).filter((encoding) => representations[encoding] !== undefined)
  return { representations, available }
}

/** `/tarifs/index.html` → `/tarifs`; `index.html` → `/`. */
export function urlPathOf(relativePath: string): string {
  const posix = relativePath.split(path.sep).join('/')
  if (posix === 'index.html') return '/'
  if (posix.endsWith('/index.html')) return `/${posix.slice(0, -'/index.html'.length)}`
  return `/${posix}`
}

/** `cacheDir`: where compressions are kept between starts (site/compression-cache.ts); none when unset. */
export async function loadSiteStore(siteDir: string, runtime: RuntimeConfig, cacheDir?: string): Promise<SiteStore> {
  const cache = cacheDir === undefined ? undefined : compressionCache(cacheDir)
  const compress = cache?.compress ?? compressOnce
  const files = new Map<string, SiteFile>()
  const htmlValues = new Map([...textValues(runtime)].map(([key, value]) => [key, escapeHtml(value)]))
  htmlValues.set(RUNTIME_CONFIG_PLACEHOLDER, jsonForScript(runtime))
  const jsonValues = new Map([...textValues(runtime)].map(([key, value]) => [key, JSON.stringify(value).slice(1, -1)]))
  let notFoundHtml = ''

  /** One file of the build, with its encodings; compressions run side by side (compressOnce). */
  async function loadEntry(relative: string, name: string): Promise<void> {
    const absolute = path.join(siteDir, relative)
    const contentType = contentTypeFor(name)
    const raw = await readFile(absolute)

    if (relative === '404.html') {
      notFoundHtml = substitute(raw.toString('utf8'), htmlValues)
      return
    }
    const urlPath = urlPathOf(relative)
    const isPage = contentType.startsWith('text/html')
    if (isPage || name === '_payload.json') {
      // Runtime values go into the prerendered text, so the precompressed copies are redone.
      const body = Buffer.from(substitute(raw.toString('utf8'), isPage ? htmlValues : jsonValues))
      files.set(urlPath, makeFile(urlPath, contentType, body, await compress(body)))
      return
    }
    const compressed: Partial<Record<'br' | 'gzip', Buffer>> = {}
    if (isCompressible(contentType)) {
      const [br, gzip] = await Promise.all([readOptional(`${absolute}.br`), readOptional(`${absolute}.gz`)])
      Object.assign(compressed, br !== undefined && gzip !== undefined ? { br, gzip } : await compress(raw))
    }
    files.set(urlPath, makeFile(urlPath, contentType, raw, compressed))
  }

  const entries = await readdir(siteDir, { recursive: true, withFileTypes: true })
  await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => ({ name: entry.name, relative: path.relative(siteDir, path.join(entry.parentPath, entry.name)) }))
      // Build internals (.vite/manifest.json, stamps) and precompressed siblings are not URLs.
      .filter(({ name, relative }) => !relative.split(path.sep).some((part) => part.startsWith('.')) && !/\.(br|gz)$/.test(name))
      .map(({ name, relative }) => loadEntry(relative, name))
  )
  if (notFoundHtml === '') throw new Error(`${siteDir} has no 404.html: run \`npm run build\``)
  // Not awaited: the start does not wait for it, and a failure only leaves old entries behind.
  if (cache !== undefined) setImmediate(() => void cache.prune().catch(() => undefined))

  // The 404 page names the path: compressed once around it, filled in per request.
  const notFoundParts = notFoundHtml.split(NOT_FOUND_PATH_PLACEHOLDER).map((part) => Buffer.from(part))
  const notFoundGzip = gzipTemplate(notFoundParts)
  const patterns = routePatterns([...files.keys()].sort())
  return {
    lookup: (urlPath) => files.get(urlPath) ?? files.get(matchPattern(patterns, urlPath) ?? ''),
    notFoundPage: (requestPath, encoding) => {
      const path = Buffer.from(escapeHtml(requestPath))
      const body = encoding === 'gzip' ? fillGzipTemplate(notFoundGzip, path) : Buffer.concat(notFoundParts.flatMap((part, index) => (index === 0 ? [part] : [path, part])))
      const headers: Record<string, string> = {
        'content-type': 'text/html; charset=utf-8',
        'content-length': String(body.length),
        'cache-control': REVALIDATE,
        vary: 'Accept-Encoding'
      }
      if (encoding === 'gzip') headers['content-encoding'] = 'gzip'
      return { body, headers }
    },
    get size() {
      return files.size
    }
  }
}

async function readOptional(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file)
  } catch {
    return undefined
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
