// A signed-in workspace app with Stripe configured and its client pointed at the stand-in.
import t from 'tap'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Database } from '../../src/db/database.js'
import { buildApp } from '../helper.js'
import { startStripeStandIn, type SignedEvent, type StripeStandIn } from '../support/stripe-stand-in.js'
import { AUTH_ENV } from '../support/workspace-users.js'

export const PRICES = {
  STRIPE_PRICE_PRO_MONTH: 'price_pro_month',
  STRIPE_PRICE_PRO_YEAR: 'price_pro_year',
  STRIPE_PRICE_ENTREPRISE_MONTH: 'price_entreprise_month',
  STRIPE_PRICE_ENTREPRISE_YEAR: 'price_entreprise_year'
}

export const PUBLIC_URL = 'https://devis.example.fr'

export interface ErrorJson {
  error: { code: string; message: string }
}

export interface BillingHarness {
  app: FastifyInstance
  stripe: StripeStandIn
  /** Posts a signed event to the webhook as Stripe would. */
  deliver: (signed: SignedEvent, signature?: string) => Promise<LightMyRequestResponse>
}

export async function billingApp(db: Database): Promise<BillingHarness> {
  const stripe = await startStripeStandIn()
  const env = { ...AUTH_ENV, ...PRICES, PUBLIC_URL, STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret }
  const app = await buildApp(env, { database: db, stripe: stripe.client })
  t.teardown(async () => {
    await app.close()
    await stripe.close()
  })
  const deliver = (signed: SignedEvent, signature = signed.signature) =>
    app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload: signed.payload
    })
  return { app, stripe, deliver }
}
