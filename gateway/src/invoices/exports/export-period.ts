// What an export by period reads, as the signed-in member (RLS: their company's only): the
// invoices issued in the period, in chain order, and the payments dated in it.
import { pdfInPreparation } from '../invoice-issuing.js'
import type { InvoiceExportFilter } from '@paraphe/shared/api/invoice-client-schemas'
import type { PaymentMeans } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument, InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import type { Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { invoiceNotFound } from '../invoices-repository.js'

export interface ExportInvoice {
  id: string
  number: string
  kind: InvoiceKind
  issueDate: string
  dueDate: string
  document: InvoiceDocument
  /** What the invoice asks to transfer (TTC less a retenue de garantie). */
  amountDueCents: number
  paidCents: number
  creditedCents: number
  /** From a building-trade quote (a credit note: the corrected invoice's): booked as works (704). */
  buildingWork: boolean
}

export interface ExportPayment {
  invoiceNumber: string
  clientName: string
  paidOn: string
  amountCents: number
  means: PaymentMeans
  note: string
}

/** A calendar date that exists (the schema lets « 2026-02-31 » through), in a year invoices can have. */
function isRealDate(isoDate: string): boolean {
  const date = new Date(`${isoDate}T00:00:00Z`)
  const year = Number(isoDate.slice(0, 4))
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === isoDate && year >= 1900 && year <= 2999
}

/** A period the export can cover: two real dates, `from` no later than `to`. */
export function checkPeriod(filter: Pick<InvoiceExportFilter, 'from' | 'to'>): void {
  for (const key of ['from', 'to'] as const) {
    if (!isRealDate(filter[key])) {
      throw new ApiProblem(422, 'validation_failed', `Cette date n’existe pas : ${filter[key]}.`, { [key]: 'Date invalide.' })
    }
  }
  if (filter.from > filter.to) {
    throw new ApiProblem(422, 'validation_failed', 'La période est inversée : la date de début doit précéder la date de fin.', {
      from: 'Début après la fin.'
    })
  }
}

export async function invoicesOfPeriod(tx: Queryable, filter: Pick<InvoiceExportFilter, 'from' | 'to'>): Promise<ExportInvoice[]> {
  checkPeriod(filter)
  const { rows } = await tx.query<{
    id: string
    number: string
    kind: InvoiceKind
    issue_date: string
    due_date: string
    document: InvoiceDocument
    amount_due_cents: number
    paid_cents: number
    credited_cents: number
    building_work: boolean
  }>(
    `select i.id, i.number, i.kind, i.issue_date, i.due_date, i.document, i.amount_due_cents,
            coalesce((select sum(p.amount_cents) from paraphe.invoice_payments p where p.invoice_id = i.id), 0)::bigint as paid_cents,
            coalesce((select sum(c.total_ttc_cents) from paraphe.invoices c where c.corrects_invoice_id = i.id and c.status = 'issued'), 0)::bigint as credited_cents,
            coalesce((select (q.content ->> 'buildingTrade')::boolean from paraphe.quotes q
                       where q.id = coalesce(i.quote_id, (select c.quote_id from paraphe.invoices c where c.id = i.corrects_invoice_id))), false) as building_work
       from paraphe.invoices i
      where i.status = 'issued' and i.issue_date between $1::date and $2::date
      order by i.chain_index`,
    [filter.from, filter.to]
  )
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    kind: row.kind,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    document: row.document,
    amountDueCents: Number(row.amount_due_cents),
    paidCents: Number(row.paid_cents),
    creditedCents: Number(row.credited_cents),
    buildingWork: row.building_work
  }))
}

export async function paymentsOfPeriod(tx: Queryable, filter: Pick<InvoiceExportFilter, 'from' | 'to'>): Promise<ExportPayment[]> {
  checkPeriod(filter)
  const { rows } = await tx.query<{
    number: string
    client_name: string
    paid_on: string
    amount_cents: number
    means: PaymentMeans
    note: string
  }>(
    `select i.number, i.client_name, p.paid_on, p.amount_cents, p.means, p.note
       from paraphe.invoice_payments p join paraphe.invoices i on i.id = p.invoice_id
      where p.paid_on between $1::date and $2::date
      order by p.paid_on, p.recorded_at, p.id`,
    [filter.from, filter.to]
  )
  return rows.map((row) => ({
    invoiceNumber: row.number,
    clientName: row.client_name,
    paidOn: row.paid_on,
    amountCents: Number(row.amount_cents),
    means: row.means,
    note: row.note
  }))
}

/** The invoices issued in the period whose PDFs the ZIP holds, in chain order (their bytes are read one by one). */
export async function pdfsOfPeriod(
  tx: Queryable,
  filter: Pick<InvoiceExportFilter, 'from' | 'to'>
): Promise<Array<{ id: string; number: string; kind: InvoiceKind; issuedAt: Date }>> {
  checkPeriod(filter)
  const { rows } = await tx.query<{ id: string; number: string; kind: InvoiceKind; issued_at: Date }>(
    `select i.id, i.number, i.kind, i.issued_at from paraphe.invoices i
      where i.status = 'issued' and i.issue_date between $1::date and $2::date order by i.chain_index`,
    [filter.from, filter.to]
  )
  return rows.map((row) => ({ id: row.id, number: row.number, kind: row.kind, issuedAt: new Date(row.issued_at) }))
}

/** One issued invoice's Factur-X PDF (RLS: the member's company only). */
export async function issuedInvoicePdf(tx: Queryable, id: string): Promise<Uint8Array> {
  const { rows } = await tx.query<{ pdf: Uint8Array | null }>(`select pdf from paraphe.invoices where id = $1 and status = 'issued'`, [id])
  const row = rows[0]
  if (row === undefined) throw invoiceNotFound()
  // An invoice issued seconds ago may still be rendering: the archive is never handed out without it
  // (the export action renders the waiting ones first, invoice-actions.ts).
  if (row.pdf === null) throw pdfInPreparation()
  return row.pdf
}
