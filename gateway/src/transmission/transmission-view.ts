// An invoice's transmission as the page and the API show it, read under the member's row-level
// security (a draft has none: null).
import type { InvoiceTransmission } from '@paraphe/shared/api/transmission-schemas'
import { lifecycleLabel } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Queryable } from '../db/database.js'

interface Row {
  channel: InvoiceTransmission['channel']
  status: InvoiceTransmission['state']
  email_reason: InvoiceTransmission['emailReason']
  attempts: number
  next_attempt_at: Date
  last_error: string | null
  sent_at: Date | null
  flow_id: string | null
  ack_status: 'Pending' | 'Ok' | 'Error' | null
  ack_reason: string | null
}

export async function readTransmission(tx: Queryable, invoiceId: string): Promise<InvoiceTransmission | null> {
  const { rows } = await tx.query<Row>(
    `select channel, status, email_reason, attempts, next_attempt_at, last_error, sent_at, flow_id, ack_status, ack_reason
       from paraphe.invoice_transmissions where invoice_id = $1`,
    [invoiceId]
  )
  const row = rows[0]
  if (row === undefined) return null
  const events = await tx.query<{ lifecycle_code: number; occurred_at: Date; reason: string | null }>(
    `select lifecycle_code, occurred_at, data ->> 'reason' as reason from paraphe.invoice_events
      where invoice_id = $1 and source = 'platform' order by occurred_at, id`,
    [invoiceId]
  )
  return {
    channel: row.channel,
    state: row.status,
    emailReason: row.email_reason,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastError: row.last_error,
    sentAt: row.sent_at?.toISOString() ?? null,
    flowId: row.flow_id,
    acknowledgement: row.ack_status === null ? null : { status: row.ack_status, reason: row.ack_reason },
    statuses: events.rows.map((event) => ({
      code: event.lifecycle_code,
      label: lifecycleLabel(event.lifecycle_code, event.reason),
      reason: event.reason,
      occurredAt: event.occurred_at.toISOString()
    }))
  }
}
