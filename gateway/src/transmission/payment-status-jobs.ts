// 212 « Encaissée »: the seller's side reports each payment received on a services invoice whose
// VAT is due on receipt (no « option pour les débits », VAT charged) to its plateforme agréée, as
// a CDAR lifecycle message deposited on the flow API (flowSyntax CDAR, processingRule B2B, the
// payment's id as trackingId). Only invoices the platform took (channel 'platform', a flow id):
// an invoice sent by e-mail is not an e-invoice and its payments go to e-reporting instead.
// - queuePaymentReports writes one paraphe.invoice_payment_reports row per such payment and queues
//   its job, in the caller's transaction: recordPayment (by hand or Stripe's event) and the
//   invoice's deposit (payments recorded while the hand-off was still waiting);
// - the job `transmission.payment-status` deposits it, retried with the hand-off's back-off, and
//   once the platform has it stores the invoice event (source 'paraphe', lifecycle_code 212, the
//   amount and its split per rate, the flow id). A repeat the platform already had
//   (AlreadyExistingFlow) is a success.
import { createHash } from 'node:crypto'
import { INVOICE_TYPE_CODES, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Database, Queryable } from '../db/database.js'
import { defineJob } from '../jobs/job-definition.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { registerJob, type RegisteredJob } from '../jobs/job-runner.js'
import type { Log } from '../logging.js'
import { errorText } from '../queue/leased-queue.js'
import { MAX_ATTEMPTS, retryDelayMs } from '../queue/retry-delay.js'
import { writeCdar } from './cdar.js'
import type { Flow, FlowClient } from './flow-client.js'
import { credentialsFor } from './platform-connection.js'
import { PlatformError } from './platform-errors.js'
import { rateWeights, splitByRate } from './payment-status.js'

const ERROR_TEXT_MAX = 1_000

/** The 212 status of one payment (one pending per payment, whoever queued it). */
export const paymentStatusJob = defineJob<{ paymentId: string }>({
  name: 'transmission.payment-status',
  singletonKey: ({ paymentId }) => `transmission.payment-status:${paymentId}`
})

/**
 * The payments of an invoice that need a 212 and have none yet get one, with its job. Runs in the
 * member's transaction (RLS: the company's own rows) or the gateway's. Returns how many were queued.
 */
export async function queuePaymentReports(tx: Queryable, invoiceId: string): Promise<number> {
  const { rows } = await tx.query<{ payment_id: string; company_id: string }>(
    `insert into paraphe.invoice_payment_reports (payment_id, invoice_id, company_id)
     select p.id, p.invoice_id, p.company_id
       from paraphe.invoice_payments p
       join paraphe.invoices i on i.id = p.invoice_id
       join paraphe.invoice_transmissions t on t.invoice_id = i.id
      where p.invoice_id = $1 and p.amount_cents > 0 and i.status = 'issued'
        and t.channel = 'platform' and t.flow_id is not null
        -- Services (building work: works are services), VAT charged and due on receipt.
        and i.document ->> 'operation' <> 'goods' and i.document ->> 'vatRegime' = 'standard'
        and coalesce((i.document ->> 'vatOnDebits')::boolean, false) = false
     on conflict (payment_id) do nothing
     returning payment_id, company_id`,
    [invoiceId]
  )
  for (const row of rows) await enqueueJob(tx, paymentStatusJob, { paymentId: row.payment_id }, { companyId: row.company_id })
  return rows.length
}

export interface PaymentStatusContext {
  db: Database
  secretsKey: Buffer
  flowClient: FlowClient
  log: Log
  retries: { retryDelayMs?: (attempts: number) => number; maxAttempts?: number }
}

interface ClaimedReport {
  payment_id: string
  attempts: number
  invoice_id: string
  company_id: string
  created_at: Date
  amount_cents: string
  paid_on: string
  document: InvoiceDocument
}

type Attempt =
  { ok: true; flowId: string; byRate: Array<{ rateBp: number; amountCents: number }> } | { ok: false; final: boolean; error: string }

async function depositReport(context: PaymentStatusContext, row: ClaimedReport): Promise<Attempt> {
  let credentials
  try {
    credentials = await credentialsFor(context.db, row.company_id, context.secretsKey)
  } catch {
    return {
      ok: false,
      final: true,
      error:
        'Le secret de la plateforme agréée ne peut plus être lu (clé de chiffrement changée ?) : saisissez-le de nouveau dans « Ma plateforme agréée ».'
    }
  }
  if (credentials === null)
    return { ok: false, final: true, error: 'Aucune plateforme agréée n’est plus configurée pour déclarer cet encaissement.' }
  const document = row.document
  const amountCents = Number(row.amount_cents)
  const byRate = splitByRate(amountCents, rateWeights(document))
  const xml = writeCdar({
    messageId: `212-${row.payment_id}`,
    // The report's own creation time: every attempt deposits the same bytes (the same SHA-256).
    issuedAt: row.created_at.toISOString(),
    statusCode: 212,
    statusDate: row.paid_on,
    invoice: {
      number: document.number,
      issueDate: document.issueDate,
      typeCode: INVOICE_TYPE_CODES[document.kind],
      sellerSiren: document.seller.siren,
      buyerSiren: document.buyer.siren
    },
    issuer: { siren: document.seller.siren, name: document.seller.name, role: 'SE' },
    recipient: document.buyer.siren === null ? null : { siren: document.buyer.siren, name: null, role: 'BY' },
    reason: null,
    amounts: byRate
  })
  const file = Buffer.from(xml, 'utf8')
  try {
    const deposit = await context.flowClient.deposit(
      credentials,
      {
        flowSyntax: 'CDAR',
        processingRule: 'B2B',
        trackingId: row.payment_id,
        name: `CDAR-212-${document.number}.xml`,
        sha256: createHash('sha256').update(file).digest('hex')
      },
      file,
      `CDAR-212-${document.number}.xml`
    )
    return { ok: true, flowId: deposit.flowId, byRate }
  } catch (error) {
    if (error instanceof PlatformError) return { ok: false, error: error.message, final: !error.retryable }
    return { ok: false, final: false, error: errorText(error) }
  }
}

