import fp from 'fastify-plugin'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiKeyRefusal, requireScope, resolveApiKey, type RequestApiKey } from '../../api-keys/api-key-auth.js'
import { ApiProblem } from '../../errors.js'

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
    const rule = { bucket: 'api-key', max: fastify.config.apiRateLimitPerMinute, windowSeconds: 60 }
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
      const budget = await fastify.rateLimiter.hit(rule, request.apiKey.id)
      if (!budget.allowed) throw new RateLimited(budget.retryAfterSeconds)
      requireScope(request.apiKey, request.method)
    })
  },
  { name: 'api-key-auth', dependencies: ['config', 'database', 'rate-limiter', 'authenticate'] }
)
