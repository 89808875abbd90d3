// What the invoice e-mail, link and reminder tests share: a professional with bank details, a
// deposit invoice issued on a signed quote, the outbox's e-mails, the token of an invoice link.
import type { Test } from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { Database } from '../../../src/db/database.js'
import { COMPLETE_PROFILE, completeContent, subscribe, type TestUser } from '../../support/workspace-users.js'

export const today = parisIsoDate(new Date())
/** A real French IBAN shape with a valid key (the example banks print), and a BIC. */
export const PROFILE_WITH_BANK = { ...COMPLETE_PROFILE, iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' }

export interface ErrorJson {
  error: { code: string; message: string }
}
export interface OutboxRow {
  kind: string
  recipient: string
  subject: string
  text_body: string
  attachments: Array<{ filename: string; contentType: string; contentBase64: string }>
}

export const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice
export const tokenIn = (text: string) => /\/facture\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? ''
/** `now` a number of days after today, at noon in Paris (the jobs read the Paris calendar). */
export const daysLater = (days: number) => new Date(Date.parse(`${today}T11:00:00Z`) + days * 86_400_000)

export async function mails(db: Database, user: TestUser, kind: string): Promise<OutboxRow[]> {
  return (
    await db.query<OutboxRow>(
      'select kind, recipient, subject, text_body, attachments from paraphe.outbox where company_id = $1 and kind = $2 order by id',
      [user.id, kind]
    )
  ).rows
}

/** A deposit invoice (payable on receipt) on a signed quote of completeContent: 30 %, 403,24 € TTC. */
export async function issuedDeposit(t: Test, db: Database, user: TestUser): Promise<Invoice> {
  // Pro: more than the free plan's three quotes a month.
  await subscribe(db, user.id, 'pro')
  await user.request('PUT', '/api/profile', PROFILE_WITH_BANK)
  const quote = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await user.request('POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const draft = invoiceOf(await user.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id } }))
  const issued = await user.request('POST', `/api/invoices/${draft.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  return invoiceOf(issued)
}
