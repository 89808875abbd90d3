import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { markOverdueInvoices } from '../../invoices/invoice-overdue.js'
import { sendDueInvoiceReminders } from '../../invoices/client/invoice-reminders.js'
import { runQuoteJobs } from '../../signing/quote-jobs.js'

export interface QuoteJobsOptions {
  /** How often expiry, reminders and seal repair run; 5 minutes by default. */
  intervalMs?: number
}

/** The periodic jobs on sent quotes and issued invoices, from ready to close. */
export default fp<QuoteJobsOptions>(
  async function quoteJobs(fastify: FastifyInstance, options) {
    const intervalMs = options.intervalMs ?? 5 * 60_000
    let timer: NodeJS.Timeout | undefined
    let running: Promise<void> = Promise.resolve()
    const run = () => {
      running = runQuoteJobs({ db: fastify.db, config: fastify.config, log: fastify.log, certificate: fastify.sealCertificate })
        .then((done) => {
          if (done.expired + done.reminded + done.sealed > 0) {
            fastify.log.info(done, 'quote jobs')
            void fastify.outbox.wake()
            // quote.expired, and quote.signed once a seal is repaired.
            if (done.expired + done.sealed > 0) void fastify.webhooks.wake()
          }
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'quote jobs failed'))
        // Invoices past their due date: invoice.overdue, once per invoice.
        .then(() => markOverdueInvoices(fastify.db, new Date()))
        .then((overdue) => {
          if (overdue === 0) return
          fastify.log.info({ overdue }, 'invoices overdue')
          void fastify.webhooks.wake()
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'invoice overdue job failed'))
        // Then the payment reminders due (after the overdue mark, so invoice.overdue comes first).
        .then(() => sendDueInvoiceReminders(fastify.db, { siteName: fastify.config.runtime.siteName, publicUrl: fastify.config.publicUrl }, new Date()))
        .then((reminded) => {
          if (reminded === 0) return
          fastify.log.info({ reminded }, 'invoice reminders queued')
          void fastify.outbox.wake()
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'invoice reminders job failed'))
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
  { name: 'quote-jobs', dependencies: ['database', 'outbox', 'webhooks', 'seal'] }
)
