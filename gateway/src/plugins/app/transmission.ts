import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createFlowClient, type FlowClient } from '../../transmission/flow-client.js'
import { loadOrCreateSecretsKey } from '../../transmission/secrets-key.js'
import { pollStatuses } from '../../transmission/status-poll.js'
import type { HandOffRetries } from '../../transmission/transmission-jobs.js'

export interface Transmission {
  /** Seals and opens the secrets users give us (SECRETS_KEY or DATA_DIR/secrets/key). */
  secretsKey: Buffer
  flowClient: FlowClient
  /** The hand-off job's retries (the job registry, plugins/app/jobs.ts, runs the hand-offs). */
  retries: HandOffRetries
  /** Reads the statuses every company's platform has for us now (tests; the periodic job runs it on its own). */
  pollStatuses: () => Promise<number>
}

declare module 'fastify' {
  interface FastifyInstance {
    transmission: Transmission
  }
}

/** The hand-off's retries and the platforms' timeout (tests make them short); the defaults suit production. */
export interface TransmissionPluginOptions extends HandOffRetries {
  /** How long a call to a platform may take; 20 s by default (http-call.ts). */
  timeoutMs?: number
}

/**
 * How issued invoices leave: the secrets key and the flow API client (its tokens kept in memory).
 * The hand-offs and the status searches are jobs of the registry (transmission/transmission-jobs.ts).
 */
export default fp<TransmissionPluginOptions>(
  async function transmission(fastify: FastifyInstance, options) {
    const { config } = fastify
    const secretsKey = config.secretsKey ?? (await loadOrCreateSecretsKey(config.database.dataDir))
    // Production: the platform's addresses must be https and public (transmission/http-call.ts).
    const destination = { production: config.production }
    const flowClient = createFlowClient(options.timeoutMs === undefined ? { destination } : { destination, timeoutMs: options.timeoutMs })
    const retries: HandOffRetries = {
      ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
      ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts })
    }
    fastify.decorate('transmission', {
      secretsKey,
      flowClient,
      retries,
      pollStatuses: () => pollStatuses(fastify.db, flowClient, secretsKey, fastify.log)
    } satisfies Transmission)
  },
  { name: 'transmission', dependencies: ['config', 'database'] }
)
