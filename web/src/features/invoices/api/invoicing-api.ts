// What the invoicing page reads besides the invoices: the signed quote itself (its lines, for a
// situation line by line).
import type { ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'

export const invoicingApi = {
  /** The company's profile, read once per page: its VAT regime (an invoice without a quote takes it) and its bank details (asked for when missing). */
  profile: async (api: ApiClient, signal?: AbortSignal) => (await api.get<ProfileBody>('/api/profile', { signal })).profile,
  quote: async (api: ApiClient, id: string, signal?: AbortSignal) =>
    (await api.get<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal })).quote
}
