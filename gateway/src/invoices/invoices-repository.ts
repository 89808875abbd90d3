// Invoices as the signed-in member sees them (RLS: their company's only, so "not found" covers
// foreign ids). Drafts are created, changed and deleted here; issuing is invoice-issuing.ts's.
import { parisIsoDate } from '@paraphe/shared/dates'
import type {
  Invoice,
  InvoiceCounts,
  InvoiceList,
  InvoiceListFilter,
  InvoicePaymentStatus,
  InvoiceRequest,
  QuoteInvoicing
} from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { clientDisplayName } from '@paraphe/shared/quote'
import { computeTotals } from '@paraphe/shared/quote-totals'
import { theRow, type Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem, notFound } from '../errors.js'
import type { IssuedInvoice } from './invoice-amounts.js'
import { composeInvoice, DRAFT_NUMBER, type CompositionSources } from './invoice-composer.js'
import {
  INVOICE_COLUMNS,
  INVOICE_LIST_COLUMNS,
  INVOICE_SUMS_JOIN,
  PAYMENT_STATUS_SQL,
  toEvent,
  toPayment,
  toSummary,
  type EventRow,
  type InvoiceListRow,
  type InvoiceRow,
  type PaymentRow
} from './invoice-rows.js'
import { companyProfile, signedQuote } from './quote-source.js'

export const invoiceNotFound = () => notFound('Cette facture est introuvable.')

const QUOTE_KINDS: ReadonlyArray<InvoiceRequest['kind']> = ['deposit', 'progress', 'final']

export async function findInvoice(tx: Queryable, id: string, options: { lock?: boolean } = {}): Promise<InvoiceRow> {
  if (!isRowId(id)) throw invoiceNotFound()
  if (options.lock === true) await tx.query('select 1 from paraphe.invoices where id = $1 for update', [id])
  const { rows } = await tx.query<InvoiceRow>(`select ${INVOICE_COLUMNS} from paraphe.invoices i where i.id = $1`, [id])
  const row = rows[0]
  if (row === undefined) throw invoiceNotFound()
  return row
}

function issuedOf(row: InvoiceRow): IssuedInvoice {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number as string,
    issueDate: row.issue_date as string,
    document: row.document as InvoiceDocument
  }
}

/** The quote's issued invoices, in the order they were issued. */
async function issuedOnQuote(tx: Queryable, quoteId: string): Promise<InvoiceRow[]> {
  const { rows } = await tx.query<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from paraphe.invoices i where i.quote_id = $1 and i.status = 'issued' and i.kind <> 'credit_note' order by i.chain_index`,
    [quoteId]
  )
  return rows
}

/** Everything a composition reads, for `request` at `issueDate` under `number`. */
export async function compositionSources(
  tx: Queryable,
  request: InvoiceRequest,
  number: string,
  issueDate: string,
  // Writes lock what they read (two invoices of one quote are computed one after the other); a read does not.
  { lock }: { lock: boolean } = { lock: true }
): Promise<CompositionSources> {
  const profile = await companyProfile(tx)
  if (request.kind === 'credit_note') {
    if (request.correctsInvoiceId === undefined) {
      throw new ApiProblem(422, 'validation_failed', 'Choisissez la facture que cet avoir corrige.', {
        correctsInvoiceId: 'Choisissez la facture à corriger.'
      })
    }
    const corrected = await findInvoice(tx, request.correctsInvoiceId, { lock })
    if (corrected.status !== 'issued')
      throw new ApiProblem(409, 'invoice_not_issued', 'Un avoir corrige une facture émise ; un brouillon se modifie directement.')
    return {
      request,
      profile,
      quote: null,
      earlier: [],
      corrected: { invoice: issuedOf(corrected), creditedCents: corrected.credited_cents },
      number,
      issueDate
    }
  }
  if (!QUOTE_KINDS.includes(request.kind)) return { request, profile, quote: null, earlier: [], corrected: null, number, issueDate }
  if (request.quoteId === undefined)
    throw new ApiProblem(422, 'validation_failed', 'Choisissez le devis signé à facturer.', { quoteId: 'Choisissez le devis.' })
  if (!isRowId(request.quoteId)) throw notFound()
  const quote = await signedQuote(tx, request.quoteId, { lock })
  const earlier = (await issuedOnQuote(tx, quote.id)).map(issuedOf)
  return { request, profile, quote, earlier, corrected: null, number, issueDate }
}

/** The summary columns of a document. */
export function summaryOf(document: InvoiceDocument): {
  clientName: string
  totalHtCents: number
  totalTtcCents: number
  amountDueCents: number
} {
  const totals = computeInvoiceTotals(document)
  return {
    clientName: clientDisplayName(document.buyer),
    totalHtCents: totals.totalHtCents,
    totalTtcCents: totals.totalTtcCents,
    amountDueCents: document.kind === 'credit_note' ? totals.totalTtcCents : totals.netToPayCents
  }
}

async function preview(
  tx: Queryable,
  request: InvoiceRequest,
  now: Date
): Promise<{ document: InvoiceDocument; sources: CompositionSources }> {
  const sources = await compositionSources(tx, request, DRAFT_NUMBER, parisIsoDate(now))
  return { document: composeInvoice(sources), sources }
}

export async function createDraft(tx: Queryable, companyId: string, request: InvoiceRequest, now: Date): Promise<Invoice> {
  const { document, sources } = await preview(tx, request, now)
  const summary = summaryOf(document)
  const quoteId =
    sources.quote?.id ?? (sources.corrected === null ? null : ((await findInvoice(tx, sources.corrected.invoice.id)).quote_id ?? null))
  const { rows } = await tx.query<{ id: string }>(
    `insert into paraphe.invoices (company_id, kind, quote_id, corrects_invoice_id, content, client_name, total_ht_cents, total_ttc_cents, amount_due_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
    [
      companyId,
      request.kind,
      quoteId,
      sources.corrected?.invoice.id ?? null,
      JSON.stringify(request),
      summary.clientName,
      summary.totalHtCents,
      summary.totalTtcCents,
      summary.amountDueCents
    ]
  )
  // No event yet: a draft's history starts at its issue (events are append-only, drafts are not).
  return getInvoice(tx, theRow(rows).id, now)
}

