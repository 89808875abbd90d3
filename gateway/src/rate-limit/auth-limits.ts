// The per-client-IP budgets of /auth/v1, the same whether the gateway serves the accounts itself
// or proxies to GoTrue: endpoints that send e-mails or check passwords share one budget per
// minute; refreshing a session (no password attempt) has its own, larger one, so that colleagues
// behind one office address never sign each other out. Refreshes, the frequent ones, are counted
// locally and sent to the database in batches (batched-limiter.ts); the rest on every hit.

// `factors`: enrolling, challenging and verifying second-factor codes; `paraphe`: the embedded
// accounts' own additions (recovery codes).
const LIMITED_ENDPOINTS = new Set(['signup', 'token', 'recover', 'otp', 'resend', 'verify', 'factors', 'paraphe'])
export const REFRESH_BUDGET_FACTOR = 10
export const AUTH_BUCKET = 'auth'
/** The refreshes' bucket, counted in batches. */
export const AUTH_REFRESH_BUCKET = 'auth-refresh'

/** `/auth/v1/token?grant_type=password` → `token`. */
export function authEndpointOf(url: string): string {
  const path = url.split('?', 1)[0] ?? ''
  return path.slice('/auth/v1/'.length).split('/', 1)[0] ?? ''
}

export function isRefreshGrant(url: string): boolean {
  return new URLSearchParams(url.split('?')[1] ?? '').get('grant_type') === 'refresh_token'
}

/** Which budget a request to `url` spends: the refreshes', the attempts', or none. */
export function authBucketOf(url: string): typeof AUTH_BUCKET | typeof AUTH_REFRESH_BUCKET | null {
  const endpoint = authEndpointOf(url)
  if (endpoint === 'token' && isRefreshGrant(url)) return AUTH_REFRESH_BUCKET
  return LIMITED_ENDPOINTS.has(endpoint) ? AUTH_BUCKET : null
}
