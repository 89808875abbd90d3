// Card payment of invoices on the professional's own Stripe account (issue 38), against the
// Stripe stand-in: the connection from the settings, « Payer par carte » in the e-mail and on the
// client's page, the Checkout session (amount from the server, one open per invoice), and the
// Connect events recorded once across two gateways — refund, dispute, bad signature, unknown invoice.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import type { InvoiceLinkView } from '@paraphe/shared/api/invoice-client-schemas'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { testDatabase } from '../support/databases.js'
import { startStripeStandIn } from '../support/stripe-stand-in.js'
import { buildWorkspaceApp, newUser, type TestUser } from '../support/workspace-users.js'
import { cardPaymentApp, connectStripe, deliverConnect, sessionIdOf } from './support/card-payment-app.js'
import { sendDueInvoiceReminders } from '../../src/invoices/client/invoice-reminders.js'
import { daysLater, invoiceOf, issuedDeposit, mails, tokenIn, today, type ErrorJson } from './support/invoice-mail-cases.js'

// Real Factur-X builds on a busy 2-core machine.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())
const app = await cardPaymentApp(db, stripe)
// A second gateway on the same database: Stripe may deliver an event to either.
const other = await cardPaymentApp(db, stripe)

const view = async (token: string) =>
  (await app.inject({ method: 'GET', url: `/api/invoice-link/${token}` })).json<{ invoice: InvoiceLinkView }>().invoice
const checkout = (token: string) => app.inject({ method: 'POST', url: `/api/invoice-link/${token}/card-checkout` })
const invoiceNow = async (user: TestUser, id: string) => invoiceOf(await user.request('GET', `/api/invoices/${id}`))
const paymentRows = async (invoiceId: string) =>
  (
    await db.query<{ amount_cents: string; means: string }>(
      'select amount_cents, means from paraphe.invoice_payments where invoice_id = $1 order by recorded_at, id',
      [invoiceId]
    )
  ).rows.map((row) => [Number(row.amount_cents), row.means])

/** Sends the invoice to the client and returns the token of the e-mail's link. */
async function sentLink(user: TestUser, invoice: Invoice, nth: number): Promise<{ token: string; text: string }> {
  const sent = await user.request('POST', `/api/invoices/${invoice.id}/send`, {})
  if (sent.statusCode !== 200) throw new Error(sent.body)
  const text = (await mails(db, user, 'invoice'))[nth]?.text_body ?? ''
  return { token: tokenIn(text), text }
}

