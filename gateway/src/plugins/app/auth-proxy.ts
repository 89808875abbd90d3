import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_PREFIX, createAuthForwarder } from '../../auth-proxy/forward-auth.js'
import { clientReader, takeAuthRequests } from '../../auth-proxy/fast-path.js'
import { authRateLimit } from '../../rate-limit/auth-limits.js'
import { securityHeaders } from '../../security-headers.js'
import { DEPENDENCY_TIMEOUT_MS } from './readiness.js'

/**
 * `ANY /auth/v1/*` → Supabase Auth, on the site's own origin (no CORS). The client's address
 * reaches GoTrue only from the trusted proxy hop: whatever X-Forwarded-* the client sent is
 * replaced. Failures of the upstream become supabase-js-shaped JSON errors, logged once.
 *
 * Served by the server's request listener ahead of Fastify (auth-proxy/fast-path.ts); the same
 * forwarder behind a Fastify route answers what reaches Fastify directly (inject).
 */
export default async function authProxy(fastify: FastifyInstance, options: { logLevel?: string }) {
  const auth = fastify.config.auth
  // Without an upstream, the gateway serves the accounts itself (src/accounts).
  if (auth === null) return

  const upstreamLabel = auth.upstream.href.replace(/\/$/, '')
  const health = new URL(`${upstreamLabel}/health`)
  fastify.readiness.watch('auth', async () => (await fetch(health, { signal: AbortSignal.timeout(DEPENDENCY_TIMEOUT_MS) })).ok)

  // Upstream failures are logged at error level only: the access log (Caddy) keeps the answers.
  const log = fastify.log.child({}, { level: options.logLevel ?? 'error' })
  const forwarder = createAuthForwarder({
    upstream: auth.upstream,
    timeoutMs: auth.timeoutMs,
    // Per-IP budgets in the database, shared by every gateway (rate-limit/auth-limits.ts).
    limit: authRateLimit(fastify.rateLimiter, auth.rateLimitPerMinute),
    headers: securityHeaders(fastify.config),
    log,
    draining: () => fastify.shutdown.draining
  })

  // Fastify must leave the body unread: the forwarder reads it, bounded.
  fastify.removeAllContentTypeParsers()
  fastify.addContentTypeParser('*', (_request, _payload, done) => done(null))
  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack()
    forwarder.forward(request.raw, reply.raw, { id: request.id, ip: request.ip, protocol: request.protocol, host: request.host })
  }
  fastify.all(AUTH_PREFIX, handler)
  fastify.all(`${AUTH_PREFIX}/*`, handler)

  const readClient = clientReader(fastify.config.trustProxy)
  const fastPath = takeAuthRequests(fastify.server, (request, response) => forwarder.forward(request, response, readClient(request)))
  // Closing: Fastify answers again (its 503), and idle upstream sockets go.
  fastify.addHook('preClose', async () => fastPath.release())
  fastify.addHook('onClose', async () => forwarder.close())
}
