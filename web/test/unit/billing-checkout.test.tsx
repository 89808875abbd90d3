// The remembered plan choice and what a click on a paid plan does, against the real gateway:
// one with Stripe (its official client pointed at the loopback stand-in) and one without keys.
// Also the gateway answers the billing pages read: a session before and after the webhook, a
// foreign or unknown session, the subscription with its usage, the customer portal.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { paths } from '@paraphe/shared/paths'
import { buildApp } from '../../../gateway/test/helper.js'
import { startStripeStandIn, type SignedEvent } from '../../../gateway/test/support/stripe-stand-in.js'
import { AUTH_ENV, newUser } from '../../../gateway/test/support/workspace-users.js'
import { ApiError, createApiClient, type ApiClient } from '@/lib/api-client'
import { billingApi } from '@/features/billing/api/billing-api'
import { followCheckout, POLL_ATTEMPTS, POLL_INTERVAL_MS, type SuccessState } from '@/features/billing/lib/confirmation-polling'
import { choiceFromSearch, resumeHref, signUpHref } from '@/features/pricing/lib/checkout-choice'
import { startCheckout } from '@/features/pricing/lib/start-checkout'
import { redirectFromSearch, rememberRedirect, takeRememberedRedirect } from '@/features/auth/lib/redirect'

const PRICES = {
  STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
  STRIPE_PRICE_ENTREPRISE_MONTH: 'price_entreprise_month',
  STRIPE_PRICE_ENTREPRISE_YEAR: 'price_entreprise_year'
}

const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())
const paid = await buildApp(
  {
    ...AUTH_ENV,
    ...PRICES,
    PUBLIC_URL: 'https://devis.example.fr',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret
  },
  { stripe: stripe.client }
)
const free = await buildApp({ ...AUTH_ENV })
t.teardown(() => paid.close())
t.teardown(() => free.close())

async function listening(app: FastifyInstance): Promise<typeof fetch> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  // The browser resolves '/api/…' against the page; Node needs the origin.
  return (input, init) => fetch(new URL(String(input), origin), init)
}
const paidFetch = await listening(paid)
const freeFetch = await listening(free)

async function client(app: FastifyInstance, fetcher: typeof fetch): Promise<{ api: ApiClient; token: string; id: string }> {
  const user = await newUser(app)
  return { api: createApiClient({ getAccessToken: async () => user.token, fetch: fetcher }), token: user.token, id: user.id }
}

async function deliver(signed: SignedEvent): Promise<void> {
  const response = await paid.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signed.signature },
    payload: signed.payload
  })
  if (response.statusCode !== 200) throw new Error(`webhook refused: ${response.body}`)
}

t.test('the choice travels in the address, and only a paid plan with a known interval counts', async (t) => {
  t.same(choiceFromSearch('?plan=pro&interval=year'), { plan: 'pro', interval: 'year' })
  t.same(choiceFromSearch('?interval=month&plan=entreprise&x=1'), { plan: 'entreprise', interval: 'month' })
  t.equal(choiceFromSearch('?plan=decouverte&interval=month'), null, 'the free plan has no checkout')
  t.equal(choiceFromSearch('?plan=gold&interval=month'), null)
  t.equal(choiceFromSearch('?plan=pro&interval=week'), null)
  t.equal(choiceFromSearch('?plan=pro'), null)
  t.equal(choiceFromSearch(''), null)
  const choice = { plan: 'pro', interval: 'year' } as const
  t.equal(resumeHref(choice), '/tarifs?plan=pro&interval=year')
  const signUp = signUpHref(choice)
  t.equal(signUp, '/inscription?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear')
  // Sign-up, the e-mail link and sign-in read it back with the same safe redirect.
  const back = redirectFromSearch(new URL(signUp, 'https://x.invalid').search)
  t.equal(back, '/tarifs?plan=pro&interval=year')
  t.same(choiceFromSearch(new URL(back, 'https://x.invalid').search), choice, 'and /tarifs finds the choice again')
  t.equal(paths.confirmEmail.href(back), '/confirm-email?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear')
})

