import t from 'tap'
import { buildApp } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { AUTH_ENV, newUser } from '../support/workspace-users.js'
import { billingApp, PUBLIC_URL, type ErrorJson } from '../subscription/billing-app.js'

const db = await testDatabase('pglite')
const { app, stripe, deliver } = await billingApp(db)

const sessionIdOf = (url: string) => url.split('/').at(-1) as string

t.test('checkout opens a Stripe Checkout session in subscription mode with exactly the agreed parameters', async (t) => {
  const user = await newUser(app)
  const response = await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'year' })
  t.equal(response.statusCode, 200)
  const { url } = response.json<{ url: string }>()
  t.match(url, new RegExp(`^${stripe.url}/c/pay/cs_test_`), 'the page is sent to Stripe’s checkout')

  const customerCreations = stripe.requests.filter((request) => request.path === '/v1/customers')
  t.same(
    customerCreations.map((request) => request.params),
    [{ email: user.email, 'metadata[company_id]': user.id }]
  )
  const customerId = (
    await db.query<{ stripe_customer_id: string }>('select stripe_customer_id from paraphe.billing_customers where company_id = $1', [
      user.id
    ])
  ).rows[0]?.stripe_customer_id
  t.match(customerId, /^cus_/, 'the customer is kept for the account')

  const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST')
  t.same(created.at(-1)?.params, {
    mode: 'subscription',
    customer: customerId,
    client_reference_id: user.id,
    locale: 'fr',
    'automatic_tax[enabled]': 'false',
    'line_items[0][price]': 'price_pro_year',
    'line_items[0][quantity]': '1',
    success_url: `${PUBLIC_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${PUBLIC_URL}/cancel`,
    'metadata[company_id]': user.id,
    'metadata[plan]': 'pro',
    'metadata[interval]': 'year',
    'subscription_data[metadata][company_id]': user.id,
    'subscription_data[metadata][plan]': 'pro',
    'subscription_data[metadata][interval]': 'year'
  })

  const again = await user.request('POST', '/api/billing/checkout', { plan: 'entreprise', interval: 'month' })
  t.equal(again.statusCode, 200)
  t.equal(stripe.requests.filter((request) => request.path === '/v1/customers').length, 1, 'the second checkout reuses the customer')
  const second = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions' && request.method === 'POST').at(-1)
  t.equal(second?.params['customer'], customerId)
  t.equal(second?.params['line_items[0][price]'], 'price_entreprise_month')
})

t.test('checkout refuses an unknown plan and an account that already pays', async (t) => {
  const user = await newUser(app)
  const free = await user.request('POST', '/api/billing/checkout', { plan: 'decouverte', interval: 'month' })
  t.equal(free.statusCode, 400, 'the free plan is not bought')
  const { url } = (await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })).json<{ url: string }>()
  for (const event of stripe.completeSession(sessionIdOf(url))) t.equal((await deliver(event)).statusCode, 200)
  const twice = await user.request('POST', '/api/billing/checkout', { plan: 'entreprise', interval: 'year' })
  t.equal(twice.statusCode, 409)
  t.equal(twice.json<ErrorJson>().error.code, 'already_subscribed')
})

t.test('/success: the own session is pending, then active once the webhook landed; foreign and unknown ones are 404', async (t) => {
  const user = await newUser(app)
  const stranger = await newUser(app)
  const { url } = (await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })).json<{ url: string }>()
  const sessionId = sessionIdOf(url)

  const pending = await user.request('GET', `/api/billing/checkout/${sessionId}`)
  t.equal(pending.statusCode, 200)
  t.same(pending.json(), { status: 'pending', plan: { id: 'pro', name: 'Pro' }, interval: 'month' })
  t.ok(
    stripe.requests.some((request) => request.method === 'GET' && request.path === `/v1/checkout/sessions/${sessionId}`),
    'verified with Stripe'
  )

  for (const event of stripe.completeSession(sessionId)) t.equal((await deliver(event)).statusCode, 200)
  const active = await user.request('GET', `/api/billing/checkout/${sessionId}`)
  t.same(active.json(), { status: 'active', plan: { id: 'pro', name: 'Pro' }, interval: 'month' })

  const foreign = await stranger.request('GET', `/api/billing/checkout/${sessionId}`)
  t.equal(foreign.statusCode, 404, 'another account’s session is not shown')
  t.match(foreign.json<ErrorJson>().error.message, /introuvable/)
  const unknown = await user.request('GET', '/api/billing/checkout/cs_test_doesnotexist')
  t.equal(unknown.statusCode, 404)
  t.match(unknown.json<ErrorJson>().error.message, /introuvable/)
  t.equal((await user.request('GET', '/api/billing/checkout/not-a-session')).statusCode, 404, 'a malformed id never reaches Stripe')
})

