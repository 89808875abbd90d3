// The statuses that come back from a plateforme agréée, read with `POST /v1/flows/search` from a
// per-company cursor (the platform's own `updatedAt`, kept in platform_connections.search_cursor so
// every gateway goes on from the same point): acknowledgements of our deposits (Pending → Ok |
// Error with its reason) onto the hand-off row, and lifecycle flows about our invoices as
// append-only invoice events (source 'platform', the status code kept). A status met twice (two
// gateways, the webhook and the search) is stored once (unique index on invoice, code, flow).
// Real platforms give a lifecycle flow's status in its file, a CDAR message (GET /v1/flows/{id}
// ?docType=Original): readLifecycle reads it when the flow carries no JSON summary of it.
import { lifecycleEventType } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Database } from '../db/database.js'
import type { WorkerLog } from '../queue/polling-worker.js'
import { CdarError, parseCdar } from './cdar.js'
import type { Flow, FlowClient, PlatformCredentials } from './flow-client.js'
import { recordReportAcknowledgement } from './payment-status-jobs.js'
import { credentialsFor } from './platform-connection.js'
import { statusStored } from './status-effects.js'

export const SEARCH_LIMIT = 100

/** Stores what one flow says; true when it concerned one of the company's invoices. */
export async function recordFlow(db: Database, companyId: string, flow: Flow): Promise<boolean> {
  if (flow.flowType === 'CustomerInvoice' && flow.trackingId !== null && flow.acknowledgement !== null) {
    const reason = flow.acknowledgement.details
      .map((detail) => [detail.reasonCode, detail.reasonMessage].filter(Boolean).join(' : '))
      .join(' ; ')
    const { rowCount } = await db.query(
      `update paraphe.invoice_transmissions set ack_status = $3, ack_reason = nullif($4, '')
        where company_id = $1 and flow_id = $2`,
      [companyId, flow.flowId, flow.acknowledgement.status, reason.slice(0, 1000)]
    )
    return (rowCount ?? 0) > 0
  }
  // Our own 212 deposits (payment-status-jobs.ts): their acknowledgement, never a status about us.
  if (flow.flowType === 'CustomerInvoiceLC') {
    const ours = await recordReportAcknowledgement(db, companyId, flow)
    if (ours || flow.flowDirection === 'Out') return ours
  }
  const lifecycle = flow.lifecycle
  if (lifecycle === null) return false
  // The invoice by our trackingId (its id), or by its number and its seller's SIREN as a CDAR names it.
  const trackingId =
    lifecycle.invoiceTrackingId !== null && /^[0-9a-f-]{36}$/.test(lifecycle.invoiceTrackingId) ? lifecycle.invoiceTrackingId : null
  if (trackingId === null && (lifecycle.invoiceNumber === null || lifecycle.sellerSiren === null)) return false
  // Its effects (webhook, refusal e-mail) only when this call stored it, in the same transaction.
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ invoice_id: string; occurred_at: Date }>(
      `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code, occurred_at, data, actor_id)
       select i.id, i.company_id, $3, 'platform', $4, coalesce($5::timestamptz, now()),
              -- Keyed on the invoice's flow (a status repeated in another lifecycle flow is the same status).
              $6::jsonb || jsonb_build_object('flowId', coalesce($9::text, (select t.flow_id from paraphe.invoice_transmissions t where t.invoice_id = i.id), $10::text)),
              null
         from paraphe.invoices i
        where i.company_id = $1 and i.status = 'issued'
          and (i.id = $2::uuid or ($2::uuid is null and i.number = $7 and i.document -> 'seller' ->> 'siren' = $8))
       on conflict (invoice_id, lifecycle_code, (data ->> 'flowId')) where source = 'platform' do nothing
       returning invoice_id, occurred_at`,
      [
        companyId,
        trackingId,
        lifecycleEventType(lifecycle.code),
        lifecycle.code,
        lifecycle.date,
        JSON.stringify({ statusFlowId: flow.flowId, reason: lifecycle.reason }),
        lifecycle.invoiceNumber,
        lifecycle.sellerSiren,
        lifecycle.invoiceFlowId,
        flow.flowId
      ]
    )
    for (const row of rows)
      await statusStored(tx, {
        invoiceId: row.invoice_id,
        companyId,
        code: lifecycle.code,
        reason: lifecycle.reason,
        occurredAt: row.occurred_at
      })
    return rows.length > 0
  })
}

