import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createFlowClient, type FlowClient } from '../../transmission/flow-client.js'
import { loadOrCreateSecretsKey } from '../../transmission/secrets-key.js'
import { createTransmissionWorker, type TransmissionWorkerOptions } from '../../transmission/transmission-worker.js'

export interface Transmission {
  /** Seals and opens the secrets users give us (SECRETS_KEY or DATA_DIR/secrets/key). */
  secretsKey: Buffer
  flowClient: FlowClient
  /** Runs a hand-off pass now (tests, and after an invoice is issued); resolves when it is over. */
  wake: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    transmission: Transmission
  }
}

/** Timings of the hand-off worker (tests make them short); the defaults suit production. */
export type TransmissionPluginOptions = Pick<
  TransmissionWorkerOptions,
  'pollIntervalMs' | 'retryDelayMs' | 'leaseMs' | 'maxAttempts' | 'timeoutMs'
>

/**
 * How issued invoices leave: the secrets key, the flow API client (its tokens kept in memory), and
 * the hand-off worker, started when the app is ready and stopped on close.
 */
export default fp<TransmissionPluginOptions>(
  async function transmission(fastify: FastifyInstance, options) {
    const { config } = fastify
    const secretsKey = config.secretsKey ?? (await loadOrCreateSecretsKey(config.database.dataDir))
    const flowClient = createFlowClient(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs })
    const worker = createTransmissionWorker({ ...options, db: fastify.db, log: fastify.log, secretsKey, flowClient })
    fastify.decorate('transmission', { secretsKey, flowClient, wake: worker.wake } satisfies Transmission)
    fastify.addHook('onReady', async () => worker.start())
    fastify.addHook('onClose', async () => worker.stop())
  },
  { name: 'transmission', dependencies: ['config', 'database'] }
)
