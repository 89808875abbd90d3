// What the webhook does with each Stripe event it accepts. Every event is applied once: its id is
// recorded in the same transaction as its effect, so a replay (Stripe retries until it gets a
// 2xx) finds it and does nothing.
import type Stripe from 'stripe'
import { FREE_PLAN_ID, findPlan } from '@paraphe/shared/plans'
import type { BillingConfig } from '../config.js'
import type { Database, Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { providerUnavailable } from './billing-problems.js'
import { findCustomerAccount } from './customers.js'
import { paymentFailedEmail } from '../mail/templates/payment-failed.js'
import { planForPrice } from './plan-prices.js'
import { applySubscription, readSubscription, recordInvoiceOutcome, type MirroredSubscription } from './subscription-mirror.js'

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed'
] as const

export type EventOutcome = 'applied' | 'duplicate' | 'ignored'

export interface WebhookContext {
  db: Database
  stripe: Stripe
  billing: BillingConfig
  site: SiteIdentity
  log: { warn: (details: object, message: string) => void }
  /** An applied event may have queued an e-mail (payment failed): sent once the transaction committed. */
  wake: QueueWake
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id

/** The account a subscription belongs to: its metadata (set at checkout), else its customer. */
async function subscriptionOwner(tx: Queryable, subscription: Stripe.Subscription): Promise<string | null> {
  // Subscriptions bought before companies existed say `user_id`: that user's company has their id.
  const fromMetadata = subscription.metadata['company_id'] ?? subscription.metadata['user_id']
  if (fromMetadata !== undefined && fromMetadata !== '') return fromMetadata
  const customerId = idOf(subscription.customer)
  return customerId === null ? null : ((await findCustomerAccount(tx, customerId))?.companyId ?? null)
}

function mirrorOf(billing: BillingConfig, companyId: string, subscription: Stripe.Subscription): MirroredSubscription | null {
  const item = subscription.items.data[0]
  const plan = item === undefined ? null : planForPrice(billing, item.price.id)
  const customerId = idOf(subscription.customer)
  if (item === undefined || plan === null || customerId === null) return null
  return {
    companyId,
    planId: plan.planId,
    interval: plan.interval,
    customerId,
    subscriptionId: subscription.id,
    status: subscription.status,
    // Since API version 2025-03-31, the billing period is carried by each item.
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end
  }
}

async function applyStripeSubscription(
  tx: Queryable,
  context: WebhookContext,
  subscription: Stripe.Subscription,
  eventAt: Date
): Promise<EventOutcome> {
  const companyId = await subscriptionOwner(tx, subscription)
  const mirror = companyId === null ? null : mirrorOf(context.billing, companyId, subscription)
  if (mirror === null) {
    context.log.warn({ subscription: subscription.id }, 'Stripe subscription of no known account or price: ignored')
    return 'ignored'
  }
  return (await applySubscription(tx, mirror, eventAt)) ? 'applied' : 'ignored'
}

async function applyInvoice(
  tx: Queryable,
  context: WebhookContext,
  invoice: Stripe.Invoice,
  failed: boolean,
  eventAt: Date
): Promise<EventOutcome> {
  const customerId = idOf(invoice.customer)
  const account = customerId === null ? null : await findCustomerAccount(tx, customerId)
  if (customerId === null || account === null) return 'ignored'
  const changed = await recordInvoiceOutcome(tx, customerId, failed, eventAt)
  if (!failed) return changed ? 'applied' : 'ignored'
  // Told once per failed attempt (each attempt is a distinct event), even if replayed.
  const to = account.email !== '' ? account.email : (invoice.customer_email ?? '')
  if (to === '') return changed ? 'applied' : 'ignored'
  const subscription = await readSubscription(tx, account.companyId)
  const plan = findPlan(subscription?.plan_id ?? FREE_PLAN_ID)
  const email = paymentFailedEmail(context.site, { planName: plan?.name ?? 'payante' })
  await enqueueEmail(tx, { companyId: account.companyId, kind: 'payment-failed', to, ...email })
  return 'applied'
}

/**
 * Applies `event` once. The subscription of a completed checkout is fetched from Stripe first,
 * outside the transaction (no network wait while holding locks).
 */
export async function processEvent(context: WebhookContext, event: Stripe.Event): Promise<EventOutcome> {
  const outcome = await recordEvent(context, event)
  if (outcome === 'applied') context.wake.outbox()
  return outcome
}

async function recordEvent(context: WebhookContext, event: Stripe.Event): Promise<EventOutcome> {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored'
  const eventAt = new Date(event.created * 1000)
  let completedSubscription: Stripe.Subscription | null = null
  if (event.type === 'checkout.session.completed') {
    const subscriptionId = idOf(event.data.object.subscription)
    if (subscriptionId !== null) {
      // Unreachable Stripe: a 502, and Stripe delivers the event again later (nothing recorded).
      completedSubscription = await context.stripe.subscriptions.retrieve(subscriptionId).catch(() => {
        throw providerUnavailable()
      })
    }
  }
  return context.db.transaction(async (tx) => {
    const recorded = await tx.query(
      `insert into paraphe.stripe_events (id, type, created) values ($1, $2, $3) on conflict (id) do nothing`,
      [event.id, event.type, eventAt]
    )
    if (recorded.rowCount === 0) return 'duplicate'
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object
        const companyId = session.client_reference_id
        const customerId = idOf(session.customer)
        if (companyId !== null && customerId !== null) {
          // The customer was recorded at checkout; this covers a checkout started elsewhere.
          await tx.query(
            `insert into paraphe.billing_customers (company_id, stripe_customer_id, email) values ($1, $2, $3)
             on conflict do nothing`,
            [companyId, customerId, session.customer_details?.email ?? session.customer_email ?? '']
          )
        }
        return completedSubscription === null ? 'ignored' : applyStripeSubscription(tx, context, completedSubscription, eventAt)
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return applyStripeSubscription(tx, context, event.data.object, eventAt)
      case 'invoice.paid':
        return applyInvoice(tx, context, event.data.object, false, eventAt)
      case 'invoice.payment_failed':
        return applyInvoice(tx, context, event.data.object, true, eventAt)
      default:
        return 'ignored'
    }
  })
}
