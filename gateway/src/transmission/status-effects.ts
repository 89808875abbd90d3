// What a lifecycle status does once it is stored (called only when its invoice event row was
// inserted — a status met twice, by the search, the PA's webhook or two gateways, is stored once
// and so has its effects once), in the transaction that stored it:
// - the webhook `invoice.status_changed` to the company's endpoints that chose it;
// - on a refusal (210) or a rejection (213), a job that e-mails the owner the reason and what to
//   do (a credit note and a new invoice), rendered by the job because it needs the site's address.
import { lifecycleLabel, needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Site } from '../config.js'
import type { Database, Queryable } from '../db/database.js'
import { defineJob } from '../jobs/job-definition.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { registerJob, type RegisteredJob } from '../jobs/job-runner.js'
import { enqueueEmail } from '../mail/outbox.js'
import { invoiceRefusalEmail } from '../mail/templates/invoice-refusal.js'

export interface StoredStatus {
  invoiceId: string
  companyId: string
  /** XP Z12-012 code (200 Déposée … 213 Rejetée). */
  code: number
  reason: string | null
  occurredAt: Date
}

export const STATUS_CHANGED_EVENT = 'invoice.status_changed'

/** The refusal's e-mail: one per stored status (keyed by invoice and code: a repeat while pending is dropped). */
export const refusalMailJob = defineJob<{ invoiceId: string; code: number; reason: string | null }>({
  name: 'transmission.refusal-mail',
  singletonKey: ({ invoiceId, code }) => `transmission.refusal-mail:${invoiceId}:${code}`
})

/** The effects of one status just stored, in `tx` (the gateway's own role). */
export async function statusStored(tx: Queryable, status: StoredStatus): Promise<void> {
  await tx.query(
    `with new_event as (
       insert into paraphe.webhook_events (company_id, type, invoice_id, data)
       select $1, $3, $2,
              jsonb_build_object('invoice', paraphe.webhook_invoice_summary($2),
                                 'status', jsonb_build_object('code', $4::integer, 'label', $5::text, 'reason', $6::text),
                                 'occurredAt', $7::text, 'source', 'platform')
        where exists (select 1 from paraphe.webhook_endpoints where company_id = $1 and $3 = any(events))
       returning id)
     insert into paraphe.webhook_deliveries (event_id, endpoint_id, company_id)
     select n.id, e.id, $1 from new_event n join paraphe.webhook_endpoints e on e.company_id = $1 and $3 = any(e.events)`,
    [
      status.companyId,
      status.invoiceId,
      STATUS_CHANGED_EVENT,
      status.code,
      lifecycleLabel(status.code),
      status.reason,
      status.occurredAt.toISOString()
    ]
  )
  if (needsCorrection(status.code)) {
    await enqueueJob(
      tx,
      refusalMailJob,
      { invoiceId: status.invoiceId, code: status.code, reason: status.reason },
      {
        companyId: status.companyId
      }
    )
  }
}

export interface StatusEffectsContext {
  db: Database
  site: Site
  /** Wakes the outbox once the e-mail is queued. */
  wakeOutbox: () => void
}

/** Queues the refusal e-mail to the company's owner, with a link to the invoice's page. */
export async function sendRefusalMail(context: StatusEffectsContext, payload: { invoiceId: string; code: number; reason: string | null }) {
  const queued = await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ company_id: string; number: string | null; client_name: string; email: string }>(
      `select i.company_id, i.number, i.client_name, m.email
         from paraphe.invoices i join paraphe.company_members m on m.company_id = i.company_id and m.role = 'owner'
        where i.id = $1 and m.email <> ''`,
      [payload.invoiceId]
    )
    for (const row of rows) {
      const email = invoiceRefusalEmail(
        { siteName: context.site.siteName, siteUrl: context.site.siteUrl },
        { invoiceId: payload.invoiceId, number: row.number ?? '', clientName: row.client_name, code: payload.code, reason: payload.reason }
      )
      await enqueueEmail(tx, { companyId: row.company_id, kind: 'invoice-refused', to: row.email, ...email })
    }
    return rows.length
  })
  if (queued > 0) context.wakeOutbox()
}

export function statusEffectsJobs(context: StatusEffectsContext): RegisteredJob[] {
  return [registerJob(refusalMailJob, (payload) => sendRefusalMail(context, payload))]
}
