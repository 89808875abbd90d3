// The one door from invoices to the quote and profile data: what an invoice reads of its signed
// quote and of the company's profile. The quote is read here in SQL, not through quotes/: the
// quotes' signature code renders PDFs (workers/), whose tasks make the invoices' Factur-X files,
// so invoices/ importing quotes/ closed a cycle invoices → quotes → workers → invoices.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { InvoiceInsurance } from '@paraphe/shared/invoices/invoice-document'
import { isSection, type QuoteContent, type QuoteLine } from '@paraphe/shared/quote'
import type { Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem, notFound } from '../errors.js'
import { readProfile } from '../profile/profile-repository.js'

/** A signed quote as its invoices see it. */
export interface SourceQuote {
  id: string
  number: string
  content: QuoteContent
  franchiseEnBase: boolean
  /** The lines with an amount, without the section headings. */
  lines: QuoteLine[]
  /** The décennale insurance the signed quote printed (building work naming an insurer), else null. */
  insurance: InvoiceInsurance | null
}

/** The insurance as the quote was sent with it: its invoices must print the same (Code des assurances L243-2). */
function insuranceOf(buildingTrade: boolean, company: CompanyProfile | null): InvoiceInsurance | null {
  if (!buildingTrade || company === null || company.insurer.trim() === '') return null
  return { insurer: company.insurer.trim(), coverage: company.insuranceCoverage.trim(), policy: company.insurancePolicy.trim() }
}

/** The quote behind `id`; locked by writes, so that two invoices of one quote are computed one after the other. */
export async function signedQuote(tx: Queryable, id: string, { lock }: { lock: boolean }): Promise<SourceQuote> {
  if (!isRowId(id)) throw notFound()
  const { rows } = await tx.query<{
    id: string
    status: string
    number: string | null
    content: QuoteContent
    franchise_en_base: boolean
    company: CompanyProfile | null
  }>(`select id, status, number, content, franchise_en_base, company from paraphe.quotes where id = $1${lock ? ' for update' : ''}`, [id])
  const row = rows[0]
  if (row === undefined) throw notFound()
  if (row.status !== 'signed' || row.number === null) {
    throw new ApiProblem(409, 'quote_not_signed', 'Seul un devis signé par le client peut être facturé.')
  }
  return {
    id: row.id,
    number: row.number,
    content: row.content,
    franchiseEnBase: row.franchise_en_base,
    lines: row.content.lines.filter((line): line is QuoteLine => !isSection(line)),
    // A signed quote was frozen with its company at sending; the profile only for one sent before that existed.
    insurance: insuranceOf(row.content.buildingTrade, row.company ?? (await companyProfile(tx)))
  }
}

export async function companyProfile(tx: Queryable): Promise<CompanyProfile> {
  return (await readProfile(tx)).profile
}
