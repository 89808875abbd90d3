import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { repairSeals, runQuoteJobs } from '../../signing/quote-jobs.js'

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

/** The periodic jobs on sent quotes, from ready to close. */
export default fp<QuoteJobsOptions>(
  async function quoteJobs(fastify: FastifyInstance, options) {
    const intervalMs = options.intervalMs ?? 5 * 60_000
    const sealRetryDelaysMs = options.sealRetryDelaysMs ?? SEAL_RETRY_DELAYS_MS
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> = Promise.resolve()
    let closing = false
    const context = () => ({ db: fastify.db, config: fastify.config, log: fastify.log, certificate: fastify.sealCertificate })
    const afterSeals = (sealed: number) => {
      if (sealed === 0) return
      void fastify.outbox.wake()
      // quote.signed is queued with the sealed copy.
      void fastify.webhooks.wake()
    }
    const run = () => {
      running = runQuoteJobs(context())
        .then((done) => {
          if (done.expired + done.reminded + done.sealed > 0) {
            fastify.log.info(done, 'quote jobs')
            void fastify.outbox.wake()
            // quote.expired, and quote.signed once a seal is repaired.
            if (done.expired + done.sealed > 0) void fastify.webhooks.wake()
          }
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'quote jobs failed'))
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
        retryRun = repairSeals(context())
          .then(async (sealed) => {
            afterSeals(sealed)
            const left = await fastify.db.query(`select 1 from paraphe.signatures s where not exists (select 1 from paraphe.signed_documents d where d.quote_id = s.quote_id) limit 1`)
            if (left.rows.length === 0) retrying = undefined
            else retrySeals(attempt + 1)
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
  { name: 'quote-jobs', dependencies: ['database', 'outbox', 'webhooks', 'seal'] }
)
