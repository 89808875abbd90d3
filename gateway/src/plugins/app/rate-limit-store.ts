// @fastify/rate-limit's store over our database counters (rate-limit/rate-limiter.ts): the
// plugin decides, answers and sets the headers; the counts live in PostgreSQL, so every gateway
// on one database spends the same budget (the plugin's default store is each process's memory,
// which gave N gateways N times the budget). Windows are the database clock's fixed windows.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { RateLimiter } from '../../rate-limit/rate-limiter.js'

/** A store class counting in `limiter`, under `bucket` (kept apart from the other budgets). */
export function databaseRateLimitStore(limiter: RateLimiter, bucket: string): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      limiter.hit({ bucket, max, windowSeconds: Math.max(1, Math.round(timeWindow / 1000)) }, key).then(
        (result) => callback(null, { current: result.hits, ttl: result.retryAfterSeconds * 1000 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)))
      )
    }

    child(): FastifyRateLimitStore {
      return new DatabaseStore()
    }
  }
  return DatabaseStore
}
