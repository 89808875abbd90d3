// The periodic check of due dates: an issued invoice still owed the day after its due date gets
// its `overdue` event once (invoice.overdue to the webhooks). Run by the gateway's jobs, without a
// user: every company's invoices, each marked once even when several gateways run it together.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Queryable } from '../db/database.js'

export async function markOverdueInvoices(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ invoice_id: string }>(
    `insert into paraphe.invoice_events (invoice_id, company_id, type, data)
     select i.id, i.company_id, 'overdue', jsonb_build_object('dueDate', i.due_date)
       from paraphe.invoices i
      where i.status = 'issued' and i.kind <> 'credit_note' and i.due_date < $1::date
        and i.amount_due_cents > coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)
                               + coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)
        and not exists (select 1 from paraphe.invoice_events e where e.invoice_id = i.id and e.type = 'overdue')
     on conflict do nothing
     returning invoice_id`,
    [parisIsoDate(now)]
  )
  return rows.length
}
