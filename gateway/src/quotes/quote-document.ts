// Everything the PDF of a quote is made from: the quote, the company identity and the logo as
// they were at sending (frozen), or as they are now for a draft.
import type { CompanyProfile } from '@paraphe/shared/company'
import { planAllows } from '@paraphe/shared/plans'
import type { Quote } from '@paraphe/shared/quote'
import type { Queryable } from '../db/database.js'
import { quotePdfName } from '../pdf/file-name.js'
import { cachedSignedPdf, keepSignedPdf } from './signed-pdf-cache.js'
import { currentPlan } from '../plans/plan-usage.js'
import { readLogo, readProfile } from '../profile/profile-repository.js'
import { QUOTE_COLUMNS, toQuote, type QuoteRow } from './quote-rows.js'
import { isRowId } from '../db/row-id.js'
import { notFound } from '../errors.js'

export interface QuoteDocument {
  quote: Quote
  company: CompanyProfile
  logo: { bytes: Uint8Array; type: 'image/png' | 'image/jpeg' } | null
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

export interface QuoteForPdf {
  row: QuoteRow
  /** The sealed signed copy's SHA-256, once there is one. */
  signedSha256: string | null
}

/** The quote and whether it is sealed, in one statement: a download reads nothing more when its bytes are in memory. */
export async function quoteForPdf(tx: Queryable, id: string): Promise<QuoteForPdf> {
  if (!isRowId(id)) throw notFound()
  const { rows } = await tx.query<QuoteRow & { signed_sha256: string | null }>(
    `select ${QUOTE_COLUMNS}, (select d.sha256 from paraphe.signed_documents d where d.quote_id = quotes.id) as signed_sha256
     from paraphe.quotes where id = $1`,
    [id]
  )
  const found = rows[0]
  if (found === undefined) throw notFound()
  const { signed_sha256: signedSha256, ...row } = found
  return { row, signedSha256 }
}

export async function quoteDocument(tx: Queryable, id: string): Promise<QuoteDocument> {
  return documentOf(tx, (await quoteForPdf(tx, id)).row)
}

/** The sealed copy's bytes: from memory by its hash, else read once and kept. */
export async function signedPdfBytes(tx: Queryable, quoteId: string, sha256: string): Promise<Uint8Array> {
  const cached = cachedSignedPdf(sha256)
  if (cached !== undefined) return cached
  const { rows } = await tx.query<{ pdf: Uint8Array }>('select pdf from paraphe.signed_documents where quote_id = $1', [quoteId])
  const pdf = rows[0]?.pdf
  if (pdf === undefined) throw notFound()
  keepSignedPdf(sha256, pdf)
  return pdf
}

/** The sealed signed copy, once the quote is signed and sealed; null otherwise. */
export async function signedDocument(tx: Queryable, id: string): Promise<{ pdf: Uint8Array; fileName: string } | null> {
  const { row, signedSha256 } = await quoteForPdf(tx, id)
  if (signedSha256 === null) return null
  return { pdf: await signedPdfBytes(tx, row.id, signedSha256), fileName: quotePdfName(row, true) }
}
