// « Facture d'acompte à la signature »: off by default; when the professional turns it on, the
// client's signature of a quote asking for a deposit issues the deposit invoice and e-mails it to
// the client by itself, once, whatever the job runs; a quote without a deposit, or a company that
// left it off, gets nothing; an invoice the professional made already is not made again.
import t from 'tap'
import type { Invoice, InvoiceList } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../support/databases.js'
import { signBody } from '../support/sent-quotes.js'
import { buildWorkspaceApp, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'
import { issueDepositAtSignature } from '../../src/invoices/deposit-at-signature.js'
import { mails, PROFILE_WITH_BANK, today, type ErrorJson } from './support/invoice-mail-cases.js'
import { renderedAll } from './support/renders.js'

// Real Factur-X builds on a busy 2-core machine.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())

/** A quote sent with its deposit percentage, and signed by the client on its page. */
async function signedByClient(pro: TestUser, depositBp: number): Promise<string> {
  const content = { ...completeContent(today), depositBp }
  const quote = (await pro.request('POST', '/api/quotes', { content })).json<{ quote: Quote }>().quote
  const token = new URL(
    (await pro.request('POST', `/api/quotes/${quote.id}/send`)).json<{ signingUrl: string }>().signingUrl
  ).searchParams.get('token') as string
  const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  const signed = await app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signBody(view.documentSha256) })
  if (signed.statusCode !== 200) throw new Error(signed.body)
  return quote.id
}

const invoicesOf = async (pro: TestUser, quoteId: string) =>
  (await pro.request('GET', '/api/invoices')).json<InvoiceList>().invoices.filter((invoice) => invoice.quoteId === quoteId)

async function professional(): Promise<TestUser> {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  await pro.request('PUT', '/api/profile', PROFILE_WITH_BANK)
  return pro
}

t.test('the setting: off by default, a clear refusal for a wrong value, saved', async (t) => {
  const pro = await professional()
  t.same((await pro.request('GET', '/api/invoices/deposit-settings')).json(), { settings: { depositAtSignature: false } })
  const wrong = await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: 'oui' })
  t.equal(wrong.statusCode, 400)
  t.match(wrong.json<ErrorJson>().error.message, /[a-zé]/, 'said in French')
  const saved = await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  t.same(saved.json(), { settings: { depositAtSignature: true } })
  t.same((await pro.request('GET', '/api/invoices/deposit-settings')).json(), { settings: { depositAtSignature: true } })
})

t.test('on: the signature issues the deposit invoice and e-mails it to the client, once', async (t) => {
  const pro = await professional()
  await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  const quoteId = await signedByClient(pro, 3_000)
  await app.jobs.wake()
  await renderedAll(app.jobs, db)
  const [deposit, ...others] = await invoicesOf(pro, quoteId)
  t.equal(others.length, 0, 'one invoice')
  t.match(deposit, { kind: 'deposit', status: 'issued', totalTtcCents: 40_324 }, 'the quote’s 30 % deposit, issued')
  const sent = await mails(db, pro, 'invoice')
  t.equal(sent.length, 1, 'e-mailed to the client')
  t.equal(sent[0]?.recipient, 'elise.martin@example.org', 'the signer’s address on the quote')
  t.match(sent[0]?.subject, new RegExp(deposit?.number ?? 'missing'))
  t.equal(sent[0]?.attachments[0]?.contentType, 'application/pdf', 'with its Factur-X PDF')

  // Another run of the job (a gateway that died after the e-mail) changes nothing.
  const context = { db, actions: () => app.invoiceActions, log: app.log }
  t.equal(await issueDepositAtSignature(context, quoteId), 'nothing')
  t.equal((await invoicesOf(pro, quoteId)).length, 1)
  t.equal((await mails(db, pro, 'invoice')).length, 1)
})

t.test('an issued deposit not e-mailed yet (the run died between the two) is sent by the next run', async (t) => {
  const pro = await professional()
  const quoteId = await signedByClient(pro, 3_000)
  const draft = (await pro.request('POST', '/api/invoices', { request: { kind: 'deposit', quoteId } })).json<{ invoice: Invoice }>().invoice
  t.equal((await pro.request('POST', `/api/invoices/${draft.id}/issue`)).statusCode, 200)
  await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  const context = { db, actions: () => app.invoiceActions, log: app.log }
  t.equal(await issueDepositAtSignature(context, quoteId), 'sent')
  t.equal((await invoicesOf(pro, quoteId)).length, 1, 'not made twice')
  t.equal((await mails(db, pro, 'invoice')).length, 1)
})

t.test('off, or a quote without a deposit: the signature issues nothing', async (t) => {
  const off = await professional()
  const offQuote = await signedByClient(off, 3_000)
  const on = await professional()
  await on.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  const noDeposit = await signedByClient(on, 0)
  await app.jobs.wake()
  t.same(await invoicesOf(off, offQuote), [], 'left to the professional when off')
  t.same(await invoicesOf(on, noDeposit), [], 'no deposit asked, no deposit invoice')
  t.equal(
    (
      await db.query(`select 1 from paraphe.jobs where name = 'invoices.deposit-at-signature' and payload ->> 'quoteId' = any($1)`, [
        [offQuote, noDeposit]
      ])
    ).rows.length,
    0,
    'not even queued'
  )
})

t.test('an invoice the professional could not issue either is left to them, not retried', async (t) => {
  const pro = await professional()
  await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  const quoteId = await signedByClient(pro, 3_000)
  // The bank details removed since: the deposit invoice cannot be issued without them.
  await pro.request('PUT', '/api/profile', { ...PROFILE_WITH_BANK, siret: '' })
  const context = { db, actions: () => app.invoiceActions, log: app.log }
  t.equal(await issueDepositAtSignature(context, quoteId), 'refused')
  t.same(await invoicesOf(pro, quoteId), [])
})
