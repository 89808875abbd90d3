// Signing links: created at sending and with each reminder (the token exists in clear only in
// the e-mail, so a reminder carries a new link; the earlier ones stay valid until expiry).
import { paths } from '@paraphe/shared/paths'
import type { Queryable } from '../db/database.js'
import { hashToken, newSigningToken } from '../tokens/link-token.js'

/** End of the quote's last valid day, in Paris (23:59:59.999 on the expiry date). */
function endOfParisDay(isoDate: string): string {
  return `${isoDate} 23:59:59.999 Europe/Paris`
}

/** Stores a new link for the quote and returns its public URL. */
export async function createSigningLink(
  tx: Queryable,
  quote: { id: string; companyId: string; expiresOn: string },
  publicUrl: URL
): Promise<string> {
  const token = newSigningToken()
  await tx.query(`insert into paraphe.signing_links (quote_id, company_id, token_hash, expires_at) values ($1, $2, $3, $4::timestamptz)`, [
    quote.id,
    quote.companyId,
    hashToken(token),
    endOfParisDay(quote.expiresOn)
  ])
  return new URL(paths.signQuote.href(token), publicUrl).href
}
