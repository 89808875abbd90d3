import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createBatchedRateLimiter, type BatchedRateLimiter } from '../../rate-limit/batched-limiter.js'
import { createRateLimiter, type RateLimiter } from '../../rate-limit/rate-limiter.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Budgets shared by every gateway on the database (rate-limit/rate-limiter.ts). */
    rateLimiter: RateLimiter
    /** The same budgets counted locally and sent in batches (rate-limit/batched-limiter.ts): for frequent hits. */
    batchedRateLimiter: BatchedRateLimiter
  }
}

/** How often a gateway sends its batched hits and learns the others'. */
export const RATE_LIMIT_FLUSH_MS = 1_000

export default fp(
  async function rateLimiter(fastify: FastifyInstance) {
    fastify.decorate('rateLimiter', createRateLimiter(fastify.db))
    const batched = createBatchedRateLimiter(fastify.db, { flushIntervalMs: RATE_LIMIT_FLUSH_MS })
    fastify.decorate('batchedRateLimiter', batched)
    // Registered after the database's, so run before it closes (onClose hooks run last in, first out).
    fastify.addHook('onClose', async () =>
      batched.close().catch((error: unknown) => fastify.log.warn({ err: error }, 'rate limit hits not flushed'))
    )
  },
  { name: 'rate-limiter', dependencies: ['database'] }
)
