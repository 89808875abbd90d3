import t from 'tap'
import type { Database } from '../../src/db/database.js'
import { forEachEngine, testDatabase } from '../support/databases.js'
import { newUser, type TestUser } from '../support/workspace-users.js'
import { billingApp, type BillingHarness, type ErrorJson } from './billing-app.js'

const db = await testDatabase('pglite')
const harness = await billingApp(db)
const { app, stripe, deliver } = harness

interface SubscriptionJson {
  plan: { id: string; name: string }
  status: string
  interval: string | null
  currentPeriodEnd: string | null
  cancelAtPeriodEnd: boolean
  paymentFailed: boolean
}

/** A user who went through checkout; returns the signed events Stripe would send. */
async function paidCheckout(h: BillingHarness, user: TestUser, plan: 'pro' | 'entreprise' = 'pro', created?: number) {
  const { url } = (await user.request('POST', '/api/billing/checkout', { plan, interval: 'month' })).json<{ url: string }>()
  const events = h.stripe.completeSession(url.split('/').at(-1) as string, created === undefined ? {} : { created })
  const subscriptionId = (events[1]?.event.data.object as { id: string }).id
  return { events, subscriptionId }
}

const subscriptionOf = async (user: TestUser) => (await user.request('GET', '/api/billing/subscription')).json<SubscriptionJson>()

t.test('a valid signed event is applied: the subscription mirror drives the plan', async (t) => {
  const user = await newUser(app)
  const { events } = await paidCheckout(harness, user, 'entreprise')
  for (const event of events) {
    const response = await deliver(event)
    t.equal(response.statusCode, 200)
    t.same(response.json(), { received: true })
  }
  const subscription = await subscriptionOf(user)
  t.same(subscription.plan, { id: 'entreprise', name: 'Entreprise' })
  t.equal(subscription.status, 'active')
  t.equal(subscription.interval, 'month')
  t.ok(subscription.currentPeriodEnd !== null && Date.parse(subscription.currentPeriodEnd) > Date.now(), 'renewal date in the future')
})

t.test('a bad signature is refused with 400 and changes nothing', async (t) => {
  const user = await newUser(app)
  const { events } = await paidCheckout(harness, user)
  const created = events[1]!
  const forged = stripe.client.webhooks.generateTestHeaderString({ payload: created.payload, secret: 'whsec_not_the_right_secret' })
  for (const signature of [forged, 't=1,v1=deadbeef', '']) {
    const response = await deliver(created, signature)
    t.equal(response.statusCode, 400)
    t.match(response.json<ErrorJson>().error, { code: 'bad_signature', message: /Signature Stripe invalide/ })
  }
  const tampered = await app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': created.signature },
    payload: created.payload.replace('"active"', '"trialing"')
  })
  t.equal(tampered.statusCode, 400, 'a body changed after signing is refused')
  t.equal((await subscriptionOf(user)).plan.id, 'decouverte')
})

forEachEngine('a replayed event is processed once', async (t, engineDb: Database) => {
  const h = await billingApp(engineDb)
  const user = await newUser(h.app)
  const { events, subscriptionId } = await paidCheckout(h, user)
  for (const event of events) t.equal((await h.deliver(event)).statusCode, 200)
  const failed = h.stripe.invoiceEvent(subscriptionId, 'invoice.payment_failed')
  for (let attempt = 0; attempt < 3; attempt += 1) t.equal((await h.deliver(failed)).statusCode, 200, 'Stripe gets its 2xx each time')
  const mails = await engineDb.query(`select 1 from paraphe.outbox where company_id = $1 and kind = 'payment-failed'`, [user.id])
  t.equal(mails.rows.length, 1, 'one e-mail, not three')
  const recorded = await engineDb.query('select 1 from paraphe.stripe_events where id = $1', [failed.event.id])
  t.equal(recorded.rows.length, 1)
})

t.test('out of order: an older subscription event arriving late is ignored', async (t) => {
  const user = await newUser(app)
  const start = Math.floor(Date.now() / 1000) - 600
  const { events, subscriptionId } = await paidCheckout(harness, user, 'pro', start)
  for (const event of events) await deliver(event)
  // Stripe sent "cancel at period end" then "switched to Entreprise"; they arrive reversed.
  const older = stripe.updateSubscription(subscriptionId, { cancelAtPeriodEnd: true }, { created: start + 60 })
  const newer = stripe.updateSubscription(
    subscriptionId,
    { cancelAtPeriodEnd: false, price: 'price_entreprise_month' },
    { created: start + 120 }
  )
  t.equal((await deliver(newer)).statusCode, 200)
  t.equal((await deliver(older)).statusCode, 200, 'the late one is acknowledged')
  const subscription = await subscriptionOf(user)
  t.equal(subscription.plan.id, 'entreprise', 'the newer state stays')
  t.equal(subscription.cancelAtPeriodEnd, false)

  const deleted = stripe.updateSubscription(
    subscriptionId,
    { status: 'canceled' },
    { created: start + 180, type: 'customer.subscription.deleted' }
  )
  await deliver(deleted)
  t.equal((await subscriptionOf(user)).plan.id, 'decouverte', 'a deleted subscription returns the account to Découverte')
})

