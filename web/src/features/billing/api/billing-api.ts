// The billing endpoints of the gateway (contract of issue 6), typed once for the pages.
import type { BillingInterval } from '@paraphe/shared/plans'
import type { ApiClient } from '@/lib/api-client'

export interface PlanRef {
  id: string
  name: string
}

export interface CheckoutSessionState {
  status: 'active' | 'pending'
  plan: PlanRef
  interval: BillingInterval
}

export interface SubscriptionState {
  plan: PlanRef
  /** Stripe's subscription status (`active`, `past_due`, `canceled`…), or the free plan's. */
  status: string
  interval: BillingInterval | null
  /** ISO date of the next renewal (or of the end, when cancelled at period end). */
  currentPeriodEnd: string | null
  cancelAtPeriodEnd: boolean
  paymentFailed: boolean
  usage: { quotesSentThisMonth: number; quotesPerMonth: number | null }
  paymentsEnabled: boolean
}

export const billingApi = {
  checkoutSession: (api: ApiClient, sessionId: string, signal?: AbortSignal) =>
    api.get<CheckoutSessionState>(`/api/billing/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  subscription: (api: ApiClient, signal?: AbortSignal) => api.get<SubscriptionState>('/api/billing/subscription', { signal }),
  portal: (api: ApiClient) => api.post<{ url: string }>('/api/billing/portal')
}
