// A workspace app taking card payments: Stripe (paid plans and Connect) configured, its client
// pointed at the stand-in; helpers to connect a professional's account and deliver Connect events.
import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Database } from '../../../src/db/database.js'
import { buildApp } from '../../helper.js'
import { PRICES } from '../../subscription/billing-app.js'
import type { SignedEvent, StripeStandIn } from '../../support/stripe-stand-in.js'
import { AUTH_ENV, type TestUser } from '../../support/workspace-users.js'

export const PUBLIC_URL = 'https://devis.example.fr'

export function cardEnv(stripe: StripeStandIn): NodeJS.ProcessEnv {
  return {
    ...AUTH_ENV,
    ...PRICES,
    PUBLIC_URL,
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret
  }
}

export async function cardPaymentApp(db: Database, stripe: StripeStandIn): Promise<FastifyInstance> {
  const app = await buildApp(cardEnv(stripe), { database: db, stripe: stripe.client })
  t.teardown(() => app.close())
  return app
}

/** Posts a signed Connect event to the app as Stripe would. */
export const deliverConnect = (app: FastifyInstance, signed: SignedEvent, signature = signed.signature): Promise<LightMyRequestResponse> =>
  app.inject({
    method: 'POST',
    url: '/api/billing/connect-webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: signed.payload
  })

/** « Connecter mon compte Stripe », then « Terminer » on Stripe's onboarding page: the account takes payments. */
export async function connectStripe(user: TestUser): Promise<string> {
  const started = await user.request('POST', '/api/stripe-connection')
  if (started.statusCode !== 200) throw new Error(`connect: ${started.statusCode} ${started.body}`)
  const onboarding = await fetch(started.json<{ url: string }>().url, { method: 'POST', redirect: 'manual' })
  if (onboarding.status !== 303) throw new Error(`onboarding: ${onboarding.status}`)
  const state = (await user.request('GET', '/api/stripe-connection')).json<{ connection: { state: string; accountId: string } }>()
  if (state.connection.state !== 'active') throw new Error(`connection ${state.connection.state}`)
  return state.connection.accountId
}

/** The session id at the end of a hosted checkout URL. */
export const sessionIdOf = (url: string) => url.split('/').at(-1) as string
