// Hands issued invoices over (paraphe.invoice_transmissions, one row written by the database when
// an invoice is issued) on the leased queue the outbox and the webhooks run (queue/leased-queue.ts:
// claim with a lease, back-off, « done but not marked » kept in memory), so several gateways on one
// database never hand the same invoice over together, and a gateway's crash is taken over once its
// lease ends. Each row is one call of handOffInvoice, a plain handler with its own retry decision:
// retried on 5xx, 429, timeouts, unreachable platforms and expired tokens, given up with the reason
// on another refusal. A repeat the platform already had (AlreadyExistingFlow) is a success.
import type { InvoiceBuyer } from '@paraphe/shared/invoices/invoice-document'
import type { Database } from '../db/database.js'
import { createLeasedQueue, errorText, type Delivery } from '../queue/leased-queue.js'
import type { PollingWorker, WorkerLog } from '../queue/polling-worker.js'
import { channelFor, emailChannel, type HandOff, type InvoiceChannel } from './channels.js'
import type { FlowClient } from './flow-client.js'
import { credentialsFor } from './platform-connection.js'
import { PlatformError } from './platform-errors.js'
import { platformChannel } from './platform-channel.js'

/** A fallback: the issuing gateway wakes its worker after the commit; the poll finds the rest. */
export const DEFAULT_POLL_INTERVAL_MS = 60_000
export const DEFAULT_LEASE_MS = 5 * 60_000
const DEFAULT_BATCH_SIZE = 20

export interface TransmissionWorkerOptions {
  /** The gateway's own role: it reads the sealed secrets, which members cannot. */
  db: Database
  log: WorkerLog
  secretsKey: Buffer
  flowClient: FlowClient
  pollIntervalMs?: number
  retryDelayMs?: (attempts: number) => number
  leaseMs?: number
  maxAttempts?: number
  timeoutMs?: number
}

export interface ClaimedTransmission {
  id: string
  attempts: number
  invoice_id: string
  company_id: string
  number: string
  buyer: InvoiceBuyer
}

export interface HandOffContext {
  db: Database
  secretsKey: Buffer
  flowClient: FlowClient
}

/** One hand-off, and whether to try again: the job the registry will run. */
export async function handOffInvoice(row: ClaimedTransmission, context: HandOffContext): Promise<Delivery<HandOff>> {
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
  const choice = channelFor(row.buyer, credentials !== null)
  const channel: InvoiceChannel =
    choice.channel === 'platform' && credentials !== null
      ? platformChannel(context.flowClient, credentials)
      : emailChannel(choice.emailReason)
  const { rows } = await context.db.query<{ pdf: Uint8Array }>('select pdf from paraphe.invoices where id = $1', [row.invoice_id])
  const pdf = rows[0]?.pdf
  if (pdf === undefined) return { ok: false, final: true, error: 'Facture introuvable.' }
  try {
    const receipt = await channel.handOff({ id: row.invoice_id, companyId: row.company_id, number: row.number, buyer: row.buyer, pdf })
    return { ok: true, receipt }
  } catch (error) {
    if (error instanceof PlatformError) return { ok: false, error: error.message, final: !error.retryable }
    return { ok: false, error: errorText(error) }
  }
}

/** Records a hand-off as done, and « Déposée » (200) when the platform took the flow. */
export async function markHandedOff(db: Database, id: string, receipt: HandOff): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ invoice_id: string; company_id: string }>(
      `update paraphe.invoice_transmissions
          set status = 'sent', sent_at = now(), channel = $2, email_reason = $3, flow_id = $4, file_sha256 = $5,
              ack_status = case when $4::text is null then null else 'Pending' end, last_error = null
        where id = $1
        returning invoice_id, company_id`,
      [id, receipt.channel, receipt.emailReason, receipt.flowId, receipt.fileSha256]
    )
    const row = rows[0]
    if (row === undefined || receipt.flowId === null) return
    await tx.query(
      `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code, data, actor_id)
       values ($1, $2, 'platform_deposited', 'platform', 200, $3, null)
       on conflict (invoice_id, lifecycle_code, (data ->> 'flowId')) where source = 'platform' do nothing`,
      [row.invoice_id, row.company_id, JSON.stringify({ flowId: receipt.flowId, channel: receipt.channel })]
    )
  })
}

export function createTransmissionWorker(options: TransmissionWorkerOptions): PollingWorker {
  const { db, log } = options
  const context: HandOffContext = { db, secretsKey: options.secretsKey, flowClient: options.flowClient }
  return createLeasedQueue<string, ClaimedTransmission, HandOff>({
    name: 'transmission',
    noun: 'invoice hand-off',
    done: 'handed over',
    idField: 'transmissionId',
    table: 'invoice_transmissions',
    db,
    log,
    pollIntervalMs: options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    ...(options.maxAttempts === undefined ? {} : { maxAttempts: options.maxAttempts }),
    ...(options.retryDelayMs === undefined ? {} : { retryDelayMs: options.retryDelayMs }),
    batchSize: DEFAULT_BATCH_SIZE,
    claim: {
      returning: 'id, attempts, invoice_id, company_id',
      alsoSet: 'last_attempt_at = now(), ',
      select: `select c.id::text as id, c.attempts, c.invoice_id, c.company_id, i.number, i.document -> 'buyer' as buyer
                 from claimed c join paraphe.invoices i on i.id = c.invoice_id`,
      params: []
    },
    deliver: (row) => handOffInvoice(row, context),
    mark: (id, receipt) => markHandedOff(db, id, receipt),
    describe: (row) => ({ invoiceId: row.invoice_id })
  })
}
