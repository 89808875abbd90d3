import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, authErrorBody } from '../../auth-errors.js'
import { authEndpointOf, authRateLimit } from '../../rate-limit/auth-limits.js'

/** Auth requests are small JSON documents; anything bigger is refused before it is forwarded. */
export const AUTH_BODY_LIMIT = 64 * 1024

/**
 * `ANY /auth/v1/*` → Supabase Auth, on the site's own origin (no CORS). The client's address
 * reaches GoTrue only from the trusted proxy hop: whatever X-Forwarded-* the client sent is
 * replaced. Failures of the upstream become supabase-js-shaped JSON errors, logged once.
 */
export default async function authProxy(fastify: FastifyInstance) {
  const auth = fastify.config.auth
  // Without an upstream, the gateway serves the accounts itself (src/accounts).
  if (auth === null) return

  // Per-IP budgets in the database, shared by every gateway (rate-limit/auth-limits.ts).
  const limit = authRateLimit(fastify.rateLimiter, auth.rateLimitPerMinute)

  // Errors raised in this scope (rate limit, body size) answer in the auth API's shape. They are
  // answers, not faults: the access log (Caddy) keeps them; this scope logs at error level only.
  fastify.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status === 429) return reply.code(429).send(authErrorBody('over_request_rate_limit', AUTH_MESSAGES.rateLimited))
    if (status === 413) return reply.code(413).send(authErrorBody('request_too_large', AUTH_MESSAGES.tooLarge))
    if (status < 500) return reply.code(status).send(authErrorBody('invalid_request', AUTH_MESSAGES.invalidRequest))
    request.log.error({ err: error }, 'auth request failed')
    return reply.code(502).send(authErrorBody('upstream_unavailable', AUTH_MESSAGES.unavailable))
  })

  const upstreamLabel = auth.upstream.href.replace(/\/$/, '')
  const health = new URL(`${upstreamLabel}/health`)
  fastify.readiness.add('auth', async () => (await fetch(health, { signal: AbortSignal.timeout(auth.timeoutMs) })).ok)
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const endpoint = authEndpointOf(request.url)
    // The admin API (service_role key) serves operators' tools on the private network only.
    if (endpoint === 'admin') return reply.code(404).send(authErrorBody('not_found', AUTH_MESSAGES.notFound))
    const limited = await limit(request.url, request.ip)
    if (limited !== null && !limited.allowed) {
      return reply
        .code(429)
        .header('retry-after', String(limited.retryAfterSeconds))
        .send(authErrorBody('over_request_rate_limit', AUTH_MESSAGES.rateLimited))
    }
  }

  // Bodies are read whole (bounded), then forwarded byte for byte from memory. Streaming the
  // client's own request instead would take its connection down with an upstream failure,
  // rather than answering 502.
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT }, (request, body, done) =>
    done(null, Readable.from([body]))
  )

  // Imported here: without an upstream, a start does not load the proxy and its HTTP client.
  const { default: httpProxy } = await import('@fastify/http-proxy')
  await fastify.register(httpProxy, {
    upstream: auth.upstream.href,
    prefix: '/auth/v1',
    proxyPayloads: false,
    // GoTrue answers /verify with a 303 to the site: its Location must reach the browser as is.
    internalRewriteLocationHeader: false,
    undici: {
      connectTimeout: auth.timeoutMs,
      headersTimeout: auth.timeoutMs,
      bodyTimeout: auth.timeoutMs
    },
    preHandler: guard,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const { 'x-forwarded-for': _for, 'x-forwarded-proto': _proto, 'x-forwarded-host': _host, forwarded: _forwarded, ...rest } = headers
        return {
          ...rest,
          'x-forwarded-for': request.ip,
          'x-forwarded-proto': request.protocol,
          'x-forwarded-host': request.host
        }
      },
      onError: (reply, { error }: { error: Error & { code?: string; statusCode?: number } }) => {
        const timedOut = error.statusCode === 504 || /TIMEOUT/i.test(error.code ?? '')
        // One line per failed request, with what failed, for the operator.
        reply.log.error(
          { upstream: upstreamLabel, code: error.code, cause: (error.cause as Error | undefined)?.message },
          'auth upstream failed'
        )
        if (timedOut) void reply.code(504).send(authErrorBody('upstream_timeout', AUTH_MESSAGES.timeout))
        else void reply.code(502).send(authErrorBody('upstream_unavailable', AUTH_MESSAGES.unavailable))
      }
    }
  })
}
