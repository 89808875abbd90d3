// What the invoicing page reads besides the invoices and the profile: the signed quote itself
// (its lines, for a situation line by line).
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'

export const invoicingApi = {
  quote: async (api: ApiClient, id: string, signal?: AbortSignal) =>
    (await api.get<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal })).quote
}
