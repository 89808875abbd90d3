// The invoices' part of the dashboard's « Activité récente » (issued, sent, paid, credit notes,
// reminders…), beside the quotes' (quotes/dashboard.ts): one line per invoice and kind of event,
// at its latest time. Runs as the member, under RLS: their company's invoices only.
import type { DashboardActivity } from '@paraphe/shared/api/dashboard-schemas'
import type { InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import { INVOICE_ACTIVITY_EVENTS, invoiceEventLabel } from '@paraphe/shared/invoices/invoice-events'
import type { Queryable } from '../db/database.js'

export async function recentInvoiceActivity(tx: Queryable, limit: number): Promise<DashboardActivity[]> {
  // A payment that settles the invoice is said once, as « payée »: its « paiement enregistré »
  // would be a second line for the same moment.
  const { rows } = await tx.query<{
    invoice_id: string
    number: string | null
    kind: InvoiceKind
    client_name: string
    type: string
    occurred_at: Date
    times: number
  }>(
    `select e.invoice_id, i.number, i.kind, i.client_name, e.type, max(e.occurred_at) as occurred_at, count(*)::int as times
       from paraphe.invoice_events e join paraphe.invoices i on i.id = e.invoice_id
      where e.type = any($1)
        and not (e.type = 'payment_recorded' and exists (select 1 from paraphe.invoice_events p where p.invoice_id = e.invoice_id and p.type = 'paid'))
      group by e.invoice_id, i.number, i.kind, i.client_name, e.type
      order by max(e.occurred_at) desc, max(e.id) desc
      limit $2`,
    [[...INVOICE_ACTIVITY_EVENTS], limit]
  )
  return rows.map((row) => ({
    subject: 'invoice',
    id: row.invoice_id,
    number: row.number,
    title: row.client_name,
    type: row.type,
    label: invoiceEventLabel(row.type, row.kind),
    occurredAt: row.occurred_at.toISOString(),
    count: row.times
  }))
}
