// Invoice links: a new one with the invoice e-mail and with each reminder (the token exists in
// clear only in the e-mail; earlier links keep working until the professional revokes them). Same tokens as the signing links:
// 256 random bits, only their SHA-256 stored (tokens/link-token.ts).
import { paths } from '@paraphe/shared/paths'
import type { Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { findInvoice } from '../invoices-repository.js'
import { hashToken, newSigningToken } from '../../tokens/link-token.js'

/** Stores a new link to the issued invoice and returns its public URL. */
export async function createInvoiceLink(tx: Queryable, invoice: { id: string; companyId: string }, publicUrl: URL): Promise<string> {
  const token = newSigningToken()
  await tx.query('insert into paraphe.invoice_links (invoice_id, company_id, token_hash) values ($1, $2, $3)', [
    invoice.id,
    invoice.companyId,
    hashToken(token)
  ])
  return new URL(paths.invoicePayment.href(token), publicUrl).href
}

/**
 * « Désactiver le lien »: every link of the invoice sent so far stops working (a link forwarded by
 * mistake, an e-mail sent to the wrong address). The client's page then says the professional
 * disabled it; « Envoyer la facture » again makes a new link. Returns how many links were working.
 */
export async function revokeInvoiceLinks(tx: Queryable, invoiceId: string): Promise<number> {
  const row = await findInvoice(tx, invoiceId)
  if (row.status !== 'issued') throw new ApiProblem(409, 'invoice_draft', 'Un brouillon n’a pas de lien : il n’a jamais été envoyé.')
  const { rowCount } = await tx.query('update paraphe.invoice_links set revoked_at = now() where invoice_id = $1 and revoked_at is null', [
    invoiceId
  ])
  return rowCount
}
