// The Stripe API client of the instance, built from the configured secret key. Tests pass their
// own client (pointed at a loopback stand-in) through AppOptions.stripe instead. The SDK (≈ 200
// modules, ≈ 180 ms) is imported only by instances that take payments, not by every start.
import type Stripe from 'stripe'
import type { BillingConfig } from '../config.js'

export async function createStripeClient(billing: BillingConfig): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe')
  // A checkout must not hang a request for long; Stripe's own retries cover brief network errors.
  return new StripeClient(billing.secretKey, { maxNetworkRetries: 2, timeout: 15_000, telemetry: false })
}

/**
 * True for Stripe's "no such object" answers (a mistyped or foreign session id). Read from the
 * error's fields (every StripeError has a `type` such as `StripeInvalidRequestError`), so that
 * this module does not need the SDK loaded.
 */
export function isMissingResource(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { type, statusCode, code } = error as { type?: unknown; statusCode?: unknown; code?: unknown }
  return typeof type === 'string' && type.startsWith('Stripe') && (statusCode === 404 || code === 'resource_missing')
}
