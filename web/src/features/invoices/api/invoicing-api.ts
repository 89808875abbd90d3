// What the invoicing page reads besides the invoices: the signed quote itself (its lines, for a
// situation line by line).
import type { ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'

export const invoicingApi = {
  /** Whether the company invoices under the 293 B franchise (no VAT, no reverse charge): an invoice without a quote takes the profile's regime. */
  franchise: async (api: ApiClient, signal?: AbortSignal) => (await api.get<ProfileBody>('/api/profile', { signal })).profile.franchiseEnBase,
  quote: async (api: ApiClient, id: string, signal?: AbortSignal) => (await api.get<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal })).quote
}
