// Invoicing fixtures for the DOM tests: a quote sent and marked signed (the client's signature is
// the signing tests' subject), and invoices made and issued through the real gateway's API.
import type { Invoice, InvoiceRequest } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote, QuoteContent } from '@paraphe/shared/quote'
import { quoteContent } from '../../../../gateway/test/support/quote-content.js'
import type { Gateway, SignedIn } from './page.js'

/** A real French IBAN shape with a valid key, and a BIC: the client's page offers the transfer. */
export const BANK_DETAILS = { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' }
/** A SIREN with a valid key, for a business client's invoices. */
export const CLIENT_SIREN = '732829320'

/** A quote of `quoteContent` (1 344,13 € TTC, 30 % deposit unless overridden), sent, then signed. */
export async function signedQuote(gateway: Gateway, owner: SignedIn, overrides: Partial<QuoteContent> = {}): Promise<Quote> {
  const created = await owner.request('POST', '/api/quotes', {
    content: quoteContent({ issueDate: parisIsoDate(new Date()), ...overrides })
  })
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`quote: ${created.statusCode} ${created.body}`)
  const quote = created.json<{ quote: Quote }>().quote
  const sent = await owner.request('POST', `/api/quotes/${quote.id}/send`)
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`)
  await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  return { ...quote, status: 'signed' }
}

/** A draft invoice made through the API. */
export async function draftInvoice(owner: SignedIn, request: InvoiceRequest): Promise<Invoice> {
  const response = await owner.request('POST', '/api/invoices', { request })
  if (response.statusCode !== 201 && response.statusCode !== 200) throw new Error(`draft: ${response.statusCode} ${response.body}`)
  return response.json<{ invoice: Invoice }>().invoice
}

/** A draft made and issued (its number, its Factur-X file). */
export async function issuedInvoice(owner: SignedIn, request: InvoiceRequest): Promise<Invoice> {
  const draft = await draftInvoice(owner, request)
  const issued = await owner.request('POST', `/api/invoices/${draft.id}/issue`)
  if (issued.statusCode !== 200) throw new Error(`issue: ${issued.statusCode} ${issued.body}`)
  return issued.json<{ invoice: Invoice }>().invoice
}
