// The quote routes of the API (see the workspace API contract), typed.
import type { Quote, QuoteContent, QuoteSummary } from '@paraphe/shared/quote'
import type { DownloadedFile, WorkspaceApi } from '@/lib/workspace-api'
import { searchOfFilters, type QuoteFilters } from '../lib/list-filters'

export interface QuoteEvent {
  type: string
  occurredAt: string
  label: string
}

const base = '/api/quotes'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

/** `/api/quotes?status=sent&q=dupont` */
export function listPath(filters: QuoteFilters): string {
  const search = searchOfFilters(filters).toString()
  return search === '' ? base : `${base}?${search}`
}

export const quotesApi = {
  list: async (api: WorkspaceApi, filters: QuoteFilters, signal?: AbortSignal) =>
    (await api.get<{ quotes: QuoteSummary[] }>(listPath(filters), { signal })).quotes,
  create: async (api: WorkspaceApi) => (await api.post<{ quote: Quote }>(base, { body: {} })).quote,
  get: async (api: WorkspaceApi, id: string, signal?: AbortSignal) => (await api.get<{ quote: Quote }>(one(id), { signal })).quote,
  save: async (api: WorkspaceApi, id: string, version: number, content: QuoteContent) =>
    (await api.put<{ quote: Quote }>(one(id), { body: { version, content } })).quote,
  remove: (api: WorkspaceApi, id: string) => api.delete<null>(one(id)),
  duplicate: async (api: WorkspaceApi, id: string) => (await api.post<{ quote: Quote }>(`${one(id)}/duplicate`)).quote,
  revise: async (api: WorkspaceApi, id: string) => (await api.post<{ quote: Quote }>(`${one(id)}/revise`)).quote,
  cancel: async (api: WorkspaceApi, id: string) => (await api.post<{ quote: Quote }>(`${one(id)}/cancel`)).quote,
  remind: (api: WorkspaceApi, id: string) => api.post<{ reminded: boolean }>(`${one(id)}/remind`),
  send: (api: WorkspaceApi, id: string) => api.post<{ quote: Quote; signingUrl: string }>(`${one(id)}/send`),
  events: async (api: WorkspaceApi, id: string, signal?: AbortSignal) =>
    (await api.get<{ events: QuoteEvent[] }>(`${one(id)}/events`, { signal })).events,
  pdf: (api: WorkspaceApi, id: string): Promise<DownloadedFile> => api.download(`${one(id)}/pdf`)
}
