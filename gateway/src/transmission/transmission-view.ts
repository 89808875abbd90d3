// An invoice's transmission as the page and the API show it, read under the member's row-level
// security (a draft has none: null): the hand-off, the statuses in the order they arrived (a
// platform's dates may be a day only), and the payments reported as 212 « Encaissée ».
import type { InvoiceTransmission, PaymentReport } from '@paraphe/shared/api/transmission-schemas'
import { lifecycleLabel } from '@paraphe/shared/invoices/lifecycle-statuses'
import type { Queryable } from '../db/database.js'

/** What a hand-off and a payment report keep alike: a delivery to the platform, tried again until sent. */
interface DeliveryRow {
  status: 'pending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: Date
  last_error: string | null
  sent_at: Date | null
  flow_id: string | null
  ack_status: 'Pending' | 'Ok' | 'Error' | null
  ack_reason: string | null
}

interface Row extends DeliveryRow {
  channel: InvoiceTransmission['channel']
  email_reason: InvoiceTransmission['emailReason']
}

interface ReportRow extends DeliveryRow {
  payment_id: string
  amount_cents: string
  paid_on: string
  by_rate: PaymentReport['byRate'] | null
}

/** A delivery as the page shows it: the next try only while pending, the platform's acknowledgement. */
function deliveryOf(row: DeliveryRow) {
  return {
    state: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
    lastError: row.last_error,
    flowId: row.flow_id,
    acknowledgement: row.ack_status === null ? null : { status: row.ack_status, reason: row.ack_reason }
  }
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
      where invoice_id = $1 and source = 'platform' order by id`,
    [invoiceId]
  )
  const reports = await tx.query<ReportRow>(
    `select r.payment_id, p.amount_cents::text as amount_cents, to_char(p.paid_on, 'YYYY-MM-DD') as paid_on, r.status, r.attempts,
            r.next_attempt_at, r.last_error, r.sent_at, r.flow_id, r.ack_status, r.ack_reason, r.by_rate
       from paraphe.invoice_payment_reports r join paraphe.invoice_payments p on p.id = r.payment_id
      where r.invoice_id = $1 order by r.created_at, r.payment_id`,
    [invoiceId]
  )
  return {
    ...deliveryOf(row),
    channel: row.channel,
    emailReason: row.email_reason,
    sentAt: row.sent_at?.toISOString() ?? null,
    statuses: events.rows.map((event) => ({
      code: event.lifecycle_code,
      label: lifecycleLabel(event.lifecycle_code, event.reason),
      reason: event.reason,
      occurredAt: event.occurred_at.toISOString()
    })),
    paymentReports: reports.rows.map((report) => ({
      ...deliveryOf(report),
      paymentId: report.payment_id,
      amountCents: Number(report.amount_cents),
      paidOn: report.paid_on,
      reportedAt: report.sent_at?.toISOString() ?? null,
      byRate: report.by_rate ?? []
    }))
  }
}
