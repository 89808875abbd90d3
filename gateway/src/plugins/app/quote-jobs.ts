import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { markOverdueInvoices } from '../../invoices/invoice-overdue.js'
import { sendDueInvoiceReminders } from '../../invoices/client/invoice-reminders.js'
import { expireStaleCardCheckouts } from '../../invoices/card/card-checkout.js'
import { repairSealsNow, runQuoteJobs } from '../../quotes/quote-jobs.js'

export interface QuoteJobsOptions {
  /** How often expiry, reminders and seal repair run; 5 minutes by default. */
  intervalMs?: number
  /** Delays of the seal repairs after a signature whose seal could not be made at once (a full PDF queue, a lost PDF process). */
  sealRetryDelaysMs?: readonly number[]
}

/** A client who just signed waits for the sealed copy: retried within seconds, not at the next periodic run. */
const SEAL_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const

declare module 'fastify' {
  interface FastifyInstance {
    /** Repairs unsealed signatures within seconds (a few tries), then leaves it to the periodic jobs. */
    repairSealsSoon: () => void
  }
}

/** The periodic jobs on sent quotes and issued invoices, from ready to close. */
export default fp<QuoteJobsOptions>(
  async function quoteJobs(fastify: FastifyInstance, options) {
    const intervalMs = options.intervalMs ?? 5 * 60_000
    const sealRetryDelaysMs = options.sealRetryDelaysMs ?? SEAL_RETRY_DELAYS_MS
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> = Promise.resolve()
    let closing = false
    const context = () => ({
      db: fastify.db,
      config: fastify.config,
      log: fastify.log,
      certificate: fastify.sealCertificate,
      wake: fastify.queueWake
    })
    const run = () => {
      running = runQuoteJobs(context())
        .then((done) => {
          if (done.expired + done.reminded + done.sealed > 0) fastify.log.info(done, 'quote jobs')
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'quote jobs failed'))
        // Invoices past their due date: invoice.overdue, once per invoice.
        .then(() => markOverdueInvoices(fastify.db, new Date()))
        .then((overdue) => {
          if (overdue === 0) return
          fastify.log.info({ overdue }, 'invoices overdue')
          fastify.queueWake.webhooks()
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'invoice overdue job failed'))
        // Then the payment reminders due (after the overdue mark, so invoice.overdue comes first).
        .then(() => sendDueInvoiceReminders(fastify.db, fastify.config.site, new Date()))
        .then((reminded) => {
          if (reminded === 0) return
          fastify.log.info({ reminded }, 'invoice reminders queued')
          fastify.queueWake.outbox()
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'invoice reminders job failed'))
        // Card sessions that no longer match their invoice (a payment typed by hand, a credit note).
        .then(() => {
          const stripe = fastify.stripe
          return stripe === null || fastify.config.billing?.connectWebhookSecret == null ? 0 : expireStaleCardCheckouts(fastify.db, stripe)
        })
        .then((expired) => {
          if (expired > 0) fastify.log.info({ expired }, 'card sessions expired')
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'card sessions job failed'))
    }

    // One series of tries at a time: a signature failing during a series is picked by its next try.
    let retrying: NodeJS.Timeout | undefined
    let retryRun: Promise<void> = Promise.resolve()
    const retrySeals = (attempt: number) => {
      const delay = sealRetryDelaysMs[attempt]
      if (delay === undefined || closing) {
        retrying = undefined
        return
      }
      retrying = setTimeout(() => {
        retryRun = repairSealsNow(context())
          .then(({ left }) => {
            if (left) retrySeals(attempt + 1)
            else retrying = undefined
          })
          .catch((error: unknown) => {
            fastify.log.error({ err: error }, 'seal repair failed')
            retrySeals(attempt + 1)
          })
      }, delay)
      retrying.unref()
    }
    fastify.decorate('repairSealsSoon', () => {
      if (retrying === undefined) retrySeals(0)
    })

    fastify.addHook('onReady', async () => {
      timer = setInterval(run, intervalMs)
      timer.unref()
    })
    fastify.addHook('onClose', async () => {
      closing = true
      clearInterval(timer)
      clearTimeout(retrying)
      await running
      await retryRun
    })
  },
  { name: 'quote-jobs', dependencies: ['database', 'queue-wake', 'seal'] }
)