t.test('connect, pay by card from the e-mail, one payment whatever the deliveries, then refund and dispute', async (t) => {
  const pro = await newUser(app)
  t.same((await pro.request('GET', '/api/stripe-connection')).json(), {
    connection: { available: true, state: 'none', accountId: null, connectedAt: null }
  })
  const accountId = await connectStripe(pro)
  const created = stripe.requests.find((request) => request.path === '/v1/accounts')
  t.match(created?.params, { type: 'standard', country: 'FR' }, 'a Standard account, in France')
  t.match(stripe.requests.find((request) => request.path === '/v1/account_links')?.params, {
    account: accountId,
    type: 'account_onboarding',
    return_url: 'https://devis.example.fr/espace/profil'
  })

  const invoice = await issuedDeposit(t, db, pro)
  const { token, text } = await sentLink(pro, invoice, 0)
  t.match(text, /Payer par carte \(403,24\u00a0€\)/, 'the e-mail offers the card for what is owed')
  t.match(text, /#payer-par-carte/)
  t.equal((await view(token)).cardPayment, true, 'the client’s page offers it too')

  const first = await checkout(token)
  t.equal(first.statusCode, 200, first.body)
  const url = first.json<{ url: string }>().url
  const sessionRequest = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')
  t.equal(sessionRequest.length, 1)
  t.match(sessionRequest[0], {
    account: accountId,
    params: {
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '40324',
      'line_items[0][price_data][currency]': 'eur',
      'metadata[invoice_id]': invoice.id
    }
  })
  t.equal((await checkout(token)).json<{ url: string }>().url, url, 'a second tab gets the same session')
  t.equal(stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').length, 1)

  const paid = stripe.payPaymentSession(sessionIdOf(url))
  const paymentIntent = (paid.event.data.object as { payment_intent: string }).payment_intent
  for (const gateway of [app, other, app, other]) {
    const response = await deliverConnect(gateway, paid)
    t.equal(response.statusCode, 200)
    t.same(response.json(), { received: true })
  }
  t.same(await paymentRows(invoice.id), [[40324, 'card']], 'one payment for four deliveries to two gateways')
  const after = await invoiceNow(pro, invoice.id)
  t.equal(after.paymentStatus, 'paid')
  t.equal(after.remainingCents, 0)
  t.match(after.payments[0]?.note, /^Carte bancaire, Stripe pi_/, 'the means and Stripe’s reference')
  t.same(
    after.events.filter((event) => event.type === 'paid').length,
    1,
    'paid once (invoice.paid follows it as for a payment typed by hand)'
  )
  const dashboard = (await pro.request('GET', '/api/dashboard')).json<{ receivables: { remainingCents: number } }>()
  t.equal(dashboard.receivables.remainingCents, 0, '« À encaisser » follows')
  t.equal((await view(token)).paymentStatus, 'paid', 'the client’s page says « Payée »')
  t.equal((await view(token)).cardPayment, false)
  const again = await checkout(token)
  t.equal(again.statusCode, 409, 'nothing left: no session')
  t.match(again.json<ErrorJson>().error.message, /entièrement réglée/)

  // Refund part of it from Stripe: a reversal line, once, and the rest owed again.
  const refund = stripe.refund(paymentIntent, 10_000)
  const forged = stripe.client.webhooks.generateTestHeaderString({ payload: refund.payload, secret: 'whsec_not_the_right_one' })
  for (const signature of [forged, stripe.webhookSecret, 't=1,v1=00']) {
    const refused = await deliverConnect(app, refund, signature)
    t.equal(refused.statusCode, 400, 'a bad signature is refused')
    t.match(refused.json<ErrorJson>().error, { code: 'bad_signature' })
  }
  t.same(await paymentRows(invoice.id), [[40324, 'card']], 'nothing recorded on a bad signature')
  t.equal((await db.query('select 1 from paraphe.stripe_events where id = $1', [refund.event.id])).rows.length, 0)
  for (const gateway of [app, other]) t.equal((await deliverConnect(gateway, refund)).statusCode, 200)
  t.same(await paymentRows(invoice.id), [
    [40324, 'card'],
    [-10_000, 'card']
  ])
  const refunded = await invoiceNow(pro, invoice.id)
  t.equal(refunded.remainingCents, 10_000, 'the refunded part is owed again')
  t.equal(refunded.paymentStatus, 'partly_paid')
  t.ok(refunded.events.some((event) => event.type === 'payment_refunded' && event.data['amountCents'] === 10_000))

  const dispute = stripe.dispute(paymentIntent)
  t.equal((await deliverConnect(other, dispute)).statusCode, 200)
  t.equal((await deliverConnect(app, dispute)).statusCode, 200)
  const disputed = await invoiceNow(pro, invoice.id)
  t.equal(disputed.events.filter((event) => event.type === 'payment_disputed').length, 1, 'the dispute is in the invoice’s history, once')
  t.equal(disputed.remainingCents, 10_000, 'a dispute alone moves no money')
  const disputeId = (dispute.event.data.object as { id: string }).id

  // The bank takes the disputed money back from the professional: the invoice is owed it again, once.
  const withdrawn = stripe.disputeFunds(disputeId, 'withdrawn')
  for (const gateway of [app, other, app]) t.equal((await deliverConnect(gateway, withdrawn)).statusCode, 200)
  const owed = await invoiceNow(pro, invoice.id)
  t.equal(owed.remainingCents, 40_324, 'what the client still had paid (after the refund) is owed again')
  t.equal(owed.paymentStatus, 'unpaid')
  t.same(
    owed.payments.map((payment) => [payment.amountCents, payment.reason]),
    [
      [40_324, null],
      [-10_000, 'refund'],
      [-30_324, 'dispute_withdrawn']
    ],
    'the withdrawal is a line of its own, said as such'
  )
  t.equal(owed.payments[2]?.reversesPaymentId, owed.payments[0]?.id, 'it reverses the card payment')

  // The bank decides for the professional: the money comes back, the dispute is closed as won.
  const reinstated = stripe.disputeFunds(disputeId, 'reinstated')
  for (const gateway of [other, app]) t.equal((await deliverConnect(gateway, reinstated)).statusCode, 200)
  const closed = stripe.closeDispute(disputeId, 'won')
  for (const gateway of [app, other]) t.equal((await deliverConnect(gateway, closed)).statusCode, 200)
  const won = await invoiceNow(pro, invoice.id)
  t.equal(won.remainingCents, 10_000, 'only the refunded part is owed again')
  t.same(won.payments.at(-1), { ...won.payments.at(-1), amountCents: 30_324, reason: 'dispute_reinstated', reversesPaymentId: null })
  t.same(
    won.events.filter((event) => event.type === 'payment_dispute_closed').map((event) => event.data['outcome']),
    ['won'],
    'the bank’s decision is in the history, once'
  )
  // A reinstatement replayed under another event id (Stripe retries) gives nothing twice.
  const replayed = stripe.disputeFunds(disputeId, 'reinstated')
  t.equal((await deliverConnect(app, replayed)).statusCode, 200)
  t.equal((await invoiceNow(pro, invoice.id)).remainingCents, 10_000)
})

t.test('an event naming no invoice of that account is acknowledged and changes nothing', async (t) => {
  const pro = await newUser(app)
  const accountId = await connectStripe(pro)
  const invoice = await issuedDeposit(t, db, pro)
  const stranger = await newUser(app)
  const strangerAccount = await connectStripe(stranger)
  const session = (invoiceId: string) => ({
    id: `cs_test_${randomUUID().replaceAll('-', '')}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 40324,
    currency: 'eur',
    payment_intent: 'pi_unknown',
    metadata: { invoice_id: invoiceId }
  })
  for (const [invoiceId, account] of [
    [randomUUID(), accountId],
    ['pas-un-id', accountId],
    [invoice.id, strangerAccount]
  ] as const) {
    const event = stripe.signEvent('checkout.session.completed', session(invoiceId), { account })
    const response = await deliverConnect(app, event)
    t.equal(response.statusCode, 200, 'acknowledged: Stripe would retry for days otherwise')
    t.equal((await db.query('select 1 from paraphe.stripe_events where id = $1', [event.event.id])).rows.length, 0)
  }
  t.same(await paymentRows(invoice.id), [], 'another account cannot pay this company’s invoice')
  const refund = stripe.signEvent(
    'charge.refunded',
    { id: 'ch_x', object: 'charge', payment_intent: 'pi_unknown', amount_refunded: 100 },
    { account: accountId }
  )
  t.equal((await deliverConnect(app, refund)).statusCode, 200)
  const platformEvent = stripe.signEvent('checkout.session.completed', session(invoice.id))
  t.equal((await deliverConnect(app, platformEvent)).statusCode, 400, 'the platform’s own secret does not sign Connect events')
  t.same(await paymentRows(invoice.id), [])
})

t.test('deposit by card, situation by transfer typed by hand, final by card: what is owed at each step', async (t) => {
  const pro = await newUser(app)
  await connectStripe(pro)
  const deposit = await issuedDeposit(t, db, pro)
  const quoteId = deposit.quoteId as string
  const payByCard = async (invoice: Invoice, nth: number) => {
    const { token } = await sentLink(pro, invoice, nth)
    const url = (await checkout(token)).json<{ url: string }>().url
    t.equal((await deliverConnect(app, stripe.payPaymentSession(sessionIdOf(url)))).statusCode, 200)
    return token
  }
  await payByCard(deposit, 0)
  t.equal((await invoiceNow(pro, deposit.id)).remainingCents, 0, 'deposit paid by card')

  const issue = async (request: object) => {
    const draft = invoiceOf(await pro.request('POST', '/api/invoices', { request }))
    return invoiceOf(await pro.request('POST', `/api/invoices/${draft.id}/issue`))
  }
  const situation = await issue({ kind: 'progress', quoteId, progressBp: 5000 })
  t.ok(situation.remainingCents > 0)
  const { token: situationToken } = await sentLink(pro, situation, 1)
  // The client opens the card payment, then pays part by transfer, typed by the professional.
  const stale = (await checkout(situationToken)).json<{ url: string }>().url
  const half = Math.floor(situation.remainingCents / 2)
  const partial = await pro.request('POST', `/api/invoices/${situation.id}/payments`, {
    amountCents: half,
    paidOn: today,
    means: 'transfer'
  })
  t.equal(partial.statusCode, 200)
  // The session asked for the whole situation: it is expired, and Stripe's page refuses it.
  // Expired right after the payment's answer, without holding it: waited for, up to 10 s.
  const deadline = Date.now() + 10_000
  while (stripe.session(sessionIdOf(stale))?.['status'] === 'open' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(stripe.session(sessionIdOf(stale))?.['status'], 'expired')
  const expiredPage = await fetch(stale, { method: 'POST', redirect: 'manual' })
  t.equal(expiredPage.status, 410, 'a session for more than is owed can no longer be paid')
  const rest = (await checkout(situationToken)).json<{ url: string }>().url
  t.not(rest, stale)
  t.equal(stripe.session(sessionIdOf(rest))?.['amount_total'], situation.remainingCents - half, 'a new session for the rest only')
  const typed = await pro.request('POST', `/api/invoices/${situation.id}/payments`, {
    amountCents: situation.remainingCents - half,
    paidOn: today,
    means: 'transfer'
  })
  t.equal(invoiceOf(typed).paymentStatus, 'paid', 'the situation paid by transfer, typed by hand')

  const final = await issue({ kind: 'final', quoteId })
  const finalToken = await payByCard(final, 2)
  const finalNow = await invoiceNow(pro, final.id)
  t.equal(finalNow.remainingCents, 0)
  t.equal((await view(finalToken)).paymentStatus, 'paid')
  const dashboard = (await pro.request('GET', '/api/dashboard')).json<{ receivables: { remainingCents: number; count: number } }>()
  t.same(dashboard.receivables.remainingCents, 0, 'nothing left to collect on the quote')

  // Disconnecting stops new card payments and keeps what was recorded.
  const disconnected = await pro.request('DELETE', '/api/stripe-connection')
  t.equal(disconnected.json<{ connection: { state: string } }>().connection.state, 'none')
  t.same(
    (await invoiceNow(pro, final.id)).payments.map((payment) => payment.means),
    ['card']
  )
  const rows = await db.query('select disconnected_at from paraphe.stripe_connections where company_id = $1', [pro.id])
  t.equal(rows.rows.length, 1, 'the connection’s row is kept')
})

t.test('the connection’s states, refusals, reminders and credit notes, and events that change nothing', async (t) => {
  const pro = await newUser(app)
  const invoice = await issuedDeposit(t, db, pro)
  const { token } = await sentLink(pro, invoice, 0)
  t.equal((await view(token)).cardPayment, false, 'not connected: no card')
  const refused = await checkout(token)
  t.equal(refused.statusCode, 409)
  t.match(refused.json<ErrorJson>().error, { code: 'card_payment_unavailable', message: /réglez-la par virement/ })
  t.equal((await app.inject({ method: 'POST', url: '/api/invoice-link/court/card-checkout' })).statusCode, 404, 'a malformed token')
  t.equal((await checkout('A'.repeat(43))).statusCode, 404, 'an unknown token')

  // Started, not finished at Stripe: pending; « Terminer la connexion » resumes the same account.
  const started = await pro.request('POST', '/api/stripe-connection')
  t.equal(started.statusCode, 200)
  const pending = (await pro.request('GET', '/api/stripe-connection')).json<{ connection: { state: string; accountId: string } }>()
  t.equal(pending.connection.state, 'pending')
  t.equal((await view(token)).cardPayment, false, 'pending: still no card')
  const accountsBefore = stripe.requests.filter((request) => request.path === '/v1/accounts').length
  await pro.request('POST', '/api/stripe-connection')
  t.equal(stripe.requests.filter((request) => request.path === '/v1/accounts').length, accountsBefore, 'no second account')
  stripe.setChargesEnabled(pending.connection.accountId, true)
  t.equal((await pro.request('GET', '/api/stripe-connection')).json<{ connection: { state: string } }>().connection.state, 'active')

  // The automatic reminder a week after the due date offers the card too.
  t.ok((await sendDueInvoiceReminders(db, app.config.site, daysLater(8))) >= 1)
  const [reminder] = await mails(db, pro, 'invoice-reminder')
  t.match(reminder?.text_body, /Payer par carte \(403,24\u00a0€\)/)

  // A credit note lowers what is owed: the open session goes, a new one asks the rest.
  const url = (await checkout(token)).json<{ url: string }>().url
  const credit = await pro.request('POST', `/api/invoices/${invoice.id}/credit-notes`, { creditAmountCents: 3324, issue: true })
  t.equal(credit.statusCode, 201, credit.body.slice(0, 300))
  t.equal(invoiceOf(credit).status, 'issued')
  const deadline = Date.now() + 10_000
  while (stripe.session(sessionIdOf(url))?.['status'] === 'open' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(stripe.session(sessionIdOf(url))?.['status'], 'expired', 'the session for the whole amount is expired')
  const rest = (await checkout(token)).json<{ url: string }>().url
  t.equal(stripe.session(sessionIdOf(rest))?.['amount_total'], 37_000, 'the new one asks 403,24 € less the 33,24 € credited')

  // Events that change nothing: not a Connect event, an unpaid session, a type not handled.
  const platform = stripe.signEvent('checkout.session.completed', { id: 'cs_x', object: 'checkout.session' })
  const noAccount = await app.inject({
    method: 'POST',
    url: '/api/billing/connect-webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.client.webhooks.generateTestHeaderString({
        payload: platform.payload,
        secret: stripe.connectWebhookSecret
      })
    },
    payload: platform.payload
  })
  t.equal(noAccount.statusCode, 200, 'an event of no connected account is acknowledged')
  const unpaid = stripe.signEvent(
    'checkout.session.completed',
    { id: sessionIdOf(rest), object: 'checkout.session', mode: 'payment', payment_status: 'unpaid', metadata: { invoice_id: invoice.id } },
    { account: pending.connection.accountId }
  )
  t.equal((await deliverConnect(app, unpaid)).statusCode, 200)
  t.equal(
    (await deliverConnect(app, stripe.signEvent('payout.paid', { id: 'po_1' }, { account: pending.connection.accountId }))).statusCode,
    200
  )
  t.same(await paymentRows(invoice.id), [])

  // Paid at Stripe, then a second session paid for an invoice already settled: acknowledged, not recorded twice.
  const paid = stripe.payPaymentSession(sessionIdOf(rest))
  t.equal((await deliverConnect(app, paid)).statusCode, 200)
  const late = stripe.signEvent(
    'checkout.session.completed',
    { ...(paid.event.data.object as object), id: 'cs_test_late', payment_intent: 'pi_late' },
    { account: pending.connection.accountId }
  )
  t.equal((await deliverConnect(app, late)).statusCode, 200)
  t.same(await paymentRows(invoice.id), [[37_000, 'card']], 'what is owed is never exceeded')
  // A refund event that adds nothing (the same total) records nothing.
  const paymentIntent = (paid.event.data.object as { payment_intent: string }).payment_intent
  const first = stripe.refund(paymentIntent, 1_000)
  const sameTotal = stripe.signEvent('charge.refunded', first.event.data.object as { id: string }, {
    account: pending.connection.accountId
  })
  for (const event of [first, sameTotal]) t.equal((await deliverConnect(app, event)).statusCode, 200)
  t.same(await paymentRows(invoice.id), [
    [37_000, 'card'],
    [-1_000, 'card']
  ])

  // Disconnecting: the open session goes, and the client is offered the transfer only.
  const reopened = (await checkout(token)).json<{ url: string }>().url
  t.equal((await pro.request('DELETE', '/api/stripe-connection')).statusCode, 200)
  t.equal(stripe.session(sessionIdOf(reopened))?.['status'], 'expired')
  t.equal((await view(token)).cardPayment, false)
  t.equal((await checkout(token)).statusCode, 409)
})

t.test('without card payments configured, the Connect endpoint and the connection say so', async (t) => {
  const plain = await buildWorkspaceApp(db)
  t.teardown(() => plain.close())
  const response = await plain.inject({
    method: 'POST',
    url: '/api/billing/connect-webhook',
    headers: { 'content-type': 'application/json' },
    payload: '{}'
  })
  t.equal(response.statusCode, 503)
  const pro = await newUser(plain)
  t.same((await pro.request('GET', '/api/stripe-connection')).json(), {
    connection: { available: false, state: 'none', accountId: null, connectedAt: null }
  })
  t.equal((await pro.request('POST', '/api/stripe-connection')).statusCode, 503)
})

t.test('a session gone stale without its job (a payment recorded while the gateway died) is expired by the periodic job', async (t) => {
  const pro = await newUser(app)
  await connectStripe(pro)
  const invoice = await issuedDeposit(t, db, pro)
  const { token } = await sentLink(pro, invoice, 0)
  const url = (await checkout(token)).json<{ url: string }>().url
  // A payment stored with no expiry queued behind it, as a crash between the two would leave it.
  await db.query(
    `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means) values ($1, $2, 1000, $3, 'transfer')`,
    [invoice.id, pro.id, today]
  )
  t.equal(stripe.session(sessionIdOf(url))?.['status'], 'open', 'nothing expired it yet')
  await app.jobs.queuePeriodic()
  await app.jobs.wake()
  // The other gateway may have taken the run: waited for, up to 10 s.
  const deadline = Date.now() + 10_000
  while (stripe.session(sessionIdOf(url))?.['status'] === 'open' && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20))
  t.equal(stripe.session(sessionIdOf(url))?.['status'], 'expired', 'the periodic job finds it')
  const rest = (await checkout(token)).json<{ url: string }>().url
  t.equal(stripe.session(sessionIdOf(rest))?.['amount_total'], invoice.remainingCents - 1000, 'a new session asks the rest')
})
