import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createRateLimiter, type RateLimiter } from '../../rate-limit/rate-limiter.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Budgets shared by every gateway on the database (rate-limit/rate-limiter.ts). */
    rateLimiter: RateLimiter
  }
}

export default fp(
  async function rateLimiter(fastify: FastifyInstance) {
    fastify.decorate('rateLimiter', createRateLimiter(fastify.db))
  },
  { name: 'rate-limiter', dependencies: ['database'] }
)
