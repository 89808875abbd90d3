// The statuses of the invoices deposited on Chorus Pro, read back with rechercher/fournisseur by
// the periodic statuses job: one search by number per invoice still under way (Chorus Pro has no
// change cursor), each status stored as an append-only invoice event like a platform's (source
// 'platform', the lifecycle code of chorus-pro-statuses.ts, the deposit number as the flow id, so
// that « Déposée » recorded at the deposit is not stored twice).
import { lifecycleEventType } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Database } from '../db/database.js'
import { statusStored } from './status-effects.js'
import type { WorkerLog } from '../queue/polling-worker.js'
import type { ChorusProClient } from './chorus-pro-client.js'
import { chorusProCredentialsFor } from './chorus-pro-connection.js'
import { lifecycleCodeOfChorusPro } from './chorus-pro-statuses.js'

/** Statuses after which nothing more is expected: the invoice is no longer searched. */
const FINAL_CODES = [210, 211, 220]
/** An invoice is followed this long after its deposit at most. */
const FOLLOWED_DAYS = 400

/** One company's invoices under way on Chorus Pro; returns how many new statuses were stored. */
export async function pollChorusProCompany(db: Database, client: ChorusProClient, secretsKey: Buffer, companyId: string): Promise<number> {
  const credentials = await chorusProCredentialsFor(db, companyId, secretsKey)
  if (credentials === null) return 0
  const { rows } = await db.query<{ invoice_id: string; number: string; flow_id: string }>(
    `select t.invoice_id, i.number, t.flow_id from paraphe.invoice_transmissions t join paraphe.invoices i on i.id = t.invoice_id
      where t.company_id = $1 and t.channel = 'chorus_pro' and t.status = 'sent' and t.flow_id is not null
        and t.sent_at > now() - $2::integer * interval '1 day'
        and not exists (select 1 from paraphe.invoice_events e
                         where e.invoice_id = t.invoice_id and e.source = 'platform' and e.lifecycle_code = any($3::integer[]))
      order by t.sent_at`,
    [companyId, FOLLOWED_DAYS, FINAL_CODES]
  )
  let recorded = 0
  for (const row of rows) {
    const found = (await client.findInvoices(credentials, row.number)).filter((invoice) => invoice.number === row.number)
    for (const invoice of found) {
      const code = lifecycleCodeOfChorusPro(invoice.status)
      if (code === null) continue
      // Its effects (invoice.status_changed, the refusal e-mail) only when this call stored it, as a PA's.
      recorded += await db.transaction(async (tx) => {
        const { rows: stored } = await tx.query<{ occurred_at: Date }>(
          `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code, data, actor_id)
           select i.id, i.company_id, $3, 'platform', $4, $5, null
             from paraphe.invoices i where i.id = $2 and i.company_id = $1 and i.status = 'issued'
           on conflict (invoice_id, lifecycle_code, (data ->> 'flowId')) where source = 'platform' do nothing
           returning occurred_at`,
          [
            companyId,
            row.invoice_id,
            lifecycleEventType(code),
            code,
            JSON.stringify({
              flowId: row.flow_id,
              channel: 'chorus_pro',
              chorusProStatus: invoice.status,
              chorusProInvoiceId: invoice.invoiceId
            })
          ]
        )
        for (const event of stored)
          await statusStored(tx, { invoiceId: row.invoice_id, companyId, code, reason: null, occurredAt: event.occurred_at })
        return stored.length
      })
    }
  }
  return recorded
}

/** Every company with a Chorus Pro access; one that fails is logged and the others go on. */
export async function pollChorusProStatuses(db: Database, client: ChorusProClient, secretsKey: Buffer, log: WorkerLog): Promise<number> {
  const { rows } = await db.query<{ company_id: string }>('select company_id from paraphe.chorus_pro_connections order by company_id')
  let recorded = 0
  for (const { company_id: companyId } of rows) {
    try {
      recorded += await pollChorusProCompany(db, client, secretsKey, companyId)
    } catch (error) {
      log.warn({ companyId, err: error }, 'Chorus Pro statuses not read, will try again')
    }
  }
  return recorded
}
