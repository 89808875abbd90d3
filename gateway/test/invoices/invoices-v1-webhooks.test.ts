// Invoices through the public API and its webhooks: an ERP invoices a signed quote under its key
// (created and issued in one call, replayed by its Idempotency-Key), reads the PDF and the XML,
// records the payment; its receiver gets invoice.issued, invoice.paid and, from the jobs,
// invoice.overdue. Everything is in the OpenAPI document.
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { markOverdueInvoices } from '../../src/invoices/invoice-overdue.js'
import { buildApp } from '../helper.js'
import { entrepriseWithKey } from '../support/api-clients.js'
import { testDatabase } from '../support/databases.js'
import { startReceiver } from '../support/webhook-receiver.js'
import { AUTH_ENV, completeContent } from '../support/workspace-users.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process (and the kit runs a JVM): on a loaded
// machine this file needs more than tap's default per-file time.
t.setTimeout(600_000)

const db = await testDatabase('postgres')
const app = await buildApp(AUTH_ENV, { database: db, webhooks: { retryDelayMs: () => 0, pollIntervalMs: 600_000 } })
t.teardown(() => app.close())
const today = parisIsoDate(new Date())
const invoiceOf = (response: { json: <T>() => T }) => response.json<{ invoice: Invoice }>().invoice

interface Envelope {
  type: string
  data: { invoice: { id: string; number: string; kind: string; totalTtcCents: number; amountDueCents: number; url: string } }
}

t.test('an ERP invoices a signed quote and its receiver follows the invoice', async (t) => {
  const client = await entrepriseWithKey(app, db)
  const receiver = await startReceiver(t)
  const endpoint = await client.owner.request('POST', '/api/company/webhooks', {
    url: receiver.url,
    events: ['invoice.issued', 'invoice.paid', 'invoice.overdue']
  })
  t.equal(endpoint.statusCode, 201, endpoint.body)
  const quote = (await client.call('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  t.equal((await client.call('POST', `/api/v1/quotes/${quote.id}/send`)).statusCode, 200)
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])

  const body = { kind: 'deposit', quoteId: quote.id, issue: true }
  const created = await client.call('POST', '/api/v1/invoices', body, { 'idempotency-key': 'acompte-4521' })
  t.equal(created.statusCode, 201, created.body.slice(0, 300))
  const deposit = invoiceOf(created)
  t.match(deposit, { kind: 'deposit', status: 'issued', number: /^F-\d{4}-0001$/, totalTtcCents: 40324 })
  const retry = await client.call('POST', '/api/v1/invoices', body, { 'idempotency-key': 'acompte-4521' })
  t.equal(retry.headers['idempotent-replayed'], 'true', 'a retry with the same key replays the answer')
  t.equal(invoiceOf(retry).id, deposit.id, 'and issues nothing more')
  t.equal((await client.call('GET', '/api/v1/invoices')).json<{ total: number }>().total, 1)

  const pdf = await client.call('GET', `/api/v1/invoices/${deposit.id}/pdf`)
  t.equal(pdf.headers['content-type'], 'application/pdf')
  t.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-')
  const xml = await client.call('GET', `/api/v1/invoices/${deposit.id}/xml`)
  t.match(xml.headers['content-type'], /^application\/xml/)
  t.match(xml.body, '<ram:TypeCode>386</ram:TypeCode>', 'a deposit invoice is type 386')

  const paid = await client.call(
    'POST',
    `/api/v1/invoices/${deposit.id}/payments`,
    { amountCents: 40324, paidOn: today, means: 'transfer' },
    { 'idempotency-key': 'virement-1' }
  )
  t.equal(invoiceOf(paid).paymentStatus, 'paid')

  // A situation left unpaid past its due date: the jobs' check says so once.
  const situation = invoiceOf(
    await client.call('POST', '/api/v1/invoices', { kind: 'progress', quoteId: quote.id, progressBp: 5000, paymentDays: 0, issue: true })
  )
  t.equal(situation.status, 'issued')
  const tomorrow = new Date(Date.now() + 36 * 3600_000)
  t.ok((await markOverdueInvoices(db, tomorrow)) >= 1, 'the situation is overdue the day after its due date')
  t.equal(
    await markOverdueInvoices(db, tomorrow).then(
      async () =>
        (await db.query(`select count(*)::int as n from paraphe.invoice_events where invoice_id = $1 and type = 'overdue'`, [situation.id]))
          .rows[0]?.n
    ),
    1,
    'and said once'
  )
  const overdueInvoice = invoiceOf(await client.call('GET', `/api/v1/invoices/${situation.id}`))
  t.equal(overdueInvoice.paymentStatus, 'unpaid', 'not overdue yet by today’s date (due today)')

  const credit = await client.call('POST', `/api/v1/invoices/${situation.id}/credit-notes`, { issue: true })
  t.equal(credit.statusCode, 201)
  t.match(invoiceOf(credit), { kind: 'credit_note', status: 'issued', totalTtcCents: situation.totalTtcCents })
  t.equal(
    invoiceOf(await client.call('GET', `/api/v1/invoices/${situation.id}`)).paymentStatus,
    'credited',
    'a credit note for the whole of it cancels what was due'
  )

  for (let pass = 0; pass < 10 && receiver.received.length < 5; pass += 1) await app.webhooks.wake()
  const events = receiver.received.map((request) => JSON.parse(request.body) as Envelope)
  t.same(
    events.map((event) => [event.type, event.data.invoice.number]).sort(),
    [
      ['invoice.issued', deposit.number],
      ['invoice.issued', invoiceOf(credit).number],
      ['invoice.issued', situation.number],
      ['invoice.overdue', situation.number],
      ['invoice.paid', deposit.number]
    ].sort(),
    'issued ×3, paid, overdue'
  )
  t.equal(
    events.find((event) => event.type === 'invoice.paid')?.data.invoice.url,
    `${app.config.publicUrl.origin}/api/v1/invoices/${deposit.id}`,
    'with the API address of the invoice'
  )
})

t.test('the OpenAPI document describes the invoice routes', async (t) => {
  const document = (await app.inject({ url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, { tags?: string[]; parameters?: Array<{ name: string }> }>>
  }>()
  for (const [path, method] of [
    ['/invoices', 'get'],
    ['/invoices', 'post'],
    ['/invoices/{id}', 'get'],
    ['/invoices/{id}/issue', 'post'],
    ['/invoices/{id}/pdf', 'get'],
    ['/invoices/{id}/xml', 'get'],
    ['/invoices/{id}/credit-notes', 'post'],
    ['/invoices/{id}/payments', 'post']
  ] as const) {
    const operation = document.paths[path]?.[method]
    t.same(operation?.tags, ['Factures'], `${method.toUpperCase()} ${path}`)
    if (method === 'post')
      t.ok(
        operation?.parameters?.some((parameter) => parameter.name === 'idempotency-key'),
        `${path}: Idempotency-Key documented`
      )
  }
})

t.test('without a key, or with a read-only key, nothing is invoiced', async (t) => {
  t.equal((await app.inject({ method: 'GET', url: '/api/v1/invoices' })).statusCode, 401)
  const reader = await entrepriseWithKey(app, db, ['read'])
  const refused = await reader.call('POST', '/api/v1/invoices', { kind: 'final', quoteId: '00000000-0000-4000-8000-000000000000' })
  t.equal(refused.statusCode, 403)
})