const draftOnly = () =>
  new ApiProblem(409, 'invoice_issued', 'Cette facture est émise : elle ne peut plus être modifiée ni supprimée. Corrigez-la par un avoir.')

export async function updateDraft(tx: Queryable, id: string, version: number, request: InvoiceRequest, now: Date): Promise<Invoice> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'draft') throw draftOnly()
  if (row.version !== version)
    throw new ApiProblem(
      409,
      'version_conflict',
      'Cette facture a été modifiée ailleurs (autre onglet ou appareil) : rechargez-la avant de continuer.'
    )
  if (request.kind !== row.kind)
    throw new ApiProblem(422, 'validation_failed', 'Le type d’une facture ne change pas : créez-en une autre.', {
      kind: 'Le type ne change pas.'
    })
  if (QUOTE_KINDS.includes(row.kind) && request.quoteId !== row.quote_id) {
    throw new ApiProblem(422, 'validation_failed', 'Le devis d’une facture ne change pas : créez-en une autre.', {
      quoteId: 'Le devis ne change pas.'
    })
  }
  if ((request.correctsInvoiceId ?? null) !== row.corrects_invoice_id) {
    throw new ApiProblem(422, 'validation_failed', 'La facture corrigée par un avoir ne change pas.', {
      correctsInvoiceId: 'La facture corrigée ne change pas.'
    })
  }
  const { document } = await preview(tx, request, now)
  const summary = summaryOf(document)
  await tx.query(
    `update paraphe.invoices set content = $2, client_name = $3, total_ht_cents = $4, total_ttc_cents = $5, amount_due_cents = $6, version = version + 1, updated_at = now()
      where id = $1`,
    [id, JSON.stringify(request), summary.clientName, summary.totalHtCents, summary.totalTtcCents, summary.amountDueCents]
  )
  return getInvoice(tx, id, now)
}

export async function deleteDraft(tx: Queryable, id: string): Promise<void> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'draft') throw draftOnly()
  await tx.query('delete from paraphe.invoices where id = $1', [id])
}

export async function getInvoice(tx: Queryable, id: string, now: Date): Promise<Invoice> {
  const row = await findInvoice(tx, id)
  const today = parisIsoDate(now)
  // A draft shows what issuing it today would give (or why it cannot be issued: the quote or the
  // profile may have changed since); an issued invoice, what was issued.
  let document = row.document
  let draftProblem: string | null = null
  if (document === null) {
    try {
      document = composeInvoice(await compositionSources(tx, row.content, DRAFT_NUMBER, today, { lock: false }))
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error
      draftProblem = error.message
    }
  }
  const payments = await tx.query<PaymentRow>(
    'select id, amount_cents, paid_on, means, note, reverses_payment_id, reason, recorded_at from paraphe.invoice_payments where invoice_id = $1 order by recorded_at, id',
    [id]
  )
  const events = await tx.query<EventRow>(
    'select type, source, lifecycle_code, occurred_at, data from paraphe.invoice_events where invoice_id = $1 order by id',
    [id]
  )
  return {
    ...toSummary(row, today),
    request: row.content,
    document,
    draftProblem,
    version: row.version,
    payments: payments.rows.map(toPayment),
    events: events.rows.map(toEvent),
    sha256: row.sha256,
    previousSha256: row.previous_sha256
  }
}

