// What the invoicing pages call besides the invoices' own API: the signed quote itself (its lines,
// for a situation line by line), and the refused invoice's « avoir et nouvelle facture ».
import type { CreditAndRedo } from '@paraphe/shared/api/invoice-redo-schemas'
import type { ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'

export const invoicingApi = {
  /** The company's profile, read once per page: its VAT regime (an invoice without a quote takes it) and its bank details (asked for when missing). */
  profile: async (api: ApiClient, signal?: AbortSignal) => (await api.get<ProfileBody>('/api/profile', { signal })).profile,
  quote: async (api: ApiClient, id: string, signal?: AbortSignal) =>
    (await api.get<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal })).quote,
  /** « Annuler par un avoir et refaire la facture »: the credit note issued and the new draft. */
  creditAndRedo: (api: ApiClient, id: string) => api.post<CreditAndRedo>(`/api/invoices/${encodeURIComponent(id)}/credit-and-redo`)
}
