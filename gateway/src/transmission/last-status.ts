// An invoice's last lifecycle status from its platform — the newest by the date the platform gave,
// then by arrival — for the invoice list (one column of its single query) and the refusal's action.
import type { Queryable } from '../db/database.js'

/** A correlated subquery over `i` (paraphe.invoices): the last status code, or null. Uses invoice_events (invoice_id, id). */
export const LAST_LIFECYCLE_CODE_SQL = `(select e.lifecycle_code from paraphe.invoice_events e
    where e.invoice_id = i.id and e.source = 'platform' order by e.occurred_at desc, e.id desc limit 1)`

export async function lastLifecycleStatus(tx: Queryable, invoiceId: string): Promise<{ code: number; reason: string | null } | null> {
  const { rows } = await tx.query<{ code: number; reason: string | null }>(
    `select lifecycle_code as code, data ->> 'reason' as reason from paraphe.invoice_events
      where invoice_id = $1 and source = 'platform' order by occurred_at desc, id desc limit 1`,
    [invoiceId]
  )
  return rows[0] ?? null
}
