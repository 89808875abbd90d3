// The quote routes of the API (see the workspace API contract), typed.
import type { Static } from '@sinclair/typebox'
import type {
  QuoteBody,
  QuoteEventSchema,
  QuoteEventsBody,
  QuoteListBody,
  RemindedBody,
  SentQuoteBody
} from '@paraphe/shared/api/quote-schemas'
import type { Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import type { QuoteContent } from '@paraphe/shared/quote'
import type { DownloadedFile, ApiClient } from '@/lib/api-client'
import { searchOfFilters, type QuoteFilters } from '../lib/list-filters'

export type QuoteEvent = Static<typeof QuoteEventSchema>
type QuoteAnswer = Static<typeof QuoteBody>

const base = '/api/quotes'
const one = (id: string) => `${base}/${encodeURIComponent(id)}`

export type QuoteListPage = Static<typeof QuoteListBody>

/** `/api/quotes?status=sent&q=dupont`, and `&cursor=…` for the page after the one that gave it. */
export function listPath(filters: QuoteFilters, cursor: string | null = null): string {
  const search = searchOfFilters(filters)
  if (cursor !== null) search.set('cursor', cursor)
  const query = search.toString()
  return query === '' ? base : `${base}?${query}`
}

export const quotesApi = {
  /** The workspace's figures (GET /api/dashboard). */
  dashboard: (api: ApiClient, signal?: AbortSignal) => api.get<Dashboard>('/api/dashboard', { signal }),
  /** One page of the list; `cursor` is the previous page's `nextCursor`. */
  list: (api: ApiClient, filters: QuoteFilters, cursor: string | null = null, signal?: AbortSignal) =>
    api.get<QuoteListPage>(listPath(filters, cursor), { signal }),
  /** The draft « Nouveau devis » opens, with the profile's defaults, not stored yet (id ''). */
  unsaved: async (api: ApiClient, signal?: AbortSignal) => (await api.get<QuoteAnswer>(`${base}/new`, { signal })).quote,
  /** Stores a draft: from the editor's first input (its content), or empty. */
  create: async (api: ApiClient, content?: QuoteContent) =>
    (await api.post<QuoteAnswer>(base, { body: content === undefined ? {} : { content } })).quote,
  get: async (api: ApiClient, id: string, signal?: AbortSignal) => (await api.get<QuoteAnswer>(one(id), { signal })).quote,
  save: async (api: ApiClient, id: string, version: number, content: QuoteContent) =>
    (await api.put<QuoteAnswer>(one(id), { body: { version, content } })).quote,
  remove: (api: ApiClient, id: string) => api.delete<null>(one(id)),
  duplicate: async (api: ApiClient, id: string) => (await api.post<QuoteAnswer>(`${one(id)}/duplicate`)).quote,
  revise: async (api: ApiClient, id: string) => (await api.post<QuoteAnswer>(`${one(id)}/revise`)).quote,
  cancel: async (api: ApiClient, id: string) => (await api.post<QuoteAnswer>(`${one(id)}/cancel`)).quote,
  remind: (api: ApiClient, id: string) => api.post<Static<typeof RemindedBody>>(`${one(id)}/remind`),
  send: (api: ApiClient, id: string) => api.post<Static<typeof SentQuoteBody>>(`${one(id)}/send`),
  events: async (api: ApiClient, id: string, signal?: AbortSignal) =>
    (await api.get<Static<typeof QuoteEventsBody>>(`${one(id)}/events`, { signal })).events,
  pdf: (api: ApiClient, id: string, signal?: AbortSignal): Promise<DownloadedFile> => api.download(`${one(id)}/pdf`, { signal })
}