t.test('a click on a paid plan', async (t) => {
  const signedIn = await client(paid, paidFetch)
  const deps = { paymentsEnabled: true, api: signedIn.api, getAccessToken: async () => signedIn.token }

  t.same(
    await startCheckout({ ...deps, paymentsEnabled: false }, { plan: 'pro', interval: 'month' }),
    { kind: 'unavailable' },
    'payments off: said at once'
  )
  const before = stripe.requests.length
  t.same(
    await startCheckout({ ...deps, getAccessToken: async () => null }, { plan: 'pro', interval: 'year' }),
    { kind: 'sign-in-first', href: '/inscription?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear' },
    'a visitor signs up first, the choice goes along'
  )
  t.same(
    await startCheckout(
      { ...deps, getAccessToken: async () => Promise.reject(new Error('supabase-js did not load')) },
      { plan: 'pro', interval: 'year' }
    ),
    { kind: 'sign-in-first', href: '/inscription?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dyear' }
  )
  t.equal(stripe.requests.length, before, 'nothing asked of Stripe for a visitor')

  const outcome = await startCheckout(deps, { plan: 'pro', interval: 'year' })
  t.equal(outcome.kind, 'redirecting')
  t.match(outcome, { url: new RegExp(`^${stripe.url}/c/pay/cs_test_`) }, 'Stripe’s checkout page')
  const created = stripe.requests.filter((request) => request.path === '/v1/checkout/sessions').at(-1)
  t.match(created?.params, { 'line_items[0][price]': 'price_pro_year', client_reference_id: signedIn.id, locale: 'fr' })

  const stranger = await startCheckout(
    { ...deps, api: createApiClient({ getAccessToken: async () => 'not-a-token', fetch: paidFetch }) },
    { plan: 'pro', interval: 'month' }
  )
  t.same(
    stranger,
    { kind: 'sign-in-first', href: '/connexion?redirectTo=%2Ftarifs%3Fplan%3Dpro%26interval%3Dmonth' },
    'an expired session signs in again'
  )

  const offline = await startCheckout(
    {
      ...deps,
      api: createApiClient({ getAccessToken: async () => 'x', fetch: async () => Promise.reject(new TypeError('fetch failed')) })
    },
    { plan: 'pro', interval: 'month' }
  )
  t.same(offline, { kind: 'failed', message: 'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.' })
  const broken = await startCheckout(
    { ...deps, api: { ...signedIn.api, post: async () => Promise.reject(new Error('bug')) } },
    { plan: 'pro', interval: 'month' }
  )
  t.same(broken, { kind: 'failed', message: 'Le serveur n’a pas pu traiter la demande. Réessayez dans un instant.' })
})

t.test('without Stripe keys the gateway refuses and the page says payment is not configured', async (t) => {
  const signedIn = await client(free, freeFetch)
  const refused = await billingApi.portal(signedIn.api).catch((error: unknown) => error)
  t.ok(refused instanceof ApiError)
  const outcome = await startCheckout(
    { paymentsEnabled: true, api: signedIn.api, getAccessToken: async () => signedIn.token },
    { plan: 'pro', interval: 'month' }
  )
  t.same(outcome, { kind: 'unavailable' }, '503 payments_not_configured')
  const subscription = await billingApi.subscription(signedIn.api)
  t.match(subscription, {
    plan: { id: 'decouverte', name: 'Découverte' },
    paymentsEnabled: false,
    usage: { quotesSentThisMonth: 0, quotesPerMonth: 3 }
  })
})

