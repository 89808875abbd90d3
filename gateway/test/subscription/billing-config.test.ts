import t from 'tap'
import Stripe from 'stripe'
import { buildApp } from '../helper.js'
import { loadConfig } from '../../src/config.js'
import { PRICES } from './billing-app.js'
import { problemsOf } from '../support/config-problems.js'

const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_live_51AbCdEf', STRIPE_WEBHOOK_SECRET: 'whsec_AbCdEf123', ...PRICES }

t.test('without any STRIPE_* variable, online payment is simply off', async (t) => {
  const config = loadConfig({ STRIPE_SECRET_KEY: '  ' })
  t.equal(config.billing, null)
  t.equal(config.runtime.paymentsEnabled, false)
})

t.test('all six variables turn payment on, with each plan’s price per interval', async (t) => {
  const config = loadConfig(STRIPE_ENV)
  t.equal(config.runtime.paymentsEnabled, true)
  t.same(config.billing, {
    secretKey: 'sk_live_51AbCdEf',
    webhookSecret: 'whsec_AbCdEf123',
    connectWebhookSecret: null,
    prices: {
      pro: { month: 'price_pro_month', year: 'price_pro_year' },
      entreprise: { month: 'price_entreprise_month', year: 'price_entreprise_year' }
    }
  })
})

t.test('a partial or malformed Stripe setup is reported with every other problem', async (t) => {
  const problems = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_PRO_MONTH: 'price_1', PORT: 'x' })
  t.ok(
    problems.some((problem) => problem.startsWith('PORT')),
    'the other problem too'
  )
  const partial = problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PRICE_PRO_MONTH: 'price_1' })
  t.same(partial, [
    'STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO_YEAR, STRIPE_PRICE_ENTREPRISE_MONTH, STRIPE_PRICE_ENTREPRISE_YEAR: required when another STRIPE_* variable is set (online payment needs all six)'
  ])
  const malformed = problemsOf({ ...STRIPE_ENV, STRIPE_SECRET_KEY: 'pk_live_publishable', STRIPE_PRICE_PRO_YEAR: 'prod_123' })
  t.equal(malformed.length, 2)
  t.match(malformed, [/^STRIPE_SECRET_KEY/, /^STRIPE_PRICE_PRO_YEAR/])
})

t.test('production refuses the example values of the documentation', async (t) => {
  const problems = problemsOf({
    NODE_ENV: 'production',
    ...STRIPE_ENV,
    STRIPE_SECRET_KEY: 'sk_live_xxxxxxxxxxxx',
    STRIPE_PRICE_PRO_MONTH: 'price_example_pro'
  })
  t.ok(problems.includes('STRIPE_SECRET_KEY: this is an example value; copy yours from the Stripe dashboard'))
  t.ok(problems.includes('STRIPE_PRICE_PRO_MONTH: this is an example value; copy yours from the Stripe dashboard'))
  t.notOk(problems.some((problem) => problem.startsWith('STRIPE_WEBHOOK_SECRET')))
  // The same values are accepted outside production (a developer's test dashboard).
  t.equal(loadConfig({ ...STRIPE_ENV, STRIPE_PRICE_PRO_MONTH: 'price_example_pro' }).runtime.paymentsEnabled, true)
})

t.test('card payment of invoices: the Connect endpoint secret, with the six, and a live key in production', async (t) => {
  const on = loadConfig({ ...STRIPE_ENV, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_Connect123' })
  t.equal(on.billing?.connectWebhookSecret, 'whsec_Connect123')
  t.equal(on.site.cardPayments, true, 'invoice e-mails may offer the card')
  t.equal(loadConfig(STRIPE_ENV).site.cardPayments, false, 'off without it')
  t.same(problemsOf({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_Connect123' }), [
    'STRIPE_CONNECT_WEBHOOK_SECRET: card payments need the other STRIPE_* variables'
  ])
  const production = problemsOf({
    NODE_ENV: 'production',
    ...STRIPE_ENV,
    STRIPE_SECRET_KEY: 'sk_test_51AbCdEf',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_standin_connect_secret_for_tests'
  })
  t.ok(
    production.includes('STRIPE_CONNECT_WEBHOOK_SECRET: this is an example value; copy yours from the Stripe dashboard'),
    'the tests’ secret'
  )
  t.ok(
    production.some((problem) => problem.startsWith('STRIPE_SECRET_KEY: a test key cannot take card payments in production')),
    'test payments would mark real invoices paid'
  )
  // A test key without card payments stays accepted (paid plans tried on a staging instance).
  t.notOk(
    problemsOf({ NODE_ENV: 'production', ...STRIPE_ENV, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf' }).some((problem) =>
      problem.startsWith('STRIPE_')
    )
  )
})

t.test('configured, the app builds its own Stripe client and /api/plans offers checkout', async (t) => {
  const app = await buildApp({ ...STRIPE_ENV, STRIPE_SECRET_KEY: 'sk_test_51AbCdEf' })
  t.teardown(() => app.close())
  t.ok(app.stripe instanceof Stripe, 'a real client, from the secret key')
  const plans = await app.inject({ method: 'GET', url: '/api/plans' })
  t.equal(plans.json<{ checkoutAvailable: boolean }>().checkoutAvailable, true)
})
