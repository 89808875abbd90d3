// The database's copy of the account's Stripe subscription (paraphe.subscriptions). Only the
// webhook writes it, as the database owner; plan-usage.ts reads it to decide the plan.
import type Stripe from 'stripe'
import type { BillingInterval, PlanId } from '@paraphe/shared/plans'
import type { Queryable } from '../db/database.js'

export interface MirroredSubscription {
  companyId: string
  planId: PlanId
  interval: BillingInterval
  customerId: string
  subscriptionId: string
  status: Stripe.Subscription.Status
  currentPeriodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

/**
 * Applies a subscription as Stripe described it at `eventAt`; returns false when ignored because
 * a newer event was already applied (Stripe may deliver events out of order), or because it is
 * an old subscription's news while another one is running.
 */
export async function applySubscription(tx: Queryable, subscription: MirroredSubscription, eventAt: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into paraphe.subscriptions as current
       (company_id, plan_id, status, current_period_end, cancel_at_period_end, billing_interval,
        stripe_customer_id, stripe_subscription_id, last_event_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     on conflict (company_id) do update set
       plan_id = excluded.plan_id, status = excluded.status, current_period_end = excluded.current_period_end,
       cancel_at_period_end = excluded.cancel_at_period_end, billing_interval = excluded.billing_interval,
       stripe_customer_id = excluded.stripe_customer_id, stripe_subscription_id = excluded.stripe_subscription_id,
       last_event_at = excluded.last_event_at, updated_at = now()
     where (current.stripe_subscription_id is not distinct from excluded.stripe_subscription_id
            and (current.last_event_at is null or current.last_event_at <= excluded.last_event_at))
        or (current.stripe_subscription_id is distinct from excluded.stripe_subscription_id
            and (excluded.status = any(paraphe.paid_statuses()) or not (current.status = any(paraphe.paid_statuses()))))`,
    [
      subscription.companyId,
      subscription.planId,
      subscription.status,
      subscription.currentPeriodEnd,
      subscription.cancelAtPeriodEnd,
      subscription.interval,
      subscription.customerId,
      subscription.subscriptionId,
      eventAt
    ]
  )
  return rowCount > 0
}

/** Sets (failed) or clears (paid) the payment problem, unless a newer invoice event came first. */
export async function recordInvoiceOutcome(tx: Queryable, customerId: string, failed: boolean, eventAt: Date): Promise<boolean> {
  const { rowCount } = await tx.query(
    `update paraphe.subscriptions set payment_failed = $2, last_invoice_event_at = $3, updated_at = now()
      where stripe_customer_id = $1 and (last_invoice_event_at is null or last_invoice_event_at <= $3)`,
    [customerId, failed, eventAt]
  )
  return rowCount > 0
}

export interface SubscriptionRow {
  plan_id: PlanId
  status: string
  billing_interval: BillingInterval | null
  current_period_end: Date | string | null
  cancel_at_period_end: boolean
  payment_failed: boolean
  stripe_subscription_id: string | null
}

/** The account's mirror row (as the user under RLS, or as the owner with a user id). */
export async function readSubscription(tx: Queryable, companyId: string): Promise<SubscriptionRow | null> {
  const { rows } = await tx.query<SubscriptionRow>(
    `select plan_id, status, billing_interval, current_period_end, cancel_at_period_end, payment_failed, stripe_subscription_id
       from paraphe.subscriptions where company_id = $1`,
    [companyId]
  )
  return rows[0] ?? null
}
