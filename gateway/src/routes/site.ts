import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from '../errors.js'
import { NOT_FOUND_MESSAGE } from '../plugins/app/errors.js'
import staticFiles from '../plugins/external/static-files.js'
import { isNoindexPage, NOINDEX } from '../site/robots.js'
import { NOT_FOUND_ENCODINGS, type Encoding, type Page, type Representation } from '../site/page-store.js'

/** If-None-Match matches when it is `*` or lists this ETag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string, etag: string | undefined): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/**
 * The best of `available` the client accepts; identity when it names none of them (an old client
 * or a bare `Accept-Encoding:` still gets the page rather than a 406).
 */
export function encodingFor(header: string | undefined, available: readonly Encoding[]): Encoding {
  if (header === undefined || header.trim() === '') return 'identity'
  return negotiate<Encoding>(header.toLowerCase(), [...available]) ?? 'identity'
}

function pathOf(url: string): string {
  const queryAt = url.indexOf('?')
  return queryAt === -1 ? url : url.slice(0, queryAt)
}

/**
 * The prerendered pages from memory, one route each (a page prerendered at `/espace/devis/:id`
 * is that route pattern); the build's other files through @fastify/static; anything else the 404
 * page, through Fastify's not-found handler.
 */
export default async function siteRoutes(fastify: FastifyInstance) {
  const { site, config } = fastify

  const servePage = (page: Page) => async (request: FastifyRequest, reply: FastifyReply) => {
    // The router lets a parameter be empty (`/espace/devis/`); a page's pattern stands for a value.
    if (Object.values(request.params as Record<string, string>).some((value) => value === '')) return reply.callNotFound()
    if (isNoindexPage(pathOf(request.url))) reply.header('x-robots-tag', NOINDEX)
    // Negotiated among the page's available encodings, so it exists.
    const representation = page.representations[encodingFor(request.headers['accept-encoding'], page.available)] as Representation
    const ifNoneMatch = request.headers['if-none-match']
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, representation.headers.etag)) {
      const { etag, 'cache-control': cacheControl, vary } = representation.headers
      return reply.code(304).header('etag', etag).header('cache-control', cacheControl).header('vary', vary).send()
    }
    return reply.headers(representation.headers).send(representation.body)
  }
  for (const page of site.pages) {
    fastify.get(page.path, servePage(page))
  }

  await fastify.register(staticFiles, { siteDir: config.siteDir, logLevel: config.staticLogLevel })

  // Logged at the site's level: siteRoutes is registered with it (app.ts).
  fastify.setNotFoundHandler(async (request, reply) => {
    // Other methods on any path: the API's JSON answer (a form posting to a page, a typo'd verb).
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send(errorBody('not_found', NOT_FOUND_MESSAGE))
    const urlPath = pathOf(request.url)
    // `/tarifs/` → `/tarifs`. Never for `//host/` (that would redirect off-site).
    if (urlPath.length > 1 && urlPath.endsWith('/') && !urlPath.startsWith('//')) {
      const target = urlPath.replace(/\/+$/, '')
      if (site.lookup(target) !== undefined) return reply.redirect(target + request.url.slice(urlPath.length), 308)
    }
    const page = site.notFoundPage(urlPath, encodingFor(request.headers['accept-encoding'], NOT_FOUND_ENCODINGS))
    return reply.code(404).headers(page.headers).send(page.body)
  })
}
