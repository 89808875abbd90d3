// Invoice links: a new one with the invoice e-mail and with each reminder (the token exists in
// clear only in the e-mail; earlier links keep working). Same tokens as the signing links:
// 256 random bits, only their SHA-256 stored (tokens/link-token.ts).
import { paths } from '@paraphe/shared/paths'
import type { Queryable } from '../../db/database.js'
import { hashToken, newSigningToken } from '../../tokens/link-token.js'

/** Stores a new link to the issued invoice and returns its public URL. */
export async function createInvoiceLink(tx: Queryable, invoice: { id: string; companyId: string }, publicUrl: URL): Promise<string> {
  const token = newSigningToken()
  await tx.query('insert into paraphe.invoice_links (invoice_id, company_id, token_hash) values ($1, $2, $3)', [invoice.id, invoice.companyId, hashToken(token)])
  return new URL(paths.invoicePayment.href(token), publicUrl).href
}
