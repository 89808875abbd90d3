// What the invoicing pages call besides the invoices' own API and the profile: the signed quote
// itself (its lines, for a situation line by line), and the refused invoice's « avoir et nouvelle facture ».
import type { CreditAndRedo } from '@paraphe/shared/api/invoice-redo-schemas'
import type { Quote } from '@paraphe/shared/quote'
import type { ApiClient } from '@/lib/api-client'

export const invoicingApi = {
  quote: async (api: ApiClient, id: string, signal?: AbortSignal) =>
    (await api.get<{ quote: Quote }>(`/api/quotes/${encodeURIComponent(id)}`, { signal })).quote,
  /** « Annuler par un avoir et refaire la facture »: the credit note issued and the new draft. */
  creditAndRedo: (api: ApiClient, id: string) => api.post<CreditAndRedo>(`/api/invoices/${encodeURIComponent(id)}/credit-and-redo`)
}