/**
 * A lifecycle flow about one of our invoices without a JSON summary: its status read from its CDAR
 * file. A file that is not a readable CDAR is logged and left (it would never become readable);
 * a platform that does not answer throws, so the cursor stays and the next pass reads it again.
 */
export async function readLifecycle(client: FlowClient, credentials: PlatformCredentials, flow: Flow, log?: WorkerLog): Promise<Flow> {
  if (flow.lifecycle !== null || flow.flowType !== 'CustomerInvoiceLC' || flow.flowDirection === 'Out') return flow
  const file = await client.readFile(credentials, flow.flowId)
  try {
    const status = parseCdar(file)
    const reason = status.reason === null ? null : (status.reason.text ?? status.reason.code)
    return {
      ...flow,
      lifecycle: {
        code: status.statusCode,
        invoiceTrackingId: null,
        invoiceFlowId: null,
        invoiceNumber: status.invoice.number,
        sellerSiren: status.invoice.sellerSiren,
        reason,
        // The message's time (the status date is often a day only).
        date: status.issuedAt
      }
    }
  } catch (error) {
    if (!(error instanceof CdarError)) throw error
    log?.warn({ flowId: flow.flowId, problem: error.message }, 'lifecycle flow whose CDAR file cannot be read: left aside')
    return flow
  }
}

/** One company's new flows since its cursor, page after page; the cursor moves after each page. */
export async function pollCompany(
  db: Database,
  client: FlowClient,
  secretsKey: Buffer,
  companyId: string,
  log?: WorkerLog
): Promise<number> {
  const credentials = await credentialsFor(db, companyId, secretsKey)
  if (credentials === null) return 0
  let recorded = 0
  for (;;) {
    const { rows } = await db.query<{ search_cursor: Date | null }>(
      'select search_cursor from paraphe.platform_connections where company_id = $1',
      [companyId]
    )
    const cursor = rows[0]?.search_cursor ?? null
    const where: Record<string, unknown> = { flowType: ['CustomerInvoice', 'CustomerInvoiceLC'] }
    if (cursor !== null) where.updatedAfter = cursor.toISOString()
    const flows = await client.search(credentials, where, SEARCH_LIMIT)
    for (const flow of flows) if (await recordFlow(db, companyId, await readLifecycle(client, credentials, flow, log))) recorded += 1
    const last = flows.at(-1)
    if (last === undefined) return recorded
    // Only forward: a cursor never goes back, whichever gateway wrote it.
    await db.query(
      `update paraphe.platform_connections set search_cursor = greatest(coalesce(search_cursor, '-infinity'), $2::timestamptz) where company_id = $1`,
      [companyId, last.updatedAt]
    )
    if (flows.length < SEARCH_LIMIT) return recorded
  }
}

/** Every company with a platform, one after the other; a platform that fails is logged and the others go on. */
export async function pollStatuses(db: Database, client: FlowClient, secretsKey: Buffer, log: WorkerLog): Promise<number> {
  const { rows } = await db.query<{ company_id: string }>('select company_id from paraphe.platform_connections order by company_id')
  let recorded = 0
  for (const { company_id: companyId } of rows) {
    try {
      recorded += await pollCompany(db, client, secretsKey, companyId, log)
    } catch (error) {
      log.warn({ companyId, err: error }, 'platform statuses not read, will try again')
    }
  }
  return recorded
}
