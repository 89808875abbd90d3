// What a background job is, independent of who runs it: a name, the payload it carries, how it
// is retried, whether it runs periodically, and whether two runs may be pending at once. A domain
// folder defines its jobs beside the code they call (invoices/invoice-jobs.ts…) and queues them
// with enqueueJob; the registry (plugins/app/jobs.ts) pairs each definition with its handler.
import { MAX_ATTEMPTS, retryDelayMs } from '../queue/retry-delay.js'

export interface JobDefinition<Payload> {
  /** Stored in paraphe.jobs.name: never rename a job that may have rows pending. */
  readonly name: string
  /** Attempts before the run is given up (status failed, kept with its last error). */
  readonly maxAttempts: number
  /** Delay before attempt `attempts + 1`, `attempts` having failed. */
  readonly retryDelayMs: (attempts: number) => number
  /** Run every JOBS_INTERVAL_MS by whichever gateway queues it first (its payload is `{}`). */
  readonly periodic: boolean
  /**
   * At most one pending run per key: a second enqueue while one is pending (or running, under its
   * lease) is dropped. Periodic jobs are keyed by their name.
   */
  readonly singletonKey: ((payload: Payload) => string) | null
  /** Only for typing: the payload's type travels with the definition. */
  readonly payloadType?: Payload
}

export interface JobOptions<Payload> {
  name: string
  maxAttempts?: number
  retryDelayMs?: (attempts: number) => number
  periodic?: boolean
  singletonKey?: (payload: Payload) => string
}

export function defineJob<Payload extends object>(options: JobOptions<Payload>): JobDefinition<Payload> {
  const periodic = options.periodic === true
  return {
    name: options.name,
    maxAttempts: options.maxAttempts ?? MAX_ATTEMPTS,
    retryDelayMs: options.retryDelayMs ?? ((attempts) => retryDelayMs(attempts)),
    periodic,
    singletonKey: options.singletonKey ?? (periodic ? () => options.name : null)
  }
}