t.test('after paying: pending until the webhook, then active; foreign and unknown sessions; portal; already subscribed', async (t) => {
  const buyer = await client(paid, paidFetch)
  const outcome = await startCheckout(
    { paymentsEnabled: true, api: buyer.api, getAccessToken: async () => buyer.token },
    { plan: 'pro', interval: 'month' }
  )
  if (outcome.kind !== 'redirecting') throw new Error(`no checkout: ${JSON.stringify(outcome)}`)
  const sessionId = outcome.url.split('/').at(-1)!

  t.match(await billingApi.checkoutSession(buyer.api, sessionId), {
    status: 'pending',
    plan: { id: 'pro', name: 'Pro' },
    interval: 'month'
  })
  const noCustomer = await billingApi.portal((await client(paid, paidFetch)).api).catch((error: unknown) => error)
  t.match(noCustomer, { status: 404, code: 'no_customer' }, 'no portal for an account that never paid')

  for (const event of stripe.completeSession(sessionId)) await deliver(event)
  t.match(await billingApi.checkoutSession(buyer.api, sessionId), { status: 'active', plan: { name: 'Pro' } })

  const other = await client(paid, paidFetch)
  const foreign = await billingApi.checkoutSession(other.api, sessionId).catch((error: unknown) => error)
  t.ok(foreign instanceof ApiError && foreign.status === 404, 'another user’s session is unknown to them')
  t.match((foreign as ApiError).message, /[éè]|introuvable|paiement/i, 'in French')
  const unknown = await billingApi.checkoutSession(buyer.api, 'cs_test_nope').catch((error: unknown) => error)
  t.match(unknown, { status: 404 })

  const subscription = await billingApi.subscription(buyer.api)
  t.match(subscription, {
    plan: { id: 'pro' },
    status: 'active',
    interval: 'month',
    paymentFailed: false,
    paymentsEnabled: true,
    usage: { quotesPerMonth: null }
  })
  t.match(subscription.currentPeriodEnd, /^\d{4}-\d{2}-\d{2}T/)
  t.match(await billingApi.portal(buyer.api), { url: new RegExp(`^${stripe.url}/p/session/`) })

  const again = await startCheckout(
    { paymentsEnabled: true, api: buyer.api, getAccessToken: async () => buyer.token },
    { plan: 'entreprise', interval: 'year' }
  )
  t.equal(again.kind, 'already-subscribed', '409: the portal is the way to change')
  t.match(again, { message: /./ })
})

