// Database rows of invoices to the API's shapes. The payment status is derived here at each read
// (shared rule), from the sums of payments and credit notes the queries add to each row.
import type { InvoiceEvent, InvoicePayment, InvoiceRequest, InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument, InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import { invoicePaymentStatus, remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'

export interface InvoiceRow {
  id: string
  company_id: string
  number: string | null
  kind: InvoiceKind
  status: 'draft' | 'issued'
  quote_id: string | null
  corrects_invoice_id: string | null
  content: InvoiceRequest
  client_name: string
  total_ht_cents: number
  total_ttc_cents: number
  amount_due_cents: number
  version: number
  issue_date: string | null
  due_date: string | null
  document: InvoiceDocument | null
  sha256: string | null
  previous_sha256: string | null
  created_at: Date
  updated_at: Date
  paid_cents: number
  credited_cents: number
  pdf_ready: boolean
}

/** Every column but the files, with the sums the status needs. */
export const INVOICE_COLUMNS = `i.id, i.company_id, i.number, i.kind, i.status, i.quote_id, i.corrects_invoice_id, i.content, i.client_name,
  i.total_ht_cents, i.total_ttc_cents, i.amount_due_cents, i.version, i.issue_date, i.due_date, i.document, i.sha256, i.previous_sha256,
  i.created_at, i.updated_at, i.pdf is not null as pdf_ready,
  coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)::bigint as paid_cents,
  coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)::bigint as credited_cents`

/** What the list reads of a row: no document, no content (the summary columns say what it shows). */
export type InvoiceListRow = Omit<InvoiceRow, 'content' | 'document'>

/** The list's columns: the summary's, with the sums, without the document JSON. */
export const INVOICE_LIST_COLUMNS = `i.id, i.company_id, i.number, i.kind, i.status, i.quote_id, i.corrects_invoice_id, i.client_name,
  i.total_ht_cents, i.total_ttc_cents, i.amount_due_cents, i.version, i.issue_date, i.due_date, i.sha256, i.previous_sha256,
  i.created_at, i.updated_at, i.pdf is not null as pdf_ready, sums.paid_cents, sums.credited_cents`

/**
 * The payment status in SQL, for the list's filter and counts over thousands of invoices: the
 * shared rule (invoicePaymentStatus, shared/src/invoices/invoice-payment-status.ts) written for the
 * database, over `i` and `sums`; $1 is today (Paris). The summaries still come from the shared
 * function, and invoice-list.test.ts checks that both agree on every status.
 */
export const PAYMENT_STATUS_SQL = `case
    when i.status = 'draft' or i.kind = 'credit_note' then null
    when greatest(0, i.amount_due_cents - sums.paid_cents - sums.credited_cents) = 0 then
      case when sums.credited_cents >= i.amount_due_cents and sums.paid_cents = 0 then 'credited' else 'paid' end
    when i.due_date is not null and i.due_date < $1::date then 'overdue'
    when sums.paid_cents > 0 then 'partly_paid'
    else 'unpaid'
  end`

/** `sums`: what was paid and credited on `i`, by index. */
export const INVOICE_SUMS_JOIN = `cross join lateral (select
    coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)::bigint as paid_cents,
    coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)::bigint as credited_cents
  ) sums`

export function toSummary(row: InvoiceListRow, today: string): InvoiceSummary {
  const facts = {
    kind: row.kind,
    status: row.status,
    amountDueCents: row.amount_due_cents,
    paidCents: row.paid_cents,
    creditedCents: row.credited_cents,
    dueDate: row.due_date
  }
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    paymentStatus: invoicePaymentStatus(facts, today),
    clientName: row.client_name,
    quoteId: row.quote_id,
    correctsInvoiceId: row.corrects_invoice_id,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    totalHtCents: row.total_ht_cents,
    totalTtcCents: row.total_ttc_cents,
    amountDueCents: row.amount_due_cents,
    paidCents: row.paid_cents,
    creditedCents: row.credited_cents,
    remainingCents: remainingCents(facts),
    pdfReady: row.pdf_ready,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString()
  }
}

export interface PaymentRow {
  id: string
  amount_cents: number
  paid_on: string
  means: InvoicePayment['means']
  note: string
  reverses_payment_id: string | null
  reason: InvoicePayment['reason']
  recorded_at: Date
}

export function toPayment(row: PaymentRow): InvoicePayment {
  return {
    id: row.id,
    amountCents: row.amount_cents,
    paidOn: row.paid_on,
    means: row.means,
    note: row.note,
    reversesPaymentId: row.reverses_payment_id,
    // Refunds recorded before reasons were kept are the only negative lines without one.
    reason: row.reason ?? (row.amount_cents < 0 ? 'refund' : null),
    recordedAt: row.recorded_at.toISOString()
  }
}

export interface EventRow {
  type: string
  source: InvoiceEvent['source']
  lifecycle_code: number | null
  occurred_at: Date
  data: Record<string, unknown>
}

export function toEvent(row: EventRow): InvoiceEvent {
  return {
    type: row.type,
    source: row.source,
    lifecycleCode: row.lifecycle_code,
    occurredAt: row.occurred_at.toISOString(),
    data: row.data
  }
}
