import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createSmtpMailer } from '../../mail/mailer.js'
import { createOutboxWorker, type OutboxWorkerOptions } from '../../mail/worker.js'

export interface Outbox {
  /**
   * Call after committing a transaction that queued an e-mail (enqueueEmail): it is sent now
   * rather than at the next poll. The promise resolves when that pass is over (never rejects);
   * requests need not wait for it.
   */
  wake: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox
  }
}

/** Timings of the worker; the defaults suit production. */
export type OutboxPluginOptions = Pick<OutboxWorkerOptions, 'pollIntervalMs' | 'retryDelayMs' | 'leaseMs' | 'maxAttempts'>

/**
 * The e-mail outbox's worker: starts when the app is ready (migrations applied), stops on close
 * after the message being sent, if any — before the database closes.
 */
export default fp<OutboxPluginOptions>(
  async function outbox(fastify: FastifyInstance, options) {
    const { transport, from } = fastify.config.mail
    const worker = createOutboxWorker({
      ...options,
      db: fastify.db,
      mailer: transport === null ? null : createSmtpMailer(transport, from),
      log: fastify.log
    })
    fastify.decorate('outbox', { wake: worker.wake } satisfies Outbox)
    fastify.addHook('onReady', async () => worker.start())
    fastify.addHook('onClose', async () => worker.stop())
  },
  { name: 'outbox', dependencies: ['config', 'database'] }
)
