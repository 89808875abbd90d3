// The company's Stripe connection for card payments (`/api/stripe-connection`), typed.
import type { StripeConnection } from '@paraphe/shared/api/card-payment-schemas'
import type { ApiClient } from '@/lib/api-client'

export const stripeConnectionApi = {
  get: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<{ connection: StripeConnection }>('/api/stripe-connection', { signal })).connection,
  /** Stripe's onboarding page (a new account, or the one waiting for details). */
  connect: async (api: ApiClient) => (await api.post<{ url: string }>('/api/stripe-connection')).url,
  disconnect: async (api: ApiClient) => (await api.delete<{ connection: StripeConnection }>('/api/stripe-connection')).connection
}
