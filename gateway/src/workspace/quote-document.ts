// Everything the PDF of a quote is made from: the quote, the company identity and the logo as
// they were at sending (frozen), or as they are now for a draft.
import type { CompanyProfile } from '@paraphe/shared/company'
import { planAllows } from '@paraphe/shared/plans'
import type { Quote } from '@paraphe/shared/quote'
import type { Queryable } from '../db/database.js'
import { quotePdfName } from '../pdf/file-name.js'
import { currentPlan } from './plan-usage.js'
import { readLogo, readProfile } from './profile-repository.js'
import { toQuote, type QuoteRow } from './quote-rows.js'
import { findQuote } from './quotes-repository.js'

export interface QuoteDocument {
  quote: Quote
  company: CompanyProfile
  logo: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null
}

export async function quoteDocument(tx: Queryable, id: string): Promise<QuoteDocument> {
  const row = await findQuote(tx, id)
  return documentOf(tx, row)
}

export async function documentOf(tx: Queryable, row: QuoteRow): Promise<QuoteDocument> {
  const quote = toQuote(row)
  if (row.company !== null) {
    const { rows } = await tx.query<{ logo: Uint8Array | null; logo_type: 'image/png' | 'image/jpeg' | null }>(
      'select logo, logo_type from paraphe.quotes where id = $1',
      [row.id]
    )
    const stored = rows[0]
    const logo = stored?.logo != null && stored.logo_type !== null ? { bytes: stored.logo, type: stored.logo_type } : null
    return { quote, company: row.company, logo }
  }
  const [{ profile }, plan] = await Promise.all([readProfile(tx), currentPlan(tx)])
  return { quote, company: profile, logo: planAllows(plan, 'logo') ? await readLogo(tx) : null }
}

/** The sealed signed copy, once the quote is signed and sealed; null otherwise. */
export async function signedDocument(tx: Queryable, id: string): Promise<{ pdf: Uint8Array; fileName: string } | null> {
  const row = await findQuote(tx, id)
  const { rows } = await tx.query<{ pdf: Uint8Array }>('select pdf from paraphe.signed_documents where quote_id = $1', [row.id])
  const pdf = rows[0]?.pdf
  return pdf === undefined ? null : { pdf, fileName: quotePdfName(row, true) }
}
