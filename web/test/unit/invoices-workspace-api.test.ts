// The invoices' API client against the real gateway (PGlite, tokens signed like Supabase Auth's),
// as the invoicing page, the invoice page and the dashboard call it: a signed quote invoiced by a
// deposit draft then issued, a situation, a partial then full payment, a credit note, the PDF and
// the XML; the dashboard's « À encaisser » summed from the list. The flows run in Chromium
// (web/test/browser/invoices.test.ts).
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../../../gateway/test/support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient } from '@/lib/api-client'
import { invoicesApi } from '@/lib/invoices-api'
import { loadReceivables } from '@/lib/receivables'
import { invoicingApi } from '@/features/invoices/api/invoicing-api'

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const local: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init)
const today = parisIsoDate(new Date())

t.test('deposit, situation, payments, credit note and files through the web’s API client', async (t) => {
  const user = await newUser(app)
  const api = createApiClient({ getAccessToken: async () => user.token, fetch: local })
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draftQuote = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${draftQuote.id}/send`)).statusCode, 200)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [draftQuote.id])

  t.same(await loadReceivables(api), { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 }, 'nothing to collect before the first invoice')
  const quote = await invoicingApi.quote(api, draftQuote.id)
  t.equal(quote.status, 'signed')
  t.match(await invoicesApi.quoteInvoicing(api, quote.id), { quoteTotalTtcCents: 134_413, invoicedTtcCents: 0, progressBp: 0, finalIssued: false, invoices: [] })

  const draft = await invoicesApi.createDraft(api, { kind: 'deposit', quoteId: quote.id, depositBp: 3000 })
  t.match(draft, { status: 'draft', number: null, totalTtcCents: 40_324 })
  const deposit = await invoicesApi.issue(api, draft.id)
  t.match(deposit, { status: 'issued', number: /^F-\d{4}-0001$/, paymentStatus: 'unpaid', remainingCents: 40_324 })

  const refused = await invoicesApi.createDraft(api, { kind: 'progress', quoteId: quote.id, progressBp: 10_000 }).then(() => null, (error: unknown) => error)
  t.match(refused, { status: 422 }, 'a situation over what the quote leaves is refused with a status the page explains')

  const situation = await invoicesApi.issue(api, (await invoicesApi.createDraft(api, { kind: 'progress', quoteId: quote.id, progressBp: 4000 })).id)
  t.match(situation.document.progress, { situationNumber: 1, cumulativeBp: 4000, previousBp: 0 })
  t.match(await invoicesApi.quoteInvoicing(api, quote.id), { invoicedTtcCents: 40_324 + situation.totalTtcCents, progressBp: 4000 })
  t.same(await loadReceivables(api), { count: 2, remainingCents: 40_324 + situation.totalTtcCents, overdueCount: 0, overdueRemainingCents: 0 })

  const partly = await invoicesApi.recordPayment(api, deposit.id, { amountCents: 10_000, paidOn: today, means: 'check' })
  t.match(partly, { paymentStatus: 'partly_paid', paidCents: 10_000, remainingCents: 30_324 })
  const paid = await invoicesApi.recordPayment(api, deposit.id, { amountCents: 30_324, paidOn: today, means: 'transfer' })
  t.match(paid, { paymentStatus: 'paid', remainingCents: 0 })
  t.match(await invoicesApi.list(api, { status: 'paid' }), { total: 1, invoices: [{ id: deposit.id }] }, 'the list filters by payment status')

  const credit = await invoicesApi.creditNote(api, situation.id, { creditAmountCents: 1000 })
  t.match(credit, { kind: 'credit_note', status: 'draft', correctsInvoiceId: situation.id, totalTtcCents: 1000 })
  const issuedCredit = await invoicesApi.issue(api, credit.id)
  t.match(issuedCredit.document.creditedInvoice, { number: situation.number })
  t.match(await invoicesApi.get(api, situation.id), { creditedCents: 1000, remainingCents: situation.totalTtcCents - 1000 })
  t.same(await loadReceivables(api), { count: 1, remainingCents: situation.totalTtcCents - 1000, overdueCount: 0, overdueRemainingCents: 0 })

  const pdf = await invoicesApi.pdf(api, deposit.id)
  t.equal(pdf.blob.type, 'application/pdf')
  t.equal(Buffer.from(await pdf.blob.slice(0, 5).arrayBuffer()).toString(), '%PDF-')
  t.match(pdf.filename, /F-\d{4}-0001/)
  const xml = await invoicesApi.xml(api, deposit.id)
  t.match(await xml.blob.text(), /CrossIndustryInvoice/)

  const spare = await invoicesApi.createDraft(api, { kind: 'final', quoteId: quote.id })
  t.equal(await invoicesApi.removeDraft(api, spare.id), null, 'a draft is deleted')
  t.match(await invoicesApi.get(api, spare.id).then(() => null, (error: unknown) => error), { status: 404 })
})