t.test('/success follows a session: pending until the webhook, then active; gives up after a minute; refusals', async (t) => {
  const buyer = await client(paid, paidFetch)
  const outcome = await startCheckout(
    { paymentsEnabled: true, api: buyer.api, getAccessToken: async () => buyer.token },
    { plan: 'pro', interval: 'year' }
  )
  if (outcome.kind !== 'redirecting') throw new Error(`no checkout: ${JSON.stringify(outcome)}`)
  const sessionId = outcome.url.split('/').at(-1)!
  const follow = async (overrides: Partial<Parameters<typeof followCheckout>[0]> = {}) => {
    const states: SuccessState[] = []
    const waits: number[] = []
    await followCheckout({
      signedIn: async () => true,
      ask: (signal) => billingApi.checkoutSession(buyer.api, sessionId, signal),
      wait: async (ms) => void waits.push(ms),
      report: (state) => void states.push(state),
      signal: new AbortController().signal,
      ...overrides
    })
    return { states, waits }
  }

  const givingUp = await follow()
  t.equal(givingUp.states.length, 1 + POLL_ATTEMPTS, 'checking, then one « pending » per answer')
  t.same(givingUp.states[0], { kind: 'checking' })
  t.same(givingUp.states[1], { kind: 'pending', planName: 'Pro', gaveUp: false })
  t.same(givingUp.states.at(-1), { kind: 'pending', planName: 'Pro', gaveUp: true }, 'then the manual « Actualiser »')
  t.same(new Set(givingUp.waits), new Set([POLL_INTERVAL_MS]))

  // The webhook lands while the page waits between two questions.
  let delivered = false
  const confirmed = await follow({
    wait: async () => {
      if (delivered) return
      delivered = true
      for (const event of stripe.completeSession(sessionId)) await deliver(event)
    }
  })
  t.same(confirmed.states, [{ kind: 'checking' }, { kind: 'pending', planName: 'Pro', gaveUp: false }, { kind: 'active', planName: 'Pro' }])

  t.same((await follow({ signedIn: async () => false })).states, [{ kind: 'signed-out' }])
  t.same((await follow({ signedIn: async () => Promise.reject(new Error('offline')) })).states, [{ kind: 'signed-out' }])
  const stranger = await client(paid, paidFetch)
  const foreign = await follow({ ask: (signal) => billingApi.checkoutSession(stranger.api, sessionId, signal) })
  t.match(foreign.states.at(-1), { kind: 'unknown', message: /\p{L}/u }, 'another account’s session')
  const expired = await follow({
    ask: (signal) => billingApi.checkoutSession(createApiClient({ getAccessToken: async () => 'x', fetch: paidFetch }), sessionId, signal)
  })
  t.same(expired.states.at(-1), { kind: 'signed-out' }, 'a token the gateway refuses: sign in again')
  const down = await follow({ ask: async () => Promise.reject(new ApiError(0, 'network_error', 'Le serveur ne répond pas.')) })
  t.same(down.states.at(-1), { kind: 'failed', message: 'Le serveur ne répond pas.' })
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a non-Error rejection is the case under test
  const odd = await follow({ ask: async () => Promise.reject('bizarre') })
  t.same(odd.states.at(-1), { kind: 'failed', message: 'bizarre' })

  // The page went away: nothing more is reported.
  const controller = new AbortController()
  const left = await follow({
    signal: controller.signal,
    ask: async () => ({ status: 'pending', plan: { id: 'pro', name: 'Pro' }, interval: 'year' }),
    wait: async () => controller.abort()
  })
  t.same(left.states, [{ kind: 'checking' }, { kind: 'pending', planName: 'Pro', gaveUp: false }])
  const gone = new AbortController()
  gone.abort()
  t.same((await follow({ signal: gone.signal })).states, [], 'aborted before the session check')
  const abortedAnswer = new AbortController()
  const quiet = await follow({
    signal: abortedAnswer.signal,
    ask: async () => {
      abortedAnswer.abort()
      return { status: 'active', plan: { id: 'pro', name: 'Pro' }, interval: 'year' }
    }
  })
  t.same(quiet.states, [{ kind: 'checking' }])
  const abortedError = new AbortController()
  const silent = await follow({
    signal: abortedError.signal,
    ask: async () => {
      abortedError.abort()
      throw new Error('aborted')
    }
  })
  t.same(silent.states, [{ kind: 'checking' }])
})

t.test('the sign-up remembers the checkout in this browser for e-mail links that drop the query', async (t) => {
  const store = new Map<string, string>()
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key)
  }
  const now = Date.parse('2026-11-21T10:00:00Z')
  rememberRedirect('/tarifs?plan=pro&interval=year', storage, now)
  t.equal(takeRememberedRedirect(storage, now + 60_000), '/tarifs?plan=pro&interval=year')
  t.equal(takeRememberedRedirect(storage, now + 60_000), undefined, 'used once')
  rememberRedirect('/tarifs?plan=pro&interval=year', storage, now)
  t.equal(takeRememberedRedirect(storage, now + 25 * 3600 * 1000), undefined, 'forgotten after a day')
  rememberRedirect('//evil.example/x', storage, now)
  t.equal(takeRememberedRedirect(storage, now), '/espace', 'another site is never a target')
  store.set('paraphe.after-signup', '{not json')
  t.equal(takeRememberedRedirect(storage, now), undefined)
  store.set('paraphe.after-signup', JSON.stringify({ to: 'https://evil.example', at: now }))
  t.equal(takeRememberedRedirect(storage, now), undefined)
  t.equal(takeRememberedRedirect(null, now), undefined, 'no storage in this browser')
  t.equal(takeRememberedRedirect(), undefined, 'Node has no localStorage')
  rememberRedirect('/tarifs', null)
  const full = {
    ...storage,
    setItem: () => {
      throw new Error('QuotaExceededError')
    }
  }
  t.doesNotThrow(() => rememberRedirect('/tarifs', full, now))
})
