import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { createStripeClient } from '../../subscription/stripe-client.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** null when online payment is not configured (config.billing is null). */
    stripe: Stripe | null
  }
}

export interface BillingPluginOptions {
  /** A client built by the caller (tests point it at a stand-in); default: one from the config. */
  stripe?: Stripe
}

/** The Stripe client, only when the instance has its Stripe settings (nothing throws without). */
export default fp<BillingPluginOptions>(
  async function billing(fastify: FastifyInstance, options) {
    const billingConfig = fastify.config.billing
    fastify.decorate('stripe', billingConfig === null ? null : (options.stripe ?? (await createStripeClient(billingConfig))))
  },
  { name: 'billing', dependencies: ['config'] }
)
