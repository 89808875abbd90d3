// The invoice routes of the workspace's API (contract in shared/src/api/invoice-schemas.ts), typed.
// In the shared layer: the invoices' pages, the signed quote's page and the dashboard all ask them.
import type {
  Invoice,
  InvoiceList,
  InvoiceListFilter,
  InvoiceRequest,
  NewPayment,
  QuoteInvoicing
} from '@paraphe/shared/api/invoice-schemas'
import type { DepositSettings, InvoiceExportFilter } from '@paraphe/shared/api/invoice-client-schemas'
import type { AccountingAccounts } from '@paraphe/shared/invoices/accounting-accounts'
import type { ApiClient, DownloadedFile } from './api-client'

const base = '/api/invoices'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

/** `/api/invoices?status=overdue&limit=100&offset=100`. */
export function invoiceListPath(filter: InvoiceListFilter): string {
  const search = new URLSearchParams()
  if (filter.quoteId !== undefined) search.set('quoteId', filter.quoteId)
  if (filter.status !== undefined) search.set('status', filter.status)
  if (filter.limit !== undefined) search.set('limit', String(filter.limit))
  if (filter.offset !== undefined && filter.offset > 0) search.set('offset', String(filter.offset))
  const query = search.toString()
  return query === '' ? base : `${base}?${query}`
}

type InvoiceAnswer = { invoice: Invoice }

export const invoicesApi = {
  list: (api: ApiClient, filter: InvoiceListFilter, signal?: AbortSignal) => api.get<InvoiceList>(invoiceListPath(filter), { signal }),
  get: async (api: ApiClient, id: string, signal?: AbortSignal) => (await api.get<InvoiceAnswer>(one(id), { signal })).invoice,
  /** A draft (no number yet), reviewed before it is issued. */
  createDraft: async (api: ApiClient, request: InvoiceRequest) => (await api.post<InvoiceAnswer>(base, { body: { request } })).invoice,
  /** A draft changed in place; `version` refuses it when another tab saved first. */
  updateDraft: async (api: ApiClient, id: string, version: number, request: InvoiceRequest) =>
    (await api.put<InvoiceAnswer>(one(id), { body: { version, request } })).invoice,
  removeDraft: (api: ApiClient, id: string) => api.delete<null>(one(id)),
  issue: async (api: ApiClient, id: string) => (await api.post<InvoiceAnswer>(`${one(id)}/issue`)).invoice,
  recordPayment: async (api: ApiClient, id: string, payment: NewPayment) =>
    (await api.post<InvoiceAnswer>(`${one(id)}/payments`, { body: payment })).invoice,
  /** A credit note on an issued invoice: the whole of it, or `creditAmountCents` TTC; a draft unless `issue`. */
  creditNote: async (api: ApiClient, id: string, body: { creditAmountCents?: number; issue?: boolean }) =>
    (await api.post<InvoiceAnswer>(`${one(id)}/credit-notes`, { body })).invoice,
  pdf: (api: ApiClient, id: string): Promise<DownloadedFile> => api.download(`${one(id)}/pdf`),
  xml: (api: ApiClient, id: string): Promise<DownloadedFile> => api.download(`${one(id)}/xml`),
  /** « Envoyer la facture »: the e-mail with the PDF and a new link, to the client or `to`. */
  send: (api: ApiClient, id: string, to?: string) =>
    api.post<{ invoice: Invoice; sentTo: string }>(`${one(id)}/send`, { body: to === undefined ? {} : { to } }),
  /** « Relancer le client »: the reminder e-mail with a new link, now (refused within hours of the last e-mail). */
  remind: (api: ApiClient, id: string) => api.post<{ invoice: Invoice; sentTo: string }>(`${one(id)}/remind`),
  /** The days after the due date when automatic reminders go out. */
  reminderDays: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<{ settings: { reminderDays: number[] } }>(`${base}/reminder-settings`, { signal })).settings.reminderDays,
  saveReminderDays: async (api: ApiClient, reminderDays: number[]) =>
    (await api.put<{ settings: { reminderDays: number[] } }>(`${base}/reminder-settings`, { body: { reminderDays } })).settings
      .reminderDays,
  /** The accounts the FEC books to (the defaults until the owner changes them). */
  accountingAccounts: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<{ accounts: AccountingAccounts }>(`${base}/accounting-settings`, { signal })).accounts,
  saveAccountingAccounts: async (api: ApiClient, accounts: AccountingAccounts) =>
    (await api.put<{ accounts: AccountingAccounts }>(`${base}/accounting-settings`, { body: { accounts } })).accounts,
  /** « Facture d’acompte à la signature »: whether the signature issues and sends the deposit invoice by itself. */
  depositAtSignature: async (api: ApiClient, signal?: AbortSignal) =>
    (await api.get<{ settings: DepositSettings }>(`${base}/deposit-settings`, { signal })).settings.depositAtSignature,
  saveDepositAtSignature: async (api: ApiClient, depositAtSignature: boolean) =>
    (await api.put<{ settings: DepositSettings }>(`${base}/deposit-settings`, { body: { depositAtSignature } })).settings
      .depositAtSignature,
  /** Every link sent so far stops working; how many still did. */
  revokeLinks: async (api: ApiClient, id: string) => (await api.post<{ revokedLinks: number }>(`${one(id)}/links/revoke`)).revokedLinks,
  /** The accountant's export of a period: CSV, FEC or the Factur-X files zipped. */
  export: (api: ApiClient, filter: InvoiceExportFilter): Promise<DownloadedFile> =>
    api.download(`${base}/export?${new URLSearchParams({ from: filter.from, to: filter.to, format: filter.format }).toString()}`),
  /** What a signed quote has been invoiced so far. */
  quoteInvoicing: async (api: ApiClient, quoteId: string, signal?: AbortSignal) =>
    (await api.get<{ invoicing: QuoteInvoicing }>(`/api/quotes/${encodeURIComponent(quoteId)}/invoicing`, { signal })).invoicing
}
