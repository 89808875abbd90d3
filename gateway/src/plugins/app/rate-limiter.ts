import fp from 'fastify-plugin'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { createBatchedRateLimiter, type BatchedRateLimiter } from '../../rate-limit/batched-limiter.js'
import { createRateLimiter, type RateLimiter } from '../../rate-limit/rate-limiter.js'
import { AUTH_REFRESH_BUCKET } from '../../rate-limit/auth-limits.js'
import { databaseRateLimitStore } from './rate-limit-store.js'

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

/**
 * Every request budget (sign-in and the other auth endpoints, API keys, signing and invoice links)
 * goes through @fastify/rate-limit — `fastify.rateLimit(...)` as a hook, `fastify.createRateLimit(...)`
 * where the caller answers in its own API's shape — on one store in the database, so each budget
 * holds across gateways. Failure counters (wrong passwords per address, wrong codes per factor) are
 * not request budgets: they are counted, read and reset by the accounts with `rateLimiter`.
 */
export default fp(
  async function rateLimiter(fastify: FastifyInstance) {
    fastify.decorate('rateLimiter', createRateLimiter(fastify.db))
    const batched = createBatchedRateLimiter(fastify.db, { flushIntervalMs: RATE_LIMIT_FLUSH_MS })
    fastify.decorate('batchedRateLimiter', batched)
    // Registered after the database's, so run before it closes (onClose hooks run last in, first out).
    fastify.addHook('onClose', async () =>
      batched.close().catch((error: unknown) => fastify.log.warn({ err: error }, 'rate limit hits not flushed'))
    )
    // No global budget: each caller states its own.
    await fastify.register(rateLimit, {
      global: false,
      store: databaseRateLimitStore({ rateLimiter: fastify.rateLimiter, batchedRateLimiter: batched }, new Set([AUTH_REFRESH_BUCKET]))
    })
  },
  { name: 'rate-limiter', dependencies: ['database'] }
)