t.test('an event type outside the whitelist is acknowledged and ignored', async (t) => {
  const user = await newUser(app)
  const { events } = await paidCheckout(harness, user)
  const object = events[1]!.event.data.object as unknown as Record<string, unknown> & { id: string }
  const unknown = stripe.signEvent('customer.subscription.paused', { ...object, status: 'paused' })
  const response = await deliver(unknown)
  t.equal(response.statusCode, 200)
  t.same(response.json(), { received: true })
  t.equal((await db.query('select 1 from paraphe.stripe_events where id = $1', [unknown.event.id])).rows.length, 0, 'not recorded')
  t.equal((await db.query('select 1 from paraphe.subscriptions where company_id = $1', [user.id])).rows.length, 0, 'no effect')
})

t.test('payment failed: the professional gets a French e-mail and sees it; a paid invoice clears it', async (t) => {
  const user = await newUser(app)
  const { events, subscriptionId } = await paidCheckout(harness, user)
  for (const event of events) await deliver(event)
  const failedAt = Math.floor(Date.now() / 1000)
  t.equal((await deliver(stripe.invoiceEvent(subscriptionId, 'invoice.payment_failed', { created: failedAt }))).statusCode, 200)
  const { rows } = await db.query<{ recipient: string; subject: string; text_body: string }>(
    `select recipient, subject, text_body from paraphe.outbox where company_id = $1 and kind = 'payment-failed'`,
    [user.id]
  )
  t.equal(rows.length, 1)
  t.equal(rows[0]?.recipient, user.email, 'sent to the account’s address')
  t.equal(rows[0]?.subject, 'Échec du paiement de votre abonnement Pro')
  t.match(rows[0]?.text_body, /Nous n’avons pas pu encaisser.*\n[\s\S]*https:\/\/devis\.example\.fr\/espace\/abonnement/)
  const failing = await subscriptionOf(user)
  t.equal(failing.paymentFailed, true)
  t.equal(failing.plan.id, 'pro', 'the plan stays while Stripe retries')

  await deliver(stripe.invoiceEvent(subscriptionId, 'invoice.paid', { created: failedAt + 60 }))
  t.equal((await subscriptionOf(user)).paymentFailed, false, 'paid: the warning goes away')
})

t.test('a completed checkout while Stripe is unreachable: 502 and nothing recorded, so Stripe’s retry still counts', async (t) => {
  const h = await billingApp(db)
  const user = await newUser(h.app)
  const { events } = await paidCheckout(h, user)
  const completed = events[0]!
  await h.stripe.close()
  const down = await h.deliver(completed)
  t.equal(down.statusCode, 502, 'Stripe will deliver it again')
  t.equal((await db.query('select 1 from paraphe.stripe_events where id = $1', [completed.event.id])).rows.length, 0)
})

t.test('events Paraphe cannot tie to an account or a price are acknowledged and change nothing', async (t) => {
  const user = await newUser(app)
  const { subscriptionId } = await paidCheckout(harness, user)
  const known = stripe.subscription(subscriptionId)
  if (known === undefined) throw new Error('no subscription in the stand-in')
  const before = await subscriptionOf(user)
  const owner = await db.query<{ company_id: string }>(`select company_id from paraphe.billing_customers where stripe_customer_id = $1`, [
    known['customer']
  ])
  const companyId = owner.rows[0]?.company_id ?? ''
  t.not(companyId, '', 'the checkout recorded its customer')
  const odd = [
    // A customer nobody here knows, without metadata.
    stripe.signEvent('customer.subscription.updated', { ...known, id: 'sub_elsewhere', metadata: {}, customer: 'cus_elsewhere' }),
    // A known account, but a price Paraphe does not sell.
    stripe.signEvent('customer.subscription.updated', {
      ...known,
      metadata: { company_id: companyId },
      items: { object: 'list', data: [{ price: { id: 'price_not_ours' }, current_period_end: 1_900_000_000 }] }
    }),
    // No item at all, and no customer.
    stripe.signEvent('customer.subscription.updated', { ...known, metadata: {}, customer: null, items: { object: 'list', data: [] } }),
    // Invoices of no customer, or of a customer nobody here knows.
    stripe.signEvent('invoice.paid', {
      id: 'in_orphan',
      object: 'invoice',
      customer: null,
      customer_email: null,
      status: 'paid',
      created: 1_800_000_000
    }),
    stripe.signEvent('invoice.payment_failed', {
      id: 'in_stranger',
      object: 'invoice',
      customer: 'cus_elsewhere',
      customer_email: 'x@example.org',
      status: 'open',
      created: 1_800_000_000
    }),
    // A kind of event Paraphe does not listen to.
    stripe.signEvent('customer.updated', { id: 'cus_elsewhere', object: 'customer' })
  ]
  for (const event of odd) {
    const response = await deliver(event)
    t.equal(response.statusCode, 200, `${event.event.type} acknowledged, so Stripe does not retry it`)
  }
  t.same(await subscriptionOf(user), before, 'the subscription as it was')
  const mails = await db.query(`select 1 from paraphe.outbox where kind = 'payment-failed' and recipient = 'x@example.org'`)
  t.equal(mails.rowCount, 0, 'no e-mail to a stranger')
})