t.test('the customer portal returns to /espace/abonnement; an account that never paid has none', async (t) => {
  const user = await newUser(app)
  const none = await user.request('POST', '/api/billing/portal')
  t.equal(none.statusCode, 404)
  t.equal(none.json<ErrorJson>().error.code, 'no_customer')

  await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })
  const portal = await user.request('POST', '/api/billing/portal')
  t.equal(portal.statusCode, 200)
  t.match(portal.json<{ url: string }>().url, new RegExp(`^${stripe.url}/p/session/bps_`))
  const sent = stripe.requests.filter((request) => request.path === '/v1/billing_portal/sessions').at(-1)
  const customerId = (
    await db.query<{ stripe_customer_id: string }>('select stripe_customer_id from paraphe.billing_customers where company_id = $1', [
      user.id
    ])
  ).rows[0]?.stripe_customer_id
  t.same(sent?.params, { customer: customerId, return_url: `${PUBLIC_URL}/espace/abonnement`, locale: 'fr' })
})

t.test('GET /api/billing/subscription shows the free plan and its usage before any payment', async (t) => {
  const user = await newUser(app)
  const response = await user.request('GET', '/api/billing/subscription')
  t.equal(response.statusCode, 200)
  t.same(response.json(), {
    plan: { id: 'decouverte', name: 'Découverte' },
    status: 'free',
    interval: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    paymentFailed: false,
    usage: { quotesSentThisMonth: 0, quotesPerMonth: 3 },
    paymentsEnabled: true,
    canManage: true
  })
})

t.test('without Stripe keys: plans still answer, billing routes say payment is not configured', async (t) => {
  const plain = await buildApp(AUTH_ENV, { database: db })
  t.teardown(() => plain.close())
  const plans = await plain.inject({ method: 'GET', url: '/api/plans' })
  t.equal(plans.statusCode, 200)
  t.equal(plans.json<{ checkoutAvailable: boolean }>().checkoutAvailable, false)
  const user = await newUser(plain)
  for (const [method, url, body] of [
    ['POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' }],
    ['GET', '/api/billing/checkout/cs_test_abc', undefined],
    ['POST', '/api/billing/portal', undefined]
  ] as const) {
    const response = await user.request(method, url, body)
    t.equal(response.statusCode, 503, `${method} ${url}`)
    t.same(response.json(), {
      error: { code: 'payments_not_configured', message: 'Le paiement en ligne n’est pas configuré sur cette instance.' }
    })
  }
  const webhook = await plain.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    payload: '{}'
  })
  t.equal(webhook.statusCode, 503)
  const subscription = await user.request('GET', '/api/billing/subscription')
  t.equal(subscription.statusCode, 200)
  t.equal(subscription.json<{ paymentsEnabled: boolean }>().paymentsEnabled, false)
})

t.test('the stand-in’s hosted checkout pays, delivers the signed webhooks and returns to /success', async (t) => {
  const user = await newUser(app)
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  stripe.setWebhookUrl(`${address}/api/billing/webhook`)
  t.teardown(() => stripe.setWebhookUrl(null))
  const { url } = (await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })).json<{ url: string }>()
  const page = await fetch(url)
  t.equal(page.status, 200)
  t.match(await page.text(), /<button type="submit">Payer<\/button>/)
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' })
  t.equal(paid.status, 303)
  const sessionId = sessionIdOf(url)
  t.equal(paid.headers.get('location'), `${PUBLIC_URL}/success?session_id=${sessionId}`)
  t.same((await user.request('GET', `/api/billing/checkout/${sessionId}`)).json(), {
    status: 'active',
    plan: { id: 'pro', name: 'Pro' },
    interval: 'month'
  })
  t.equal((await fetch(`${stripe.url}/c/pay/cs_test_unknown`)).status, 404)
})

t.test('Stripe unreachable: checkout answers 502 in French, nothing is half-recorded', async (t) => {
  const user = await newUser(app)
  const customer = await newUser(app)
  const { url } = (await customer.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })).json<{ url: string }>()
  await stripe.close()
  for (const [method, path] of [
    ['GET', `/api/billing/checkout/${sessionIdOf(url)}`],
    ['POST', '/api/billing/portal']
  ] as const) {
    const down = await customer.request(method, path)
    t.equal(down.statusCode, 502, `${method} ${path}`)
    t.equal(down.json<ErrorJson>().error.code, 'payment_provider_unavailable')
  }
  const response = await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })
  t.equal(response.statusCode, 502)
  t.match(response.json<ErrorJson>().error.message, /paiement ne répond pas/)
  const kept = await db.query('select 1 from paraphe.billing_customers where company_id = $1', [user.id])
  t.equal(kept.rows.length, 0)
})