/**
 * The invoices list, a page at a time, in SQL: drafts first, then issued invoices newest first;
 * the payment status filters and is counted in the database (PAYMENT_STATUS_SQL), never by
 * reading every invoice; no document JSON is read.
 */
export async function listInvoices(tx: Queryable, filter: InvoiceListFilter, now: Date): Promise<InvoiceList> {
  const today = parisIsoDate(now)
  const emptyCounts: InvoiceCounts = { draft: 0, issued: 0, unpaid: 0, partly_paid: 0, paid: 0, overdue: 0, credited: 0 }
  const params: unknown[] = [today]
  const scope: string[] = []
  if (filter.quoteId !== undefined) {
    if (!isRowId(filter.quoteId)) return { invoices: [], total: 0, counts: emptyCounts }
    params.push(filter.quoteId)
    scope.push(`i.quote_id = $${params.length}`)
  }
  const scoped = `from paraphe.invoices i ${INVOICE_SUMS_JOIN} ${scope.length === 0 ? '' : `where ${scope.join(' and ')}`}`
  const counted = await tx.query<{ status: 'draft' | 'issued'; payment_status: InvoicePaymentStatus | null; count: number }>(
    `select i.status, ${PAYMENT_STATUS_SQL} as payment_status, count(*)::integer as count ${scoped} group by 1, 2`,
    params
  )
  const counts = { ...emptyCounts }
  for (const row of counted.rows) {
    counts[row.status] += row.count
    if (row.payment_status !== null) counts[row.payment_status] += row.count
  }
  const total = filter.status === undefined ? counts.draft + counts.issued : counts[filter.status]
  const statusColumn = filter.status === 'draft' || filter.status === 'issued' ? 'i.status' : PAYMENT_STATUS_SQL
  const pageParams = [...params]
  const conditions: string[] = [...scope]
  if (filter.status !== undefined) {
    pageParams.push(filter.status)
    conditions.push(`(${statusColumn}) = $${pageParams.length}`)
  }
  pageParams.push(filter.limit ?? 50, filter.offset ?? 0)
  const { rows } = await tx.query<InvoiceListRow>(
    // The SQL status rides along ($1 is typed by it): the summaries' own comes from the shared rule.
    `select ${INVOICE_LIST_COLUMNS}, ${PAYMENT_STATUS_SQL} as sql_payment_status from paraphe.invoices i ${INVOICE_SUMS_JOIN}
      ${conditions.length === 0 ? '' : `where ${conditions.join(' and ')}`}
      order by (i.status = 'draft') desc, i.chain_index desc nulls first, i.updated_at desc, i.id
      limit $${pageParams.length - 1} offset $${pageParams.length}`,
    pageParams
  )
  return { invoices: rows.map((row) => toSummary(row, today)), total, counts }
}

/** What a signed quote has been invoiced so far. */
export async function quoteInvoicing(tx: Queryable, quoteId: string, now: Date): Promise<QuoteInvoicing> {
  const quote = await signedQuote(tx, quoteId, { lock: false })
  const { rows } = await tx.query<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from paraphe.invoices i where i.quote_id = $1 order by i.chain_index nulls last, i.created_at`,
    [quote.id]
  )
  const issued = rows.filter((row) => row.status === 'issued' && row.kind !== 'credit_note')
  const situations = issued.filter((row) => row.kind === 'progress')
  const lastSituation = situations.at(-1)
  const firstStatement = situations[0]?.document?.progress ?? null
  return {
    quoteId: quote.id,
    quoteTotalTtcCents: computeTotals(quote.lines, { franchiseEnBase: quote.franchiseEnBase, depositBp: 0 }).totalTtcCents,
    depositBp: quote.content.depositBp,
    invoicedTtcCents: issued
      .filter((row) => row.kind === 'deposit' || row.kind === 'progress')
      .reduce((sum, row) => sum + row.total_ttc_cents, 0),
    progressBp: lastSituation?.document?.progress?.cumulativeBp ?? 0,
    finalIssued: issued.some((row) => row.kind === 'final'),
    depositDeduction: firstStatement === null ? null : (firstStatement.depositDeduction ?? 'proportional'),
    depositsTtcCents: issued.filter((row) => row.kind === 'deposit').reduce((sum, row) => sum + row.total_ttc_cents, 0),
    depositTakenBackTtcCents: situations
      .flatMap((row) => row.document?.deductions ?? [])
      .filter((deduction) => deduction.kind === 'deposit')
      .flatMap((deduction) => deduction.amounts)
      .reduce((sum, amount) => sum + amount.htCents + amount.vatCents, 0),
    invoices: rows.map((row) => toSummary(row, parisIsoDate(now)))
  }
}
