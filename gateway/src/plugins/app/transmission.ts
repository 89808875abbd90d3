import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createFlowClient, type FlowClient } from '../../transmission/flow-client.js'
import { createPollingWorker } from '../../queue/polling-worker.js'
import { loadOrCreateSecretsKey } from '../../transmission/secrets-key.js'
import { pollStatuses } from '../../transmission/status-poll.js'
import { createTransmissionWorker, type TransmissionWorkerOptions } from '../../transmission/transmission-worker.js'

export interface Transmission {
  /** Seals and opens the secrets users give us (SECRETS_KEY or DATA_DIR/secrets/key). */
  secretsKey: Buffer
  flowClient: FlowClient
  /** Runs a hand-off pass now (tests, and after an invoice is issued); resolves when it is over. */
  wake: () => Promise<void>
  /** Reads the statuses every company's platform has for us now (tests; the poll runs it on its own). */
  pollStatuses: () => Promise<number>
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
> & {
  /** How often the platforms' statuses are searched (default 5 minutes). */
  statusPollIntervalMs?: number
}

export const DEFAULT_STATUS_POLL_INTERVAL_MS = 5 * 60_000

/**
 * How issued invoices leave: the secrets key, the flow API client (its tokens kept in memory), and
 * the hand-off worker, started when the app is ready and stopped on close.
 */
export default fp<TransmissionPluginOptions>(
  async function transmission(fastify: FastifyInstance, options) {
    const { config } = fastify
    const secretsKey = config.secretsKey ?? (await loadOrCreateSecretsKey(config.database.dataDir))
    // Production: the platform's addresses must be https and public (transmission/http-call.ts).
    const destination = { production: config.production }
    const flowClient = createFlowClient(options.timeoutMs === undefined ? { destination } : { destination, timeoutMs: options.timeoutMs })
    const { statusPollIntervalMs, ...workerOptions } = options
    const worker = createTransmissionWorker({ ...workerOptions, db: fastify.db, log: fastify.log, secretsKey, flowClient })
    const poll = () => pollStatuses(fastify.db, flowClient, secretsKey, fastify.log)
    const statusWorker = createPollingWorker({
      name: 'platform statuses',
      pollIntervalMs: statusPollIntervalMs ?? DEFAULT_STATUS_POLL_INTERVAL_MS,
      log: fastify.log,
      pass: async () => {
        await poll()
        return false
      }
    })
    fastify.decorate('transmission', { secretsKey, flowClient, wake: worker.wake, pollStatuses: poll } satisfies Transmission)
    fastify.addHook('onReady', async () => {
      worker.start()
      statusWorker.start()
    })
    fastify.addHook('onClose', async () => {
      await statusWorker.stop()
      await worker.stop()
    })
  },
  { name: 'transmission', dependencies: ['config', 'database'] }
)
