// THE JOB REGISTRY: every background job of the gateway, in one list (`registeredJobs` below).
//
// A job is a definition (jobs/job-definition.ts: name, payload type, attempts and back-off,
// `periodic`, `singletonKey` for « at most one at a time ») and a handler, run from the table
// paraphe.jobs by the leased queue (queue/leased-queue.ts) of every gateway: each run is claimed
// by one gateway (`for update skip locked` and a lease), retried with its back-off, given up as
// `failed` after its last attempt; a gateway killed mid-run leaves a lease that expires, and the
// run happens again (handlers are idempotent). The same code runs on PostgreSQL and on the
// embedded database.
//
// Why not graphile-worker or pg-boss: both were looked at first. They run their own migrations
// into their own schema (outside gateway/migrations, so `move-to-postgres`, backups and the
// PGlite template would each have to learn it) and lean on what the embedded database does not
// give across connections: our PGlite is one backend serving every connection over its wire
// server (db/pglite-wire-server.ts), so session advisory locks and LISTEN/NOTIFY (graphile-worker's
// wake-up; pg-boss's maintenance and singleton locks) are shared by all « connections » and
// coordinate nothing, and notifications have no connection to be delivered to. The leased
// queue already runs the outbox and the webhooks on both engines, under the crash and
// two-gateway drills: it stays, and this registry is what the libraries would have added.
//
// The jobs today: the quotes' periodic work and seal repair (quotes/quote-jobs.ts); an issued
// invoice's render, the overdue mark and payment reminders (invoices/invoice-jobs.ts); the card
// sessions' expiry (invoices/card/card-jobs.ts); the hand-off of each issued invoice to the
// plateforme agréée and the platforms' statuses (transmission/transmission-jobs.ts).
//
// HOW TO ADD A JOB (e.g. a Chorus Pro status search, a Stripe payment event to apply):
// 1. In its domain folder, define it beside the code it calls:
//      export const handOffJob = defineJob<{ invoiceId: string }>({
//        name: 'invoices.hand-off',                       // stored in rows: never rename
//        singletonKey: ({ invoiceId }) => `invoices.hand-off:${invoiceId}`, // optional: one pending per key
//        maxAttempts: 12, retryDelayMs: (attempts) => …,  // optional: 12 attempts, 30 s doubling to 1 h
//        // periodic: true                               // instead, for work every JOBS_INTERVAL_MS
//      })
// 2. Queue it in the transaction of the action it follows, so that it exists exactly when that
//    action committed: `await enqueueJob(tx, handOffJob, { invoiceId }, { companyId })`; the
//    domain function then calls `wake.jobs()` after the commit (never a route).
// 3. Write its handler in the same folder (`registerJob(handOffJob, async (payload, run) => …)`,
//    idempotent: it may run twice if a gateway dies between the work and the mark), and add it
//    to `registeredJobs` below, with what it needs from the gateway.
// 4. Test it through enqueueJob + `fastify.jobs.wake()` on both engines (gateway/test/jobs/).
//
// Two queues keep rows of their own, read by pages and the API besides being delivered: the
// e-mail outbox (mail/worker.ts) and the webhooks' deliveries (webhooks/delivery-worker.ts). They
// run on the same leased queue code; their doors are `queueWake.outbox` and `queueWake.webhooks`.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createJobRunner, type JobRunner, type RegisteredJob } from '../../jobs/job-runner.js'
import { enqueueJob } from '../../jobs/job-queue.js'
import { cardJobs } from '../../invoices/card/card-jobs.js'
import { depositAtSignatureJobs } from '../../invoices/deposit-at-signature.js'
import { invoiceJobs } from '../../invoices/invoice-jobs.js'
import type { QueueWake } from '../../queue/queue-wake.js'
import { quoteJobs, sealRepairJob, SEAL_RETRY_DELAYS_MS } from '../../quotes/quote-jobs.js'
import { transmissionJobs } from '../../transmission/transmission-jobs.js'
import { makeFacturXOffThread } from '../../workers/pdf-pool.js'

export interface JobsOptions {
  /** How often periodic jobs are queued (JOBS_INTERVAL_MS); 5 minutes by default. */
  intervalMs?: number
  /** How often each gateway looks for due runs beside the wake-ups; 1 s by default. */
  pollIntervalMs?: number
  /** How long a claimed run is kept from other gateways; 2 minutes by default. */
  leaseMs?: number
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job runner: wake() runs due jobs now (after a commit that queued one); resolves when that pass is over. */
    jobs: Pick<JobRunner, 'wake' | 'queuePeriodic'>
    /** Repairs unsealed signatures within seconds (a few tries), then leaves it to the periodic jobs. */
    repairSealsSoon: () => void
  }
}

function registeredJobs(fastify: FastifyInstance): RegisteredJob[] {
  // Read when a job runs: the wake-ups and the seal are decorated after this plugin.
  const wake: QueueWake = {
    outbox: () => fastify.queueWake.outbox(),
    webhooks: () => fastify.queueWake.webhooks(),
    jobs: () => fastify.queueWake.jobs()
  }
  const certificate = () => fastify.sealCertificate()
  return [
    ...quoteJobs({ db: fastify.db, config: fastify.config, log: fastify.log, certificate, wake }),
    ...invoiceJobs({ db: fastify.db, site: fastify.config.site, log: fastify.log, wake, makeFacturX: makeFacturXOffThread }),
    // The invoice actions are decorated after this plugin: read when the job runs.
    ...depositAtSignatureJobs({ db: fastify.db, actions: () => fastify.invoiceActions, log: fastify.log }),
    // Card payments are on when Connect is configured (the Stripe client is decorated after this plugin).
    ...cardJobs({ db: fastify.db, stripe: () => (fastify.config.billing?.connectWebhookSecret == null ? null : fastify.stripe) }),
    ...transmissionJobs({
      db: fastify.db,
      log: fastify.log,
      secretsKey: fastify.transmission.secretsKey,
      flowClient: fastify.transmission.flowClient,
      retries: fastify.transmission.retries
    })
  ]
}

export default fp<JobsOptions>(
  async function jobs(fastify: FastifyInstance, options) {
    const runner = createJobRunner({
      db: fastify.db,
      log: fastify.log,
      jobs: registeredJobs(fastify),
      periodicEveryMs: options.intervalMs ?? 5 * 60_000,
      ...(options.pollIntervalMs === undefined ? {} : { pollIntervalMs: options.pollIntervalMs }),
      ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs })
    })
    fastify.decorate('jobs', { wake: runner.wake, queuePeriodic: runner.queuePeriodic })
    fastify.decorate('repairSealsSoon', () => {
      enqueueJob(fastify.db, sealRepairJob, {}, { delayMs: SEAL_RETRY_DELAYS_MS[0] }).catch((error: unknown) =>
        fastify.log.error({ err: error }, 'seal repair not queued: the periodic jobs will repair it')
      )
    })
    fastify.addHook('onReady', async () => runner.start())
    fastify.addHook('onClose', async () => runner.stop())
  },
  { name: 'jobs', dependencies: ['config', 'database', 'transmission'] }
)
