// Hands an issued invoice over (paraphe.invoice_transmissions, one row written by the database when
// the invoice is issued): one call of handOffInvoice per attempt, a plain function with its own
// retry decision — retried on 5xx, 429, timeouts, unreachable platforms and expired tokens, given
// up with the reason on another refusal. A repeat the platform already had (AlreadyExistingFlow)
// is a success. It runs as a job of the registry (transmission-jobs.ts): several gateways on one
// database never hand the same invoice over together, and a gateway's crash is taken over once
// its lease ends.
import type { InvoiceBuyer } from '@paraphe/shared/invoices/invoice-document'
import type { Database } from '../db/database.js'
import { errorText, type Delivery } from '../queue/leased-queue.js'
import { channelFor, emailChannel, type HandOff, type InvoiceChannel } from './channels.js'
import type { FlowClient } from './flow-client.js'
import { credentialsFor } from './platform-connection.js'
import { PlatformError } from './platform-errors.js'
import { platformChannel } from './platform-channel.js'

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

/** One hand-off, and whether to try again (transmission-jobs.ts runs it). */
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
  const { rows } = await context.db.query<{ pdf: Uint8Array | null }>('select pdf from paraphe.invoices where id = $1', [row.invoice_id])
  const pdf = rows[0]?.pdf
  if (pdf === undefined) return { ok: false, final: true, error: 'Facture introuvable.' }
  // Rendered by its job right after the number (the render queues the hand-off once stored).
  if (pdf === null) return { ok: false, error: 'Le PDF de la facture est en préparation.' }
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
