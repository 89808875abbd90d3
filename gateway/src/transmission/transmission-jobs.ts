// The transmission's background work as jobs of the registry (plugins/app/jobs.ts):
// - `transmission.hand-off`, one per issued invoice, queued in the transaction that stores its
//   Factur-X PDF (invoices/invoice-jobs.ts: the file handed over is the one stored), retried with
//   the hand-off's back-off while the platform is unreachable; its state (attempts, next try, last
//   error) is kept on the invoice's paraphe.invoice_transmissions row, which the invoice's
//   « Transmission » panel reads;
// - `transmission.pending` (periodic): a hand-off left pending without a job (a database upgraded
//   from the worker that ran them before, a row an operator set back to pending) gets one;
// - `transmission.statuses` (periodic): the statuses every company's platform has for us.
import { defineJob } from '../jobs/job-definition.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { registerJob, type RegisteredJob } from '../jobs/job-runner.js'
import type { Log } from '../logging.js'
import { MAX_ATTEMPTS, retryDelayMs } from '../queue/retry-delay.js'
import { handOffInvoice, markHandedOff, type ClaimedTransmission, type HandOffContext } from './hand-off.js'
import { pollStatuses } from './status-poll.js'

const ERROR_TEXT_MAX = 1_000

/** The hand-off of one issued invoice (one pending per invoice, whoever queued it). */
export const handOffJob = defineJob<{ invoiceId: string }>({
  name: 'transmission.hand-off',
  singletonKey: ({ invoiceId }) => `transmission.hand-off:${invoiceId}`
})

/** Hand-offs left pending without a job get one, every JOBS_INTERVAL_MS. */
export const pendingHandOffsJob = defineJob<Record<string, never>>({ name: 'transmission.pending', periodic: true })

/** The platforms' statuses (acknowledgements, lifecycle), every JOBS_INTERVAL_MS. */
export const platformStatusesJob = defineJob<Record<string, never>>({ name: 'transmission.statuses', periodic: true })

/** The hand-off's retries: tests make them short; by default the queues' back-off (30 s doubling, 12 attempts). */
export interface HandOffRetries {
  retryDelayMs?: (attempts: number) => number
  maxAttempts?: number
}

export interface TransmissionJobsContext extends HandOffContext {
  log: Log
  retries: HandOffRetries
}

/**
 * One attempt at an invoice's hand-off, counted on its row. Resolves when there is nothing more
 * to do (handed over, given up, already done, or its PDF not stored yet: the render queues it
 * again); throws to be tried again after the back-off.
 */
export async function handOffOnce(context: TransmissionJobsContext, invoiceId: string): Promise<void> {
  const { db, log } = context
  const { rows } = await db.query<ClaimedTransmission>(
    `with claimed as (
       update paraphe.invoice_transmissions t
          set attempts = attempts + 1, last_attempt_at = now()
        where t.invoice_id = $1 and t.status = 'pending'
          and exists (select 1 from paraphe.invoices i where i.id = t.invoice_id and i.pdf is not null)
        returning id, attempts, invoice_id, company_id)
     select c.id::text as id, c.attempts, c.invoice_id, c.company_id, i.number, i.document -> 'buyer' as buyer
       from claimed c join paraphe.invoices i on i.id = c.invoice_id`,
    [invoiceId]
  )
  const row = rows[0]
  if (row === undefined) return
  const delivery = await handOffInvoice(row, context)
  if (delivery.ok) {
    await markHandedOff(db, row.id, delivery.receipt)
    log.info({ invoiceId, attempts: row.attempts, channel: delivery.receipt.channel }, 'invoice handed over')
    return
  }
  const final = delivery.final === true || row.attempts >= (context.retries.maxAttempts ?? MAX_ATTEMPTS)
  const delayMs = final ? 0 : Math.max(0, Math.round(delayOf(context.retries)(row.attempts)))
  // What the « Transmission » panel shows: the next try, or the reason it was given up.
  await db.query(
    `update paraphe.invoice_transmissions
        set status = $2, last_error = $3, next_attempt_at = now() + $4::integer * interval '1 millisecond'
      where id = $1 and status = 'pending'`,
    [row.id, final ? 'failed' : 'pending', delivery.error.slice(0, ERROR_TEXT_MAX), delayMs]
  )
  if (final) {
    log.error({ invoiceId, attempts: row.attempts, error: delivery.error }, 'invoice hand-off given up after its last attempt')
    return
  }
  throw new Error(delivery.error)
}

const delayOf = (retries: HandOffRetries) => retries.retryDelayMs ?? ((attempts: number) => retryDelayMs(attempts))

/** Queues the hand-off of every pending row whose PDF is stored and whose next try is due; returns how many were queued. */
export async function queuePendingHandOffs(context: Pick<TransmissionJobsContext, 'db'>): Promise<number> {
  const { rows } = await context.db.query<{ invoice_id: string; company_id: string }>(
    `select t.invoice_id, t.company_id from paraphe.invoice_transmissions t join paraphe.invoices i on i.id = t.invoice_id
      where t.status = 'pending' and t.next_attempt_at <= now() and i.pdf is not null
      order by t.next_attempt_at, t.id limit 500`
  )
  let queued = 0
  for (const row of rows) {
    if (await enqueueJob(context.db, handOffJob, { invoiceId: row.invoice_id }, { companyId: row.company_id })) queued += 1
  }
  return queued
}

/** The transmission's jobs with their handlers, for the registry. */
export function transmissionJobs(context: TransmissionJobsContext): RegisteredJob[] {
  return [
    // Its retries follow the row's attempts (handOffOnce gives up itself): the job never gives up first.
    registerJob({ ...handOffJob, maxAttempts: Number.MAX_SAFE_INTEGER, retryDelayMs: delayOf(context.retries) }, ({ invoiceId }) =>
      handOffOnce(context, invoiceId)
    ),
    registerJob(pendingHandOffsJob, async (_payload, run) => {
      const queued = await queuePendingHandOffs(context)
      if (queued > 0) run.log.info({ queued }, 'pending invoice hand-offs queued')
    }),
    registerJob(platformStatusesJob, async (_payload, run) => {
      const recorded = await pollStatuses(context.db, context.flowClient, context.secretsKey, run.log)
      if (recorded > 0) run.log.info({ recorded }, 'platform statuses recorded')
    })
  ]
}
