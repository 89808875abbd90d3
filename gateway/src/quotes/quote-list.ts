// The quotes list, a page at a time: newest change first, with a cursor to the next page and the
// count per status of everything the search matches, so nothing is silently left out (the list
// used to stop at 500). Runs inside `asUser`: the policies limit rows to the account's own.
import { AWAITING_STATUSES, QUOTE_STATUSES, type QuoteListFilter, type QuoteStatus, type QuoteSummary } from '@paraphe/shared/quote'
import { QUOTE_LIST_PAGE_SIZE, type QuoteCounts } from '@paraphe/shared/api/quote-schemas'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { toSummary, type QuoteSummaryRow } from './quote-rows.js'
import { isRowId } from '../db/row-id.js'
import { wordConditions } from '../db/like-search.js'

export interface ListFilter {
  status?: QuoteListFilter
  search?: string
  /** From the previous page's `nextCursor`. */
  cursor?: string
  limit?: number
  /** Created at or after / strictly before (the public API's date filters). */
  createdAfter?: Date
  createdBefore?: Date
}

export interface QuotePage {
  quotes: QuoteSummary[]
  nextCursor: string | null
}

export interface QuoteListPage extends QuotePage {
  counts: QuoteCounts
}

/** Where a page ends: the last row's change time (to the microsecond, as stored) and id. */
interface Position {
  at: string
  id: string
}

const ISO_MICROSECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at}|${position.id}`, 'utf8').toString('base64url')
}

function decodeCursor(cursor: string): Position {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (rest.length > 0 || !ISO_MICROSECONDS.test(at) || !isRowId(id)) {
    throw new ApiProblem(400, 'invalid_cursor', 'Cette suite de liste n’est plus valide : rechargez la liste des devis.')
  }
  return { at, id }
}

const where = (conditions: string[]) => (conditions.length > 0 ? `where ${conditions.join(' and ')}` : '')

async function countByStatus(tx: Queryable, search: string | undefined): Promise<QuoteCounts> {
  const params: unknown[] = []
  const conditions = wordConditions(search, 'search_text', params)
  const { rows } = await tx.query<{ status: QuoteStatus; count: number }>(
    `select status, count(*)::int as count from paraphe.quotes ${where(conditions)} group by status`,
    params
  )
  const counts = Object.fromEntries(QUOTE_STATUSES.map((status) => [status, 0])) as Record<QuoteStatus, number>
  for (const row of rows) counts[row.status] = row.count
  const awaiting = AWAITING_STATUSES.reduce((sum, status) => sum + counts[status], 0)
  return { all: rows.reduce((sum, row) => sum + row.count, 0), awaiting, ...counts }
}

export async function listQuotes(tx: Queryable, filter: ListFilter): Promise<QuoteListPage> {
  return { ...(await quotePage(tx, filter)), counts: await countByStatus(tx, filter.search) }
}

/** One page of the list, without the counts (the public API's list). */
export async function quotePage(tx: Queryable, filter: ListFilter): Promise<QuotePage> {
  const limit = filter.limit ?? QUOTE_LIST_PAGE_SIZE
  const params: unknown[] = []
  const conditions = wordConditions(filter.search, 'search_text', params)
  if (filter.status !== undefined) {
    params.push(filter.status === 'awaiting' ? [...AWAITING_STATUSES] : [filter.status])
    conditions.push(`status = any($${params.length})`)
  }
  if (filter.createdAfter !== undefined) {
    params.push(filter.createdAfter.toISOString())
    conditions.push(`created_at >= $${params.length}::timestamptz`)
  }
  if (filter.createdBefore !== undefined) {
    params.push(filter.createdBefore.toISOString())
    conditions.push(`created_at < $${params.length}::timestamptz`)
  }
  if (filter.cursor !== undefined) {
    const after = decodeCursor(filter.cursor)
    params.push(after.at, after.id)
    conditions.push(`(updated_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`)
  }
  params.push(limit + 1)
  const { rows } = await tx.query<QuoteSummaryRow & { position_at: string }>(
    `select id, number, status, content ->> 'title' as title,
            content -> 'client' as client,
            total_ttc_cents, content ->> 'issueDate' as issue_date, expires_on, created_at, updated_at, sent_at,
            to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position_at
       from paraphe.quotes ${where(conditions)}
      order by updated_at desc, id desc
      limit $${params.length}`,
    params
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    quotes: page.map(toSummary),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor({ at: last.position_at, id: last.id }) : null
  }
}
