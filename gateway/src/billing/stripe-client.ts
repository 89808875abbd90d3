// The Stripe API client of the instance, built from the configured secret key. Tests pass their
// own client (pointed at a loopback stand-in) through AppOptions.stripe instead.
import Stripe from 'stripe'
import type { BillingConfig } from '../config.js'

export function createStripeClient(billing: BillingConfig): Stripe {
  // A checkout must not hang a request for long; Stripe's own retries cover brief network errors.
  return new Stripe(billing.secretKey, { maxNetworkRetries: 2, timeout: 15_000, telemetry: false })
}

/** True for Stripe's "no such object" answers (a mistyped or foreign session id). */
export function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === 'resource_missing')
}