const delayOf = (retries: PaymentStatusContext['retries']) => retries.retryDelayMs ?? ((attempts: number) => retryDelayMs(attempts))

/**
 * One attempt at a payment's 212, counted on its row. Resolves when there is nothing more to do
 * (deposited, given up, already done); throws to be tried again after the back-off.
 */
export async function reportPaymentOnce(context: PaymentStatusContext, paymentId: string): Promise<void> {
  const { db, log } = context
  const { rows } = await db.query<ClaimedReport>(
    `with claimed as (
       update paraphe.invoice_payment_reports r set attempts = attempts + 1, last_attempt_at = now()
        where r.payment_id = $1 and r.status = 'pending'
        returning payment_id, attempts, invoice_id, company_id, created_at)
     select c.payment_id, c.attempts, c.invoice_id, c.company_id, c.created_at, p.amount_cents::text as amount_cents,
            to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, i.document
       from claimed c join paraphe.invoice_payments p on p.id = c.payment_id join paraphe.invoices i on i.id = c.invoice_id`,
    [paymentId]
  )
  const row = rows[0]
  if (row === undefined) return
  const attempt = await depositReport(context, row)
  if (attempt.ok) {
    await db.transaction(async (tx) => {
      await tx.query(
        `update paraphe.invoice_payment_reports
            set status = 'sent', sent_at = now(), flow_id = $2, by_rate = $3, ack_status = 'Pending', last_error = null
          where payment_id = $1`,
        [paymentId, attempt.flowId, JSON.stringify(attempt.byRate)]
      )
      await tx.query(
        `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code, data, actor_id)
         values ($1, $2, 'payment_reported', 'paraphe', 212, $3, null)
         on conflict (invoice_id, (data ->> 'paymentId')) where type = 'payment_reported' do nothing`,
        [
          row.invoice_id,
          row.company_id,
          JSON.stringify({
            paymentId,
            amountCents: Number(row.amount_cents),
            paidOn: row.paid_on,
            byRate: attempt.byRate,
            flowId: attempt.flowId
          })
        ]
      )
    })
    log.info({ invoiceId: row.invoice_id, paymentId, attempts: row.attempts }, 'payment reported to the platform (212)')
    return
  }
  const final = attempt.final || row.attempts >= (context.retries.maxAttempts ?? MAX_ATTEMPTS)
  const delayMs = final ? 0 : Math.max(0, Math.round(delayOf(context.retries)(row.attempts)))
  await db.query(
    `update paraphe.invoice_payment_reports
        set status = $2, last_error = $3, next_attempt_at = now() + $4::integer * interval '1 millisecond'
      where payment_id = $1 and status = 'pending'`,
    [paymentId, final ? 'failed' : 'pending', attempt.error.slice(0, ERROR_TEXT_MAX), delayMs]
  )
  if (final) {
    log.error({ invoiceId: row.invoice_id, paymentId, attempts: row.attempts, error: attempt.error }, 'payment report (212) given up')
    return
  }
  throw new Error(attempt.error)
}

/**
 * The platform's acknowledgement of one of our 212 deposits (a CDAR flow we sent, known by its flow
 * id); true when the flow was ours — a platform that leaves out flowDirection still has it
 * recognised, never read back as a status about the invoice.
 */
export async function recordReportAcknowledgement(db: Queryable, companyId: string, flow: Flow): Promise<boolean> {
  const reason = (flow.acknowledgement?.details ?? [])
    .map((detail) => [detail.reasonCode, detail.reasonMessage].filter(Boolean).join(' : '))
    .join(' ; ')
  const { rowCount } = await db.query(
    `update paraphe.invoice_payment_reports set ack_status = coalesce($3, ack_status), ack_reason = case when $3::text is null then ack_reason else nullif($4, '') end
      where company_id = $1 and flow_id = $2`,
    [companyId, flow.flowId, flow.acknowledgement?.status ?? null, reason.slice(0, ERROR_TEXT_MAX)]
  )
  return (rowCount ?? 0) > 0
}

/** The job with its handler, for the registry (transmission-jobs.ts lists it). */
export function paymentStatusJobs(context: PaymentStatusContext): RegisteredJob[] {
  return [
    // Its retries follow the row's attempts (reportPaymentOnce gives up itself): the job never gives up first.
    registerJob({ ...paymentStatusJob, maxAttempts: Number.MAX_SAFE_INTEGER, retryDelayMs: delayOf(context.retries) }, ({ paymentId }) =>
      reportPaymentOnce(context, paymentId)
    )
  ]
}
