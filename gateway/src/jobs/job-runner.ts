// Runs the registered jobs from paraphe.jobs on the leased queue (queue/leased-queue.ts): every
// gateway runs one runner, each due row is claimed by one of them (`for update skip locked`, a
// lease), run, then marked done or retried with its definition's back-off. A gateway killed while
// a job runs leaves the row leased: another gateway (or this one restarted) runs it once the lease
// ends; a job queued but not yet claimed when a gateway dies runs at the next start at once.
//
// Periodic jobs: every interval, each runner queues each periodic job under its singleton key, so
// that with several gateways one run is pending at a time, whoever queued it.
import type { Database } from '../db/database.js'
import type { Log } from '../logging.js'
import { createLeasedQueue, errorText, type QueueRow } from '../queue/leased-queue.js'
import type { PollingWorker } from '../queue/polling-worker.js'
import type { JobDefinition } from './job-definition.js'
import { enqueueJob } from './job-queue.js'

/** What a handler is given beside its payload. */
export interface JobRun {
  /** This attempt's number, from 1. */
  attempt: number
  log: Log
}

/** What the runner reads of a definition (its payload's type stays with the handler). */
export type JobTraits = Pick<JobDefinition<object>, 'name' | 'maxAttempts' | 'retryDelayMs' | 'periodic'>

/** A definition paired with its handler: one entry of the registry. */
export interface RegisteredJob {
  definition: JobTraits
  run: (payload: unknown, context: JobRun) => Promise<void>
}

/**
 * Pairs a definition with its handler. A handler throws to be retried (after the definition's
 * back-off, up to its attempts), and must be safe to run twice: a gateway may die after the work
 * and before the row is marked done.
 */
export function registerJob<Payload extends object>(
  definition: JobDefinition<Payload>,
  handler: (payload: Payload, context: JobRun) => Promise<void>
): RegisteredJob {
  return {
    definition,
    // The payload was written by enqueueJob from the same definition's type.
    run: (payload, context) => handler(payload as Payload, context)
  }
}

export interface JobRunnerOptions {
  db: Database
  log: Log
  jobs: readonly RegisteredJob[]
  /** How often periodic jobs are queued (JOBS_INTERVAL_MS). */
  periodicEveryMs: number
  /** How often the table is polled for due rows beside wake(); 1 s by default. */
  pollIntervalMs?: number
  /** How long a claimed run is kept from the other gateways; 2 minutes by default (longer than any job). */
  leaseMs?: number
}

interface JobRow extends QueueRow<string> {
  name: string
  payload: unknown
}

export interface JobRunner extends PollingWorker {
  /** Queues every periodic job now (what the interval does). */
  queuePeriodic: () => Promise<void>
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options
  const byName = new Map(options.jobs.map((job) => [job.definition.name, job]))
  if (byName.size !== options.jobs.length) throw new Error('two registered jobs have the same name')
  let timer: NodeJS.Timeout | undefined

  const queue = createLeasedQueue<string, JobRow, null>({
    name: 'jobs',
    noun: 'job',
    done: 'done',
    idField: 'jobId',
    table: 'jobs',
    db,
    log,
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    leaseMs: options.leaseMs ?? 120_000,
    // Each definition says when to give up (final below); the queue's own cap never comes first.
    maxAttempts: Number.MAX_SAFE_INTEGER,
    batchSize: 20,
    claim: {
      returning: 'id::text as id, name, payload, attempts',
      select: 'select * from claimed',
      params: []
    },
    async deliver(row) {
      const job = byName.get(row.name)
      // A newer gateway's job (a rolling deploy): left for a gateway that has it.
      if (job === undefined) return { ok: false, error: `no job named ${row.name} in this gateway`, retryInMs: 60_000 }
      try {
        await job.run(row.payload, { attempt: row.attempts, log })
        return { ok: true, receipt: null }
      } catch (error) {
        return {
          ok: false,
          error: errorText(error),
          final: row.attempts >= job.definition.maxAttempts,
          retryInMs: job.definition.retryDelayMs(row.attempts)
        }
      }
    },
    async mark(id) {
      await db.query(`update paraphe.jobs set status = 'done', done_at = now(), last_error = null where id = $1`, [id])
    },
    describe: (row) => ({ job: row.name })
  })

  async function queuePeriodic(): Promise<void> {
    // Runs done a week ago say nothing more (failed ones stay, with their last error, for the operator).
    await db.query(`delete from paraphe.jobs where status = 'done' and done_at < now() - interval '7 days'`)
    for (const job of options.jobs) {
      // Keyed by its name: one pending run, whichever gateway queued it.
      const { name } = job.definition
      if (job.definition.periodic) await enqueueJob(db, { ...job.definition, singletonKey: () => name }, {})
    }
  }

  return {
    queuePeriodic,
    start() {
      queue.start()
      timer = setInterval(() => {
        queuePeriodic().then(
          () => void queue.wake(),
          (error: unknown) => log.error({ err: error }, 'periodic jobs not queued, will try again')
        )
      }, options.periodicEveryMs)
      timer.unref()
    },
    wake: queue.wake,
    async stop() {
      clearInterval(timer)
      await queue.stop()
    }
  }
}
