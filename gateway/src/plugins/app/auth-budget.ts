// The per-IP budgets of /auth/v1 (rate-limit/auth-limits.ts) through @fastify/rate-limit, for the
// embedded accounts and the proxy alike; each answers a spent budget in the auth API's own shape.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_BUCKET, AUTH_REFRESH_BUCKET, REFRESH_BUDGET_FACTOR, authBucketOf } from '../../rate-limit/auth-limits.js'
import { budgetKey } from './rate-limit-store.js'

/** Counts the request against its IP's budget: the seconds to wait when spent, else null. */
export function authBudget(fastify: FastifyInstance, perMinute: number) {
  const budgets = {
    [AUTH_BUCKET]: fastify.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => budgetKey(AUTH_BUCKET, request.ip)
    }),
    [AUTH_REFRESH_BUCKET]: fastify.createRateLimit({
      max: perMinute * REFRESH_BUDGET_FACTOR,
      timeWindow: 60_000,
      keyGenerator: (request) => budgetKey(AUTH_REFRESH_BUCKET, request.ip)
    })
  }
  /** `url` is the path the upstream resolves (the proxy's), or the request's own. */
  return async (request: FastifyRequest, url: string = request.url): Promise<{ retryAfterSeconds: number } | null> => {
    const bucket = authBucketOf(url)
    if (bucket === null) return null
    const result = await budgets[bucket](request)
    return !result.isAllowed && result.isExceeded ? { retryAfterSeconds: result.ttlInSeconds } : null
  }
}
