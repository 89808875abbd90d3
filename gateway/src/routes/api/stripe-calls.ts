import type { FastifyInstance } from 'fastify'
import { providerUnavailable } from '../../billing/billing-problems.js'
import { ApiProblem } from '../../errors.js'
import { expireStaleCardCheckouts } from '../../invoices/card/card-checkout.js'

/** Stripe being down is not the user's fault nor a bug of ours: a 502 that says so. */
export async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ApiProblem) throw error
    throw providerUnavailable()
  }
}

/**
 * After a change of what an invoice asks (a payment typed by hand, a credit note issued), its
 * open card session is expired at Stripe without holding the answer; the periodic jobs catch
 * any that fails here.
 */
export function expireCardSessionsSoon(fastify: FastifyInstance, invoiceId: string | null): void {
  const stripe = fastify.stripe
  if (stripe === null || fastify.config.billing?.connectWebhookSecret == null) return
  expireStaleCardCheckouts(fastify.db, stripe, invoiceId).catch((error: unknown) =>
    fastify.log.warn({ err: error }, 'card sessions not expired')
  )
}
