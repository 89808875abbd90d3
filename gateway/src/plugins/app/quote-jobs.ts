import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { runQuoteJobs } from '../../quotes/quote-jobs.js'

export interface QuoteJobsOptions {
  /** How often expiry, reminders and seal repair run; 5 minutes by default. */
  intervalMs?: number
}

/** The periodic jobs on sent quotes, from ready to close. */
export default fp<QuoteJobsOptions>(
  async function quoteJobs(fastify: FastifyInstance, options) {
    const intervalMs = options.intervalMs ?? 5 * 60_000
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> = Promise.resolve()
    const run = () => {
      running = runQuoteJobs({ db: fastify.db, config: fastify.config, log: fastify.log, certificate: fastify.sealCertificate, wake: fastify.queueWake })
        .then((done) => {
          if (done.expired + done.reminded + done.sealed > 0) fastify.log.info(done, 'quote jobs')
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'quote jobs failed'))
    }
    fastify.addHook('onReady', async () => {
      timer = setInterval(run, intervalMs)
      timer.unref()
    })
    fastify.addHook('onClose', async () => {
      clearInterval(timer)
      await running
    })
  },
  { name: 'quote-jobs', dependencies: ['database', 'queue-wake', 'seal'] }
)
