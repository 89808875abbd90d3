// What happens to sent quotes with time: expiry (and the professional is told), automatic
// reminders, and sealing signed copies a crash left unsealed. Runs as the database owner, one
// short transaction per batch, rows claimed with SKIP LOCKED so several gateways can run it.
import type { Log } from '../logging.js'
import { paths } from '@paraphe/shared/paths'
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Config } from '../config.js'
import type { Database } from '../db/database.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { enqueueEmail } from '../mail/outbox.js'
import { expiredNoticeEmail } from '../mail/templates/quote-follow-ups.js'
import { planAllowsSql, plansWith } from '../plans/plan-sql.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import { QUOTE_COLUMNS, type QuoteRow } from './quote-rows.js'
import { closeQuote } from './quotes-repository.js'
import { completeSignature } from './complete-signature.js'
import { AUTOMATIC_REMINDER_DAYS, REMINDER_GAP_HOURS } from '@paraphe/shared/reminders'
import { queueReminder } from './quote-reminders.js'
import { defineJob } from '../jobs/job-definition.js'
import { registerJob, type RegisteredJob } from '../jobs/job-runner.js'

const BATCH = 50

export interface JobContext {
  db: Database
  config: Config
  log: Log
  certificate: () => Promise<SealCertificate>
  wake: QueueWake
}

type OwnedRow = QuoteRow & { company_id: string }

/** Quotes past their last valid day (Paris calendar) become `expired`; returns how many. */
export async function expireQuotes(context: JobContext): Promise<number> {
  const { db, config } = context
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OwnedRow>(
      `select ${QUOTE_COLUMNS}, company_id from paraphe.quotes
        where status in ('sent', 'viewed') and expires_on < (now() at time zone 'Europe/Paris')::date
        order by expires_on limit ${BATCH} for update skip locked`
    )
    for (const row of rows) {
      const expired = await closeQuote(tx, row.id, row.company_id, 'expired')
      const company = row.company as CompanyProfile
      if (company.email !== '') {
        await enqueueEmail(tx, {
          companyId: row.company_id,
          kind: 'quote-expired',
          to: company.email,
          ...expiredNoticeEmail(expired, new URL(paths.quote.href(row.id), config.site.siteUrl).href, config.site)
        })
      }
    }
    return rows.length
  })
}

/** Automatic reminders due now, on the plans that include them; returns how many were queued. */
export async function sendDueReminders(context: JobContext): Promise<number> {
  const { db, config } = context
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<OwnedRow>(
      `select ${QUOTE_COLUMNS.split(', ')
        .map((column) => `q.${column}`)
        .join(', ')}, q.company_id from paraphe.quotes q
        where q.status in ('sent', 'viewed') and ${planAllowsSql('q.company_id', '$1')}
          and q.expires_on >= (now() at time zone 'Europe/Paris')::date
          and q.reminders_sent < $2
          and q.sent_at <= now() - make_interval(days => ($3::int[])[q.reminders_sent + 1])
          and (q.last_reminded_at is null or q.last_reminded_at <= now() - make_interval(hours => $4))
        limit ${BATCH} for update of q skip locked`,
      [plansWith('automaticReminders'), AUTOMATIC_REMINDER_DAYS.length, [...AUTOMATIC_REMINDER_DAYS], REMINDER_GAP_HOURS]
    )
    for (const row of rows) await queueReminder(tx, row, config.site, true)
    return rows.length
  })
}

/**
 * Signed quotes whose sealed copy is missing (the gateway stopped in between). One being sealed
 * by a request right now may be picked too: completeSignature stores and mails it only once.
 */
export async function repairSeals(context: JobContext): Promise<number> {
  const { rows } = await context.db.query<{ quote_id: string }>(
    `select s.quote_id from paraphe.signatures s
      where not exists (select 1 from paraphe.signed_documents d where d.quote_id = s.quote_id)
      limit ${BATCH}`
  )
  let sealed = 0
  for (const row of rows) {
    try {
      if ((await completeSignature({ ...context, certificate: await context.certificate() }, row.quote_id)) !== null) sealed += 1
    } catch (error) {
      context.log.error({ err: error, quoteId: row.quote_id }, 'sealing the signed copy failed again')
    }
  }
  return sealed
}

/** Every job, then the workers woken for what they queued (each job committed its own batches). */
export async function runQuoteJobs(context: JobContext): Promise<{ expired: number; reminded: number; sealed: number }> {
  const done = { expired: await expireQuotes(context), reminded: await sendDueReminders(context), sealed: await repairSeals(context) }
  // A repaired seal woke its own queues (completeSignature).
  if (done.expired + done.reminded > 0) context.wake.outbox()
  // quote.expired.
  if (done.expired > 0) context.wake.webhooks()
  return done
}

/**
 * Seal repair on its own, a few seconds after a signature whose seal could not be made at once
 * (a full PDF queue, a lost PDF process): the copies sealed go out now; `left` says whether a
 * signature still waits for its seal (another try is due).
 */
export async function repairSealsNow(context: JobContext): Promise<{ sealed: number; left: boolean }> {
  const sealed = await repairSeals(context)
  if (sealed > 0) {
    context.wake.outbox()
    // quote.signed is queued with the sealed copy.
    context.wake.webhooks()
  }
  const waiting = await context.db.query(
    'select 1 from paraphe.signatures s where not exists (select 1 from paraphe.signed_documents d where d.quote_id = s.quote_id) limit 1'
  )
  return { sealed, left: waiting.rows.length > 0 }
}

/** Expiry, automatic reminders and seal repair of the quotes, every JOBS_INTERVAL_MS. */
export const quotePeriodicJob = defineJob<Record<string, never>>({ name: 'quotes.periodic', periodic: true })

/** A client who just signed waits for the sealed copy: retried within seconds, not at the next periodic run. */
export const SEAL_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000] as const

/**
 * Seal repair soon after a signature whose seal could not be made at once: one pending at a time,
 * tried again after 1, 2, 4, 8 and 15 s while a signature still waits, then left to quotes.periodic.
 */
export const sealRepairJob = defineJob<Record<string, never>>({
  name: 'quotes.seal-repair',
  singletonKey: () => 'quotes.seal-repair',
  maxAttempts: SEAL_RETRY_DELAYS_MS.length + 1,
  retryDelayMs: (attempts) => SEAL_RETRY_DELAYS_MS[attempts - 1] ?? 15_000
})

/** The quotes' jobs with their handlers, for the registry. */
export function quoteJobs(context: JobContext): RegisteredJob[] {
  return [
    registerJob(quotePeriodicJob, async () => {
      const done = await runQuoteJobs(context)
      if (done.expired + done.reminded + done.sealed > 0) context.log.info(done, 'quote jobs')
    }),
    registerJob(sealRepairJob, async () => {
      const { left } = await repairSealsNow(context)
      // Thrown to be tried again after the definition's next delay.
      if (left) throw new Error('a signature still waits for its seal')
    })
  ]
}
