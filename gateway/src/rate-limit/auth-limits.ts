// The per-client-IP budgets of /auth/v1, the same whether the gateway serves the accounts itself
// or proxies to GoTrue: endpoints that send e-mails or check passwords share one budget per
// minute; refreshing a session (no password attempt) has its own, larger one, so that colleagues
// behind one office address never sign each other out. Refreshes, the frequent ones, are counted
// locally and sent to the database in batches (batched-limiter.ts); the rest on every hit.
import type { BatchedRateLimiter } from './batched-limiter.js'
import type { RateLimiter, RateLimitResult } from './rate-limiter.js'

// `factors`: enrolling, challenging and verifying second-factor codes; `paraphe`: the embedded
// accounts' own additions (recovery codes).
const LIMITED_ENDPOINTS = new Set(['signup', 'token', 'recover', 'otp', 'resend', 'verify', 'factors', 'paraphe'])
export const REFRESH_BUDGET_FACTOR = 10

/** `/auth/v1/token?grant_type=password` → `token`. */
export function authEndpointOf(url: string): string {
  const path = url.split('?', 1)[0] ?? ''
  return path.slice('/auth/v1/'.length).split('/', 1)[0] ?? ''
}

export function isRefreshGrant(url: string): boolean {
  return new URLSearchParams(url.split('?')[1] ?? '').get('grant_type') === 'refresh_token'
}

/** Counts the request against its IP's budget; null when the endpoint is not limited. */
export function authRateLimit(limiters: { rateLimiter: RateLimiter; batchedRateLimiter: BatchedRateLimiter }, perMinute: number) {
  return async (url: string, ip: string): Promise<RateLimitResult | null> => {
    const endpoint = authEndpointOf(url)
    if (endpoint === 'token' && isRefreshGrant(url)) {
      return limiters.batchedRateLimiter.hit({ bucket: 'auth-refresh', max: perMinute * REFRESH_BUDGET_FACTOR, windowSeconds: 60 }, ip)
    }
    if (LIMITED_ENDPOINTS.has(endpoint)) return limiters.rateLimiter.hit({ bucket: 'auth', max: perMinute, windowSeconds: 60 }, ip)
    return null
  }
}
