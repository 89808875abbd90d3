import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiKeyRefusal, requireScope, resolveApiKey, type RequestApiKey } from '../../api-keys/api-key-auth.js'
import { ApiProblem } from '../../errors.js'
import { budgetKey } from './rate-limit-store.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key of a /api/v1 request, set by `fastify.authenticateApiKey`; null elsewhere. */
    apiKey: RequestApiKey | null
  }
  interface FastifyInstance {
    /** onRequest hook of /api/v1: the key (401), its budget (429), its scope (403). */
    authenticateApiKey: (request: FastifyRequest, reply: FastifyReply) => Promise<void>
  }
}

/** A refusal that tells the client when to come back (the error handler sets Retry-After). */
class RateLimited extends ApiProblem {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'rate_limited', `Trop de requêtes avec cette clé d’API : réessayez dans ${retryAfterSeconds} s.`)
  }
}

export default fp(
  async function apiKeyAuth(fastify: FastifyInstance) {
    // Per key, whoever uses it and from wherever (@fastify/rate-limit on the database's store).
    const budget = fastify.createRateLimit({
      max: fastify.config.apiRateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => budgetKey('api-key', request.apiKey?.id ?? request.ip)
    })
    fastify.decorateRequest('apiKey', null)
    fastify.decorate('authenticateApiKey', async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        const { key, user } = await resolveApiKey(fastify.db, request.headers.authorization)
        request.apiKey = key
        request.user = user
      } catch (error) {
        if (error instanceof ApiKeyRefusal) {
          request.log.info({ code: error.code }, 'unauthenticated api request')
          reply.header('www-authenticate', error.code === 'api_key_missing' ? 'Bearer' : 'Bearer error="invalid_token"')
        }
        throw error
      }
      const spent = await budget(request)
      if (!spent.isAllowed && spent.isExceeded) throw new RateLimited(spent.ttlInSeconds)
      requireScope(request.apiKey, request.method)
    })
  },
  { name: 'api-key-auth', dependencies: ['config', 'database', 'rate-limiter', 'authenticate'] }
)
