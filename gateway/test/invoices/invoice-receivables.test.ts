// The dashboard's « À encaisser » on both engines, summed by the database over every issued
// invoice of the company: a deposit partly paid and a situation partly credited count for what
// they leave, a draft and a credit note for nothing; the figure equals the sum of the list's
// per-invoice `remainingCents` (the shared rule); overdue once the due date is past; another
// company sees none of it. « Activité récente » shows the invoices' events beside the quote's.
import t from 'tap'
import type { Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import type { InvoiceList } from '@paraphe/shared/api/invoice-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser, type TestUser } from '../support/workspace-users.js'
import { invoiceReceivables } from '../../src/invoices/invoice-receivables.js'
import { daysLater, invoiceOf, issuedDeposit, today } from './support/invoice-mail-cases.js'

// Real Factur-X builds (three invoices) on two engines: minutes on a busy 2-core machine.
t.setTimeout(600_000)

const activityOf = async (user: TestUser) =>
  (await user.request('GET', '/api/dashboard')).json<Dashboard>().recent.map((line) => [line.subject, line.number, line.label])

const receivablesOf = async (user: TestUser) => (await user.request('GET', '/api/dashboard')).json<Dashboard>().receivables

/** What the list says each issued invoice leaves to pay, added up (every page). */
async function listedRemaining(user: TestUser): Promise<number> {
  let sum = 0
  for (let offset = 0; ; offset += 100) {
    const page = (await user.request('GET', `/api/invoices?status=issued&limit=100&offset=${offset}`)).json<InvoiceList>()
    sum += page.invoices.reduce((total, invoice) => total + invoice.remainingCents, 0)
    if (page.invoices.length < 100) return sum
  }
}

forEachEngine('« À encaisser »: one sum over the company’s unpaid issued invoices, and the overdue ones', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const pro = await newUser(app)
  t.same(
    await receivablesOf(pro),
    { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 },
    'nothing before the first invoice'
  )

  const deposit = await issuedDeposit(t, db, pro)
  const situationDraft = invoiceOf(
    await pro.request('POST', '/api/invoices', { request: { kind: 'progress', quoteId: deposit.quoteId, progressBp: 4000 } })
  )
  const situation = invoiceOf(await pro.request('POST', `/api/invoices/${situationDraft.id}/issue`))
  t.equal(situation.status, 'issued')
  t.equal(
    (await pro.request('POST', `/api/invoices/${deposit.id}/payments`, { amountCents: 10_000, paidOn: today, means: 'transfer' }))
      .statusCode,
    200
  )
  const credit = await pro.request('POST', `/api/invoices/${situation.id}/credit-notes`, { creditAmountCents: 1000, issue: true })
  t.equal(credit.statusCode, 201, credit.body.slice(0, 300))
  // A draft asks nothing yet.
  t.equal((await pro.request('POST', '/api/invoices', { request: { kind: 'final', quoteId: deposit.quoteId } })).statusCode, 201)

  const expected = 30_324 + situation.amountDueCents - 1000
  const figures = await receivablesOf(pro)
  t.same(
    figures,
    { count: 2, remainingCents: expected, overdueCount: 0, overdueRemainingCents: 0 },
    'the deposit’s rest and the situation less its credit note'
  )
  t.equal(figures.remainingCents, await listedRemaining(pro), 'the same figure as the list’s per-invoice rule')
  const creditNumber = credit.json<{ invoice: { number: string } }>().invoice.number
  t.same(
    (await activityOf(pro)).slice(0, 4),
    [
      ['invoice', creditNumber, 'Avoir émis'],
      ['invoice', deposit.number, 'Paiement enregistré'],
      ['invoice', situation.number, 'Facture de situation émise'],
      ['invoice', deposit.number, 'Facture d’acompte émise']
    ],
    '« Activité récente »: the invoices’ events, newest first'
  )

  // The deposit was payable on receipt; the situation at 30 days.
  t.same(
    await invoiceReceivables(db, pro.id, parisIsoDate(daysLater(1))),
    { count: 2, remainingCents: expected, overdueCount: 1, overdueRemainingCents: 30_324 },
    'the deposit overdue the next day'
  )
  t.same(
    await invoiceReceivables(db, pro.id, parisIsoDate(daysLater(45))),
    { count: 2, remainingCents: expected, overdueCount: 2, overdueRemainingCents: expected },
    'both overdue after the situation’s due date'
  )

  const other = await newUser(app)
  t.same(
    await receivablesOf(other),
    { count: 0, remainingCents: 0, overdueCount: 0, overdueRemainingCents: 0 },
    'another company sees none of it'
  )

  t.equal(
    (await pro.request('POST', `/api/invoices/${deposit.id}/payments`, { amountCents: 30_324, paidOn: today, means: 'check' })).statusCode,
    200
  )
  t.same(
    await receivablesOf(pro),
    { count: 1, remainingCents: situation.amountDueCents - 1000, overdueCount: 0, overdueRemainingCents: 0 },
    'a paid invoice leaves the figure'
  )
  const sent = await pro.request('POST', `/api/invoices/${situation.id}/send`, {})
  t.equal(sent.statusCode, 200, sent.body.slice(0, 300))
  const activity = await activityOf(pro)
  t.same(
    activity.slice(0, 5),
    [
      ['invoice', situation.number, 'Facture de situation envoyée au client'],
      ['invoice', deposit.number, 'Facture d’acompte payée'],
      ['invoice', creditNumber, 'Avoir émis'],
      ['invoice', situation.number, 'Facture de situation émise'],
      ['invoice', deposit.number, 'Facture d’acompte émise']
    ],
    'sent and paid come first; a payment that settles the invoice is said once, as « payée »'
  )
  t.match(activity.slice(5), [['quote', /^DEV-/, 'Devis envoyé pour signature']], 'the quote’s sending after them, in the same list')
  t.same(await activityOf(other), [], 'another company sees none of it')
})
