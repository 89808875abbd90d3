// Paid plans (issue 6): checkout, its verification for /success, the customer portal, the
// account's subscription, and Stripe's webhook.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { isPaidPlan } from '@paraphe/shared/plans'
import {
  CheckoutBody,
  CheckoutSessionParams,
  CheckoutStatusBody,
  SubscriptionBody,
  UrlBody,
  WebhookReceivedBody
} from '@paraphe/shared/api/billing-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { paths } from '@paraphe/shared/paths'
import { createCustomer, findCustomerId } from '../../subscription/customers.js'
import { checkoutSessionParams, sessionPlan } from '../../subscription/checkout.js'
import {
  alreadySubscribed,
  badSignature,
  checkoutNotFound,
  noCustomer,
  paymentsNotConfigured,
  providerUnavailable
} from '../../subscription/billing-problems.js'
import { isMissingResource } from '../../subscription/stripe-client.js'
import { readSubscription } from '../../subscription/subscription-mirror.js'
import { isPaidStatus } from '../../plans/paid-statuses.js'
import { processEvent } from '../../subscription/webhook-events.js'
import { requireOwner } from '../../company/membership.js'
import type { BillingConfig } from '../../config.js'
import { currentPlan, quotesSentThisMonth } from '../../plans/plan-usage.js'
import { asRequestUser } from './user-transaction.js'
import { callStripe } from './stripe-calls.js'

/** The Stripe client and settings, or the 503 every billing route answers without them. */
function payments(fastify: FastifyInstance): { stripe: Stripe; billing: BillingConfig } {
  if (fastify.stripe === null || fastify.config.billing === null) throw paymentsNotConfigured()
  return { stripe: fastify.stripe, billing: fastify.config.billing }
}

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())

/** Signed-in routes (registered in the private scope). */
export default async function billingRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.post('/billing/checkout', { schema: { body: CheckoutBody, response: { 200: UrlBody, ...ErrorResponses } } }, async (request) => {
    const { plan, interval } = request.body
    const { member, existing } = await asRequestUser(fastify, request, async (tx, member) => {
      requireOwner(member, 'choisir la formule')
      if (isPaidPlan(await currentPlan(tx))) throw alreadySubscribed()
      return { member, existing: await findCustomerId(tx, member.companyId) }
    })
    const { stripe, billing } = payments(fastify)
    const customerId =
      existing ??
      (await callStripe(() =>
        createCustomer(stripe, { id: member.companyId, email: member.email ?? '' }, (work) => asRequestUser(fastify, request, work))
      ))
    const params = checkoutSessionParams(billing, {
      companyId: member.companyId,
      customerId,
      plan,
      interval,
      publicUrl: fastify.config.publicUrl
    })
    const session = await callStripe(() => stripe.checkout.sessions.create(params))
    if (session.url === null) throw providerUnavailable()
    return { url: session.url }
  })

  fastify.get(
    '/billing/checkout/:sessionId',
    { schema: { params: CheckoutSessionParams, response: { 200: CheckoutStatusBody, ...ErrorResponses } } },
    async (request) => {
      const { stripe } = payments(fastify)
      // Only Stripe's own id shape goes into its URL path.
      if (!/^cs_[A-Za-z0-9_]+$/.test(request.params.sessionId)) throw checkoutNotFound()
      const session = await callStripe(async () => {
        try {
          return await stripe.checkout.sessions.retrieve(request.params.sessionId)
        } catch (error) {
          if (isMissingResource(error)) throw checkoutNotFound()
          throw error
        }
      })
      const bought = sessionPlan(session)
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null)
      const mirror = await asRequestUser(fastify, request, (tx, member) => {
        // Another account's session is answered exactly like an unknown one.
        if (session.client_reference_id !== member.companyId || bought === null) throw checkoutNotFound()
        return readSubscription(tx, member.companyId)
      })
      if (bought === null) throw checkoutNotFound()
      const active =
        mirror !== null && subscriptionId !== null && mirror.stripe_subscription_id === subscriptionId && isPaidStatus(mirror.status)
      return {
        status: active ? ('active' as const) : ('pending' as const),
        plan: { id: bought.plan.id, name: bought.plan.name },
        interval: bought.interval
      }
    }
  )

  fastify.post('/billing/portal', { schema: { response: { 200: UrlBody, ...ErrorResponses } } }, async (request) => {
    const customerId = await asRequestUser(fastify, request, (tx, member) => {
      requireOwner(member, 'gérer l’abonnement')
      return findCustomerId(tx, member.companyId)
    })
    const { stripe } = payments(fastify)
    if (customerId === null) throw noCustomer()
    const returnUrl = new URL(paths.subscription.href(), fastify.config.publicUrl).href
    const session = await callStripe(() =>
      stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl, locale: 'fr' })
    )
    return { url: session.url }
  })

  fastify.get('/billing/subscription', { schema: { response: { 200: SubscriptionBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, async (tx, user) => {
      const plan = await currentPlan(tx)
      const mirror = await readSubscription(tx, user.companyId)
      const paid = mirror !== null && isPaidStatus(mirror.status)
      return {
        plan: { id: plan.id, name: plan.name },
        status: mirror?.status ?? 'free',
        interval: paid ? mirror.billing_interval : null,
        currentPeriodEnd: paid ? toIso(mirror.current_period_end) : null,
        cancelAtPeriodEnd: paid ? mirror.cancel_at_period_end : false,
        paymentFailed: paid ? mirror.payment_failed : false,
        usage: { quotesSentThisMonth: Number(await quotesSentThisMonth(tx)), quotesPerMonth: plan.limits.quotesPerMonth },
        paymentsEnabled: fastify.config.runtime.paymentsEnabled,
        canManage: user.role === 'owner'
      }
    })
  )
}

/** Stripe's webhook (public: Stripe authenticates with its signature, not a session). */
export async function billingWebhookRoutes(fastify: FastifyInstance) {
  // The signature covers the exact bytes Stripe sent: keep them, in this scope only.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  fastify.post<{ Body: Buffer }>(
    '/billing/webhook',
    { schema: { response: { 200: WebhookReceivedBody, ...ErrorResponses } } },
    async (request) => {
      const { stripe, billing } = payments(fastify)
      const signature = request.headers['stripe-signature']
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badSignature()
      let event: Stripe.Event
      try {
        event = stripe.webhooks.constructEvent(request.body, signature, billing.webhookSecret)
      } catch {
        throw badSignature()
      }
      const outcome = await processEvent(
        { db: fastify.db, stripe, billing, site: fastify.config.site, log: request.log, wake: fastify.queueWake },
        event
      )
      request.log.info({ stripeEvent: event.id, type: event.type, outcome }, 'Stripe event')
      return { received: true as const }
    }
  )
}
