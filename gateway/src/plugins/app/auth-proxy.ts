import httpProxy from '@fastify/http-proxy'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES, authErrorBody } from '../../http/auth-errors.js'
import { authEndpointOf } from '../../rate-limit/auth-limits.js'
import { authBudget } from './auth-budget.js'
import { DEPENDENCY_TIMEOUT_MS } from './readiness.js'
import { upstreamRecoveryCodeRoutes } from './upstream-recovery-code-routes.js'
import { upstreamSessionRoutes } from './upstream-session-routes.js'

/** Auth requests are small JSON documents; anything bigger is refused before it is forwarded. */
export const AUTH_BODY_LIMIT = 64 * 1024
export const AUTH_PREFIX = '/auth/v1'
/** When to try again after the auth server could not be reached (it restarts in seconds). */
export const AUTH_RETRY_AFTER_SECONDS = 5

/** `/auth/v1/x/../admin` → `/auth/v1/admin`: the rules apply to the path the upstream resolves. */
export function resolvedAuthPath(url: string): string | null {
  const resolved = new URL(url, 'http://gateway')
  const { pathname } = resolved
  if (pathname !== AUTH_PREFIX && !pathname.startsWith(`${AUTH_PREFIX}/`)) return null
  return pathname + resolved.search
}

/** Whatever the client claims of itself is replaced by what the trusted hop says. */
const CLIENT_CLAIMS = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'])

/**
 * `ANY /auth/v1/*` → Supabase Auth, on the site's own origin (no CORS), through @fastify/http-proxy
 * (@fastify/reply-from on an undici pool). The client's address reaches GoTrue only from the
 * trusted proxy hop (Fastify's `trustProxy`): whatever X-Forwarded-* the client sent is replaced.
 * The admin API and the per-IP budgets are checked in a hook before the proxy; failures of the
 * upstream become supabase-js-shaped JSON errors in French, logged once.
 *
 * Registered with the routes' log level (app.ts): requests here are logged at error level only
 * (the access log, Caddy's, keeps them), so no token in a URL or header reaches the logs.
 */
export default async function authProxy(fastify: FastifyInstance) {
  const auth = fastify.config.auth
  // Without an upstream, the gateway serves the accounts itself (src/accounts).
  if (auth === null) return

  const upstreamLabel = auth.upstream.href.replace(/\/$/, '')
  const health = new URL(`${upstreamLabel}/health`)
  fastify.readiness.watch('auth', async () => (await fetch(health, { signal: AbortSignal.timeout(DEPENDENCY_TIMEOUT_MS) })).ok)

  // Per-IP budgets shared by every gateway on the database (rate-limit/auth-limits.ts).
  const spent = authBudget(fastify, auth.rateLimitPerMinute)

  // Errors raised in this scope (body size, unreadable body, a path the proxy refuses) answer in
  // the auth API's shape.
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500
    if (status === 413)
      return reply.code(413).header('connection', 'close').send(authErrorBody('request_too_large', AUTH_MESSAGES.tooLarge))
    if (status < 500) return reply.code(status).send(authErrorBody('invalid_request', AUTH_MESSAGES.invalidRequest))
    // The rate limit's budget is in the database: unreachable, the request cannot be counted.
    request.log.error({ err: error }, 'auth request failed')
    return reply
      .code(503)
      .header('retry-after', String(AUTH_RETRY_AFTER_SECONDS))
      .send(authErrorBody('upstream_unavailable', AUTH_MESSAGES.unavailable))
  })

  /** The hook before the proxy: the admin API is not the site's, and the budgets. */
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = resolvedAuthPath(request.url)
    // The admin API (service_role key) serves operators' tools on the private network only.
    if (path === null || authEndpointOf(path) === 'admin') return reply.code(404).send(authErrorBody('not_found', AUTH_MESSAGES.notFound))
    const limited = await spent(request, path)
    if (limited !== null) {
      return reply
        .code(429)
        .header('retry-after', String(limited.retryAfterSeconds))
        .send(authErrorBody('over_request_rate_limit', AUTH_MESSAGES.rateLimited))
    }
  }

  // « Sessions ouvertes », which GoTrue does not list, and recovery codes, which it does not have:
  // served here with its tables, before the proxy.
  upstreamSessionRoutes(fastify, auth, guard)
  upstreamRecoveryCodeRoutes(fastify, auth, guard)

  // Bodies are read whole (bounded by the parser's limit: 413 before anything is forwarded), then
  // forwarded from memory, byte for byte. Streaming the client's own request instead would take
  // its connection down with an upstream failure, rather than answering 503.
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT }, (_request, body, done) => done(null, body))

  await fastify.register(httpProxy, {
    upstream: auth.upstream.href,
    prefix: AUTH_PREFIX,
    proxyPayloads: false,
    // GoTrue answers /verify with a 303 to the site: its Location must reach the browser as is.
    internalRewriteLocationHeader: false,
    // Auth is plain HTTP: no WebSocket upgrade is proxied.
    websocket: false,
    undici: {
      connectTimeout: auth.timeoutMs,
      headersTimeout: auth.timeoutMs,
      bodyTimeout: auth.timeoutMs,
      // Enough sockets for the requests in flight; an idle one is closed after 4 s, before the
      // upstream would close it under a request just sent on it.
      connections: 128,
      keepAliveTimeout: 4_000
    },
    preHandler: guard,
    // The body as the client sent it, with its length: reply-from would re-encode a JSON body it
    // is given as such, and a stream costs undici a chunked upload (measured: several times the
    // CPU of the whole proxying for a refresh).
    handler: (request, reply, destination, options) => {
      const body = request.body
      if (!Buffer.isBuffer(body)) return reply.from(destination, options)
      return reply.from(destination, { ...options, body, contentType: request.headers['content-type'] ?? 'application/octet-stream' })
    },
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const kept: Record<string, string | string[] | undefined> = {}
        for (const name in headers) if (!CLIENT_CLAIMS.has(name)) kept[name] = headers[name]
        return { ...kept, 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol, 'x-forwarded-host': request.host }
      },
      onError: (reply, { error }) => {
        const failure = error as Error & { code?: string; statusCode?: number }
        const timedOut = failure.statusCode === 504 || /TIMEOUT/i.test(failure.code ?? '')
        // One line per failed request, with what failed, for the operator.
        reply.log.error(
          { upstream: upstreamLabel, code: failure.code, cause: (failure.cause as Error | undefined)?.message ?? failure.message },
          'auth upstream failed'
        )
        if (timedOut) void reply.code(504).send(authErrorBody('upstream_timeout', AUTH_MESSAGES.timeout))
        // A temporary outage (GoTrue restarting): 503 with Retry-After, so clients come back rather than give up.
        else
          void reply
            .code(503)
            .header('retry-after', String(AUTH_RETRY_AFTER_SECONDS))
            .send(authErrorBody('upstream_unavailable', AUTH_MESSAGES.unavailable))
      }
    }
  })
}
