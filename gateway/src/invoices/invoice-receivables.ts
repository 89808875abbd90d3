// The dashboard's « À encaisser »: what the company's issued invoices still ask its clients to
// pay, and how much of it is overdue, summed by the database over every invoice (not a page of
// the list). The same rule as shared/src/invoices/invoice-payment-status.ts, in SQL: what is left
// is the amount due less the payments and the issued credit notes, never below zero; overdue when
// something is left after the due date (Paris calendar).
import type { Receivables } from '@paraphe/shared/api/dashboard-schemas'
import type { Queryable } from '../db/database.js'

export async function invoiceReceivables(tx: Queryable, companyId: string, today: string): Promise<Receivables> {
  const {
    rows: [row]
  } = await tx.query<{ count: number; remaining: string; overdue_count: number; overdue_remaining: string }>(
    `with owed as (
       select i.due_date,
              greatest(0, i.amount_due_cents
                        - coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)
                        - coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)) as remaining
         from paraphe.invoices i
        where i.company_id = $1 and i.status = 'issued' and i.kind <> 'credit_note'
     )
     select count(*) filter (where remaining > 0)::int as count,
            coalesce(sum(remaining), 0)::text as remaining,
            count(*) filter (where remaining > 0 and due_date < $2::date)::int as overdue_count,
            coalesce(sum(remaining) filter (where due_date < $2::date), 0)::text as overdue_remaining
       from owed`,
    [companyId, today]
  )
  return {
    count: row?.count ?? 0,
    remainingCents: Number(row?.remaining ?? 0),
    overdueCount: row?.overdue_count ?? 0,
    overdueRemainingCents: Number(row?.overdue_remaining ?? 0)
  }
}
