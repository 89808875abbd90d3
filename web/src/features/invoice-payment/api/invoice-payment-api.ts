// The client's side of an invoice (`/api/invoice-link/{token}…`), typed as the gateway answers it.
import type { InvoiceLinkView } from '@paraphe/shared/api/invoice-client-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { InvoiceLinkView, QrSvg } from '@paraphe/shared/api/invoice-client-schemas'

const link = (token: string) => `/api/invoice-link/${encodeURIComponent(token)}`

export const invoicePaymentApi = {
  view: async (api: ApiClient, token: string, signal?: AbortSignal) =>
    (await api.get<{ invoice: InvoiceLinkView }>(link(token), { signal })).invoice,
  /** « Payer par carte »: the Stripe Checkout page for the rest owed (the amount is the server's). */
  cardCheckout: async (api: ApiClient, token: string) => (await api.post<{ url: string }>(`${link(token)}/card-checkout`)).url,
  /** The Factur-X PDF (served as an attachment). */
  pdfHref: (token: string) => `${link(token)}/pdf`
}
