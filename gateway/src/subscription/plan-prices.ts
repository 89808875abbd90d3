// Plan ↔ Stripe price: the price ids are deployment settings (STRIPE_PRICE_*), the plans table is
// shared/src/plans.ts. The webhook learns the plan from the subscription's price, never from
// metadata a customer could have influenced.
import { BILLING_INTERVALS, PAID_PLAN_IDS, type BillingInterval, type PaidPlanId } from '@paraphe/shared/plans'
import type { BillingConfig } from '../config.js'

export function priceIdFor(billing: BillingConfig, plan: PaidPlanId, interval: BillingInterval): string {
  return billing.prices[plan][interval]
}

export function planForPrice(billing: BillingConfig, priceId: string): { planId: PaidPlanId; interval: BillingInterval } | null {
  for (const planId of PAID_PLAN_IDS) {
    for (const interval of BILLING_INTERVALS) {
      if (billing.prices[planId][interval] === priceId) return { planId, interval }
    }
  }
  return null
}
