// The card payments' background work as jobs of the registry (plugins/app/jobs.ts): a Checkout
// session opened for more than its invoice now asks (a payment typed by hand or by card, a credit
// note) is expired at Stripe, so the client can no longer pay the old amount.
// - `invoices.card-sessions-expiry`: queued in the transaction of the change, for its invoice;
// - `invoices.card-sessions` (periodic): every stale session, those whose expiry failed included.
import type Stripe from 'stripe'
import type { Database } from '../../db/database.js'
import { defineJob } from '../../jobs/job-definition.js'
import { registerJob, type RegisteredJob } from '../../jobs/job-runner.js'
import { expireStaleCardCheckouts } from './card-checkout.js'

/** An invoice's stale sessions, right after what it asks changed (one pending per invoice). */
export const cardSessionsExpiryJob = defineJob<{ invoiceId: string }>({
  name: 'invoices.card-sessions-expiry',
  singletonKey: ({ invoiceId }) => `invoices.card-sessions-expiry:${invoiceId}`,
  // Stripe down: a few tries within minutes, then the periodic job takes it.
  maxAttempts: 4
})

/** Every stale session, every JOBS_INTERVAL_MS. */
export const staleCardSessionsJob = defineJob<Record<string, never>>({ name: 'invoices.card-sessions', periodic: true })

export interface CardJobsContext {
  db: Database
  /** The platform's Stripe client when card payments are on (Connect configured), else null: nothing to expire. */
  stripe: () => Stripe | null
}

export function cardJobs(context: CardJobsContext): RegisteredJob[] {
  const expire = async (invoiceId: string | null) => {
    const stripe = context.stripe()
    return stripe === null ? 0 : expireStaleCardCheckouts(context.db, stripe, invoiceId)
  }
  return [
    registerJob(cardSessionsExpiryJob, async ({ invoiceId }, run) => {
      const expired = await expire(invoiceId)
      if (expired > 0) run.log.info({ invoiceId, expired }, 'card sessions expired')
    }),
    registerJob(staleCardSessionsJob, async (_payload, run) => {
      const expired = await expire(null)
      if (expired > 0) run.log.info({ expired }, 'card sessions expired')
    })
  ]
}
