// The invoices list, a page at a time, in SQL: drafts first (newest change first), then issued
// invoices (newest number first). The payment status filters and is counted in the database
// (PAYMENT_STATUS_SQL), never by reading every invoice; no document JSON is read. Runs inside
// `asUser`: the policies limit rows to the member's company.
//
// Pages follow each other by a cursor (`after`: where the previous page ended), so the database
// starts each page at its place in an index (migration 0033) instead of counting rows from the
// top, and an invoice issued between two pages neither repeats a row nor hides one. `offset`
// still works for the API clients written before the cursor.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { InvoiceCounts, InvoiceList, InvoiceListFilter, InvoicePaymentStatus } from '@paraphe/shared/api/invoice-schemas'
import type { Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem } from '../errors.js'
import {
  INVOICE_LIST_COLUMNS,
  INVOICE_SUMS_GROUPED_JOIN,
  INVOICE_SUMS_JOIN,
  PAYMENT_STATUS_SQL,
  toSummary,
  type InvoiceListRow
} from './invoice-rows.js'

const PAGE_SIZE = 50

/** Where a page ended: a draft by its last change (to the microsecond, as stored) and id, an issued invoice by its place in the chain. */
type Position = { kind: 'draft'; at: string; id: string } | { kind: 'issued'; chainIndex: number }

const ISO_MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/
const CHAIN_INDEX = /^[1-9]\d{0,9}$/

function encodeCursor(position: Position): string {
  const text = position.kind === 'draft' ? `d|${position.at}|${position.id}` : `i|${position.chainIndex}`
  return Buffer.from(text, 'utf8').toString('base64url')
}

const invalidCursor = () =>
  new ApiProblem(400, 'invalid_cursor', 'Cette suite de liste n’est plus valide : rechargez la liste des factures.', {
    after: 'Reprenez la valeur nextCursor de la page précédente.'
  })

function decodeCursor(cursor: string): Position {
  const [kind, first = '', second = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (kind === 'd' && rest.length === 0 && ISO_MICROSECONDS.test(first) && isRowId(second)) return { kind: 'draft', at: first, id: second }
  if (kind === 'i' && second === '' && rest.length === 0 && CHAIN_INDEX.test(first) && Number(first) <= 2_147_483_647)
    return { kind: 'issued', chainIndex: Number(first) }
  throw invalidCursor()
}

const EMPTY_COUNTS: InvoiceCounts = { draft: 0, issued: 0, unpaid: 0, partly_paid: 0, paid: 0, overdue: 0, credited: 0 }

export async function listInvoices(tx: Queryable, filter: InvoiceListFilter, now: Date): Promise<InvoiceList> {
  const after = filter.after === undefined ? null : decodeCursor(filter.after)
  if (filter.quoteId !== undefined && !isRowId(filter.quoteId)) return { invoices: [], total: 0, counts: EMPTY_COUNTS, nextCursor: null }
  const today = parisIsoDate(now)
  // $1 is today (PAYMENT_STATUS_SQL's), $2 the quote or null: both statements share them.
  const params: unknown[] = [today, filter.quoteId ?? null]
  const scope = '($2::uuid is null or i.quote_id = $2::uuid)'
  const counted = await tx.query<{ status: 'draft' | 'issued'; payment_status: InvoicePaymentStatus | null; count: number }>(
    `select i.status, ${PAYMENT_STATUS_SQL} as payment_status, count(*)::integer as count
       from paraphe.invoices i ${INVOICE_SUMS_GROUPED_JOIN} where ${scope} group by 1, 2`,
    params
  )
  const counts = { ...EMPTY_COUNTS }
  for (const row of counted.rows) {
    counts[row.status] += row.count
    if (row.payment_status !== null) counts[row.payment_status] += row.count
  }
  const total = filter.status === undefined ? counts.draft + counts.issued : counts[filter.status]
  const { rows, limit } = await pageRows(tx, filter, after, params, scope)
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const nextCursor =
    rows.length > limit && last !== undefined
      ? encodeCursor(
          last.status === 'draft' ? { kind: 'draft', at: last.position_at, id: last.id } : { kind: 'issued', chainIndex: last.chain_index }
        )
      : null
  return { invoices: page.map((row) => toSummary(row, today)), total, counts, nextCursor }
}

type PageRow = InvoiceListRow & { position_at: string; chain_index: number }

/**
 * One statement: each part of the order (drafts, then issued invoices) read from its index from
 * the cursor on, as far as the page needs (`limit` + 1 rows tell whether a next page exists); the
 * page is cut from their keys alone, then only its rows are read whole, with their sums. A
 * payment status only concerns issued invoices; it is filtered with the sums joined by hash
 * (a lookup per invoice made the planner expect, and compile, a query as dear as the whole table).
 */
async function pageRows(
  tx: Queryable,
  filter: InvoiceListFilter,
  after: Position | null,
  shared: unknown[],
  scope: string
): Promise<{ rows: PageRow[]; limit: number }> {
  const limit = filter.limit ?? PAGE_SIZE
  const offset = filter.offset ?? 0
  const params = [...shared]
  const param = (value: unknown) => {
    params.push(value)
    return `$${params.length}`
  }
  const reach = param(offset + limit + 1)
  const keys = 'i.id, i.chain_index, i.updated_at'
  const parts: string[] = []
  if ((filter.status === undefined || filter.status === 'draft') && after?.kind !== 'issued') {
    const from = after === null ? '' : `and (i.updated_at, i.id) < (${param(after.at)}::timestamptz, ${param(after.id)}::uuid)`
    parts.push(`(select ${keys}, 0 as part from paraphe.invoices i where i.status = 'draft' and ${scope} ${from}
        order by i.updated_at desc, i.id desc limit ${reach})`)
  }
  if (filter.status !== 'draft') {
    const from = after?.kind === 'issued' ? `and i.chain_index < ${param(after.chainIndex)}` : ''
    const byPayment = filter.status !== undefined && filter.status !== 'issued'
    const paymentStatus = byPayment ? `and (${PAYMENT_STATUS_SQL}) = ${param(filter.status)}` : ''
    parts.push(`(select ${keys}, 1 as part from paraphe.invoices i ${byPayment ? INVOICE_SUMS_GROUPED_JOIN : ''}
        where i.status = 'issued' and ${scope} ${from} ${paymentStatus}
        order by i.chain_index desc limit ${reach})`)
  }
  const order = 'order by page.part, page.chain_index desc, page.updated_at desc, page.id desc'
  const { rows } = await tx.query<PageRow>(
    // The SQL status rides along ($1 is typed by it): the summaries' own comes from the shared rule.
    `select ${INVOICE_LIST_COLUMNS}, i.chain_index, ${PAYMENT_STATUS_SQL} as sql_payment_status,
            to_char(i.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_at
       from (select * from (${parts.join(' union all ')}) page ${order} limit ${param(limit + 1)} offset ${param(offset)}) page
       join paraphe.invoices i on i.id = page.id ${INVOICE_SUMS_JOIN}
      where ${scope}
      ${order}`,
    params
  )
  return { rows, limit }
}
