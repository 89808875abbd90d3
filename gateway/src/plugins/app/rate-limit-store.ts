// @fastify/rate-limit's store over our database counters (rate-limit/rate-limiter.ts): the
// plugin decides, answers and sets the headers; the counts live in PostgreSQL, so every gateway
// on one database spends the same budget (the plugin's default store is each process's memory,
// which gave N gateways N times the budget). Windows are the database clock's fixed windows.
//
// One store serves every budget: the plugin's key is `<bucket>:<subject>` (budgetKey), the bucket
// keeping budgets apart and choosing the counter — frequent hits (session refreshes) go through
// the batched limiter, the rest are counted on every hit.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { BatchedRateLimiter } from '../../rate-limit/batched-limiter.js'
import type { RateLimiter } from '../../rate-limit/rate-limiter.js'

/** The plugin's key for `subject` in `bucket` (bucket names hold no colon; subjects may: IPv6). */
export const budgetKey = (bucket: string, subject: string): string => `${bucket}:${subject}`

function bucketOf(key: string): { bucket: string; subject: string } {
  const colon = key.indexOf(':')
  if (colon <= 0) throw new Error(`rate limit key without a bucket: ${key}`)
  return { bucket: key.slice(0, colon), subject: key.slice(colon + 1) }
}

/** A store class counting in the database; buckets in `batchedBuckets` are counted in batches. */
export function databaseRateLimitStore(
  limiters: { rateLimiter: RateLimiter; batchedRateLimiter: BatchedRateLimiter },
  batchedBuckets: ReadonlySet<string>
): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number) {
      const { bucket, subject } = bucketOf(key)
      const limiter = batchedBuckets.has(bucket) ? limiters.batchedRateLimiter : limiters.rateLimiter
      limiter.hit({ bucket, max, windowSeconds: Math.max(1, Math.round(timeWindow / 1000)) }, subject).then(
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
