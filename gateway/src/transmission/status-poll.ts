// The statuses that come back from a plateforme agréée, read with `POST /v1/flows/search` from a
// per-company cursor (the platform's own `updatedAt`, kept in platform_connections.search_cursor so
// every gateway goes on from the same point): acknowledgements of our deposits (Pending → Ok |
// Error with its reason) onto the hand-off row, and lifecycle flows about our invoices as
// append-only invoice events (source 'platform', the status code kept). A status met twice (two
// gateways, the webhook and the search) is stored once (unique index on invoice, code, flow).
import { lifecycleEventType } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Database } from '../db/database.js'
import type { WorkerLog } from '../queue/polling-worker.js'
import type { Flow, FlowClient } from './flow-client.js'
import { credentialsFor } from './platform-connection.js'

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
  const lifecycle = flow.lifecycle
  if (lifecycle === null || lifecycle.invoiceTrackingId === null || !/^[0-9a-f-]{36}$/.test(lifecycle.invoiceTrackingId)) return false
  const { rowCount } = await db.query(
    `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code, occurred_at, data, actor_id)
     select i.id, i.company_id, $3, 'platform', $4, coalesce($5::timestamptz, now()), $6, null
       from paraphe.invoices i where i.id = $2 and i.company_id = $1 and i.status = 'issued'
     on conflict (invoice_id, lifecycle_code, (data ->> 'flowId')) where source = 'platform' do nothing`,
    [
      companyId,
      lifecycle.invoiceTrackingId,
      lifecycleEventType(lifecycle.code),
      lifecycle.code,
      lifecycle.date,
      JSON.stringify({ flowId: lifecycle.invoiceFlowId ?? flow.flowId, statusFlowId: flow.flowId, reason: lifecycle.reason })
    ]
  )
  return (rowCount ?? 0) > 0
}

/** One company's new flows since its cursor, page after page; the cursor moves after each page. */
export async function pollCompany(db: Database, client: FlowClient, secretsKey: Buffer, companyId: string): Promise<number> {
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
    for (const flow of flows) if (await recordFlow(db, companyId, flow)) recorded += 1
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
      recorded += await pollCompany(db, client, secretsKey, companyId)
    } catch (error) {
      log.warn({ companyId, err: error }, 'platform statuses not read, will try again')
    }
  }
  return recorded
}
