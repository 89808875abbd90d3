import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { negotiateEncoding } from '../site/encoding.js'
import { isNoindexPage, NOINDEX } from '../site/robots.js'
import { NOT_FOUND_ENCODINGS, type Representation } from '../site/site-store.js'

/** If-None-Match matches when it is `*` or lists this ETag (weak comparison, RFC 9110 §13.1.2). */
function matchesEtag(header: string, etag: string | undefined): boolean {
  if (header.trim() === '*') return true
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)
}

/** Pages, assets, manifests and payloads from memory; anything else gets the 404 page. */
export default async function siteRoutes(fastify: FastifyInstance) {
  const { site } = fastify

  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const queryAt = request.url.indexOf('?')
    const urlPath = queryAt === -1 ? request.url : request.url.slice(0, queryAt)

    const file = site.lookup(urlPath)
    if (file === undefined) {
      // `/tarifs/` → `/tarifs`. Never for `//host/` (that would redirect off-site).
      if (urlPath.length > 1 && urlPath.endsWith('/') && !urlPath.startsWith('//')) {
        const target = urlPath.replace(/\/+$/, '')
        if (site.lookup(target) !== undefined) {
          return reply.redirect(target + (queryAt === -1 ? '' : request.url.slice(queryAt)), 308)
        }
      }
      const encoding = negotiateEncoding(request.headers['accept-encoding'], NOT_FOUND_ENCODINGS) ?? 'identity'
      const page = site.notFoundPage(urlPath, encoding)
      return reply.code(404).headers(page.headers).send(page.body)
    }

    if (isNoindexPage(urlPath)) reply.header('x-robots-tag', NOINDEX)
    const ifNoneMatch = request.headers['if-none-match']
    const encoding = negotiateEncoding(request.headers['accept-encoding'], file.available)
    if (encoding === null) {
      return reply.code(406).type('text/plain; charset=utf-8').send('Aucun encodage acceptable.')
    }
    // Negotiated among the file's available encodings, so it exists.
    const representation = file.representations[encoding] as Representation
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, representation.headers.etag)) {
      const { etag, 'cache-control': cacheControl, vary } = representation.headers
      reply.code(304).header('etag', etag).header('cache-control', cacheControl)
      if (vary !== undefined) reply.header('vary', vary)
      return reply.send()
    }
    return reply.headers(representation.headers).send(representation.body)
  }

  fastify.get('/*', { logLevel: fastify.config.staticLogLevel }, serve)
}
