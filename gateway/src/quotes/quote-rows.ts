// Database rows of quotes to the API's shapes, with totals computed by the shared module.
import type { CompanyProfile } from '@paraphe/shared/company'
import {
  clientDisplayName,
  type Quote,
  type QuoteClient,
  type QuoteContent,
  type QuoteStatus,
  type QuoteSummary
} from '@paraphe/shared/quote'
import { computeTotals } from '@paraphe/shared/quote-totals'

export interface QuoteRow {
  id: string
  number: string | null
  status: QuoteStatus
  content: QuoteContent
  franchise_en_base: boolean
  company: CompanyProfile | null
  version: number
  created_at: Date
  updated_at: Date
  sent_at: Date | null
  expires_on: string | null
  replaced_by: string | null
  saved_client_id: string | null
}

export const QUOTE_COLUMNS =
  'id, number, status, content, franchise_en_base, company, version, created_at, updated_at, sent_at, expires_on, replaced_by, saved_client_id'

export function totalsOf(content: QuoteContent, franchiseEnBase: boolean) {
  return computeTotals(content.lines, { franchiseEnBase, depositBp: content.depositBp })
}

export function toQuote(row: QuoteRow): Quote {
  // The link is the column's: a sent quote's frozen content may still name a client deleted since.
  const { savedClientId: _named, ...content } = row.content
  return {
    ...content,
    ...(row.saved_client_id === null ? {} : { savedClientId: row.saved_client_id }),
    id: row.id,
    number: row.number,
    status: row.status,
    franchiseEnBase: row.franchise_en_base,
    totals: totalsOf(row.content, row.franchise_en_base),
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    expiresOn: row.expires_on,
    replacedBy: row.replaced_by
  }
}

export interface QuoteSummaryRow {
  id: string
  number: string | null
  status: QuoteStatus
  title: string
  client: QuoteClient
  total_ttc_cents: number
  issue_date: string
  expires_on: string | null
  created_at: Date
  updated_at: Date
  sent_at: Date | null
}

export function toSummary(row: QuoteSummaryRow): QuoteSummary {
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    title: row.title,
    clientName: clientDisplayName(row.client),
    totalTtcCents: row.total_ttc_cents,
    issueDate: row.issue_date,
    expiresOn: row.expires_on,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null
  }
}

/** Lower-case text the list's search box looks in. */
export function searchText(number: string | null, content: QuoteContent): string {
  const { client } = content
  return [number ?? '', content.title, client.name, client.company, client.email].join(' ').toLowerCase()
}
