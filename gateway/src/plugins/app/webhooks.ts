import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createWebhookWorker, type WebhookWorkerOptions } from '../../webhooks/delivery-worker.js'

export interface Webhooks {
  /** Runs a delivery pass now (tests, and after « Renvoyer »); resolves when it is over, never rejects. */
  wake: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks
  }
}

/** Timings of the worker (tests make them short) and the resolver; the defaults suit production. */
export type WebhooksPluginOptions = Pick<
  WebhookWorkerOptions,
  'pollIntervalMs' | 'retryDelayMs' | 'leaseMs' | 'maxAttempts' | 'timeoutMs' | 'now'
>

/**
 * The webhooks' delivery worker: starts when the app is ready, stops on close after the request in
 * flight, if any. The destination rule follows the configuration: production sends only to public
 * https addresses.
 */
export default fp<WebhooksPluginOptions>(
  async function webhooks(fastify: FastifyInstance, options) {
    const worker = createWebhookWorker({
      ...options,
      db: fastify.db,
      log: fastify.log,
      publicUrl: fastify.config.publicUrl,
      destination: { production: fastify.config.production }
    })
    fastify.decorate('webhooks', { wake: worker.wake } satisfies Webhooks)
    fastify.addHook('onReady', async () => worker.start())
    fastify.addHook('onClose', async () => worker.stop())
  },
  { name: 'webhooks', dependencies: ['config', 'database'] }
)
