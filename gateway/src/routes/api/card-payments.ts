// Card payment of invoices (issue 38): the settings' Stripe connection, and the Connect webhook
// that records the payments, refunds and disputes of the professionals' accounts.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { StripeConnectionBody, CardCheckoutUrlBody } from '@paraphe/shared/api/card-payment-schemas'
import { WebhookReceivedBody } from '@paraphe/shared/api/billing-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { paths } from '@paraphe/shared/paths'
import { badSignature, paymentsNotConfigured } from '../../subscription/billing-problems.js'
import { requireOwner } from '../../company/membership.js'
import { expireStaleCardCheckouts } from '../../invoices/card/card-checkout.js'
import {
  connectionView,
  createConnectedAccount,
  disconnect,
  liveConnection,
  onboardingUrl,
  recordConnection,
  storeChargesEnabled
} from '../../invoices/card/stripe-connection.js'
import { callStripe } from './stripe-calls.js'
import { asRequestUser } from './user-transaction.js'

/** The platform's client and the Connect endpoint's secret, or null when card payments are off. */
function connect(fastify: FastifyInstance): { stripe: Stripe; webhookSecret: string } | null {
  const secret = fastify.config.billing?.connectWebhookSecret ?? null
  return fastify.stripe === null || secret === null ? null : { stripe: fastify.stripe, webhookSecret: secret }
}

/** Signed-in routes (registered in the private scope). */
export default async function stripeConnectionRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const settingsUrl = () => new URL(paths.profile.href(), fastify.config.publicUrl).href

  fastify.get('/stripe-connection', { schema: { response: { 200: StripeConnectionBody, ...ErrorResponses } } }, async (request) => {
    const card = connect(fastify)
    const row = await asRequestUser(fastify, request, (tx) => liveConnection(tx))
    if (card === null || row === null || row.charges_enabled) return { connection: connectionView(card !== null, row) }
    // Back from Stripe's onboarding: ask Stripe whether the account takes payments now.
    const account = await callStripe(() => card.stripe.accounts.retrieve(row.account_id))
    const refreshed = await asRequestUser(fastify, request, (tx) => storeChargesEnabled(tx, row, account.charges_enabled))
    return { connection: connectionView(true, refreshed) }
  })

  // « Connecter mon compte Stripe » (and « Reprendre » while Stripe still waits for details).
  fastify.post('/stripe-connection', { schema: { response: { 200: CardCheckoutUrlBody, ...ErrorResponses } } }, async (request) => {
    const card = connect(fastify)
    if (card === null) throw paymentsNotConfigured()
    const { member, row } = await asRequestUser(fastify, request, async (tx, member) => {
      requireOwner(member, 'connecter un compte Stripe')
      return { member, row: await liveConnection(tx) }
    })
    let accountId = row?.account_id
    if (accountId === undefined) {
      const created = await callStripe(() => createConnectedAccount(card.stripe, { id: member.companyId, email: member.email ?? '' }))
      await asRequestUser(fastify, request, (tx) => recordConnection(tx, member.companyId, created))
      accountId = (await asRequestUser(fastify, request, (tx) => liveConnection(tx)))?.account_id ?? created
    }
    const account = accountId
    return { url: await callStripe(() => onboardingUrl(card.stripe, account, settingsUrl())) }
  })

  // « Déconnecter »: new card payments stop; what was recorded stays.
  fastify.delete('/stripe-connection', { schema: { response: { 200: StripeConnectionBody, ...ErrorResponses } } }, async (request) => {
    await asRequestUser(fastify, request, async (tx, member) => {
      requireOwner(member, 'déconnecter le compte Stripe')
      await disconnect(tx)
    })
    const card = connect(fastify)
    // The sessions already opened on the account can no longer be paid.
    if (card !== null)
      await expireStaleCardCheckouts(fastify.db, card.stripe).catch((error: unknown) =>
        request.log.warn({ err: error }, 'card sessions not expired')
      )
    return { connection: connectionView(card !== null, null) }
  })
}

/** The Connect webhook (public: Stripe authenticates with its signature). */
export async function connectWebhookRoutes(fastify: FastifyInstance) {
  // The signature covers the exact bytes Stripe sent: keep them, in this scope only.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  fastify.post<{ Body: Buffer }>(
    '/billing/connect-webhook',
    { schema: { response: { 200: WebhookReceivedBody, ...ErrorResponses } } },
    async (request) => {
      const card = connect(fastify)
      if (card === null) throw paymentsNotConfigured()
      const signature = request.headers['stripe-signature']
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badSignature()
      let event: Stripe.Event
      try {
        event = card.stripe.webhooks.constructEvent(request.body, signature, card.webhookSecret)
      } catch {
        throw badSignature()
      }
      const result = await fastify.invoiceActions.cardEvent(event, request.log)
      request.log.info({ stripeEvent: event.id, type: event.type, account: event.account, outcome: result.outcome }, 'Stripe Connect event')
      return { received: true as const }
    }
  )
}
