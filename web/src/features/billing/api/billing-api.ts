// The billing endpoints of the gateway (contract of issue 6), typed once for the pages.
import type { CheckoutSessionState, SubscriptionState } from '@paraphe/shared/api/billing-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { CheckoutSessionState, SubscriptionState } from '@paraphe/shared/api/billing-schemas'

export const billingApi = {
  checkoutSession: (api: ApiClient, sessionId: string, signal?: AbortSignal) =>
    api.get<CheckoutSessionState>(`/api/billing/checkout/${encodeURIComponent(sessionId)}`, { signal }),
  subscription: (api: ApiClient, signal?: AbortSignal) => api.get<SubscriptionState>('/api/billing/subscription', { signal }),
  portal: (api: ApiClient) => api.post<{ url: string }>('/api/billing/portal')
}
