// The saved clients endpoints, typed once: the clients pages manage them, the quote editor finds
// them as the client's name is typed and saves the quote's client as one.
import type { SavedClient, SavedClientList, SavedClientPage } from '@paraphe/shared/api/saved-client-schemas'
import type { SavedClientInput } from '@paraphe/shared/saved-clients'
import type { ApiClient } from './api-client'

export type { SavedClient, SavedClientList, SavedClientPage } from '@paraphe/shared/api/saved-client-schemas'
export { CLIENT_SEARCH_MAX_LENGTH } from '@paraphe/shared/api/saved-client-schemas'

const one = (id: string) => `/api/clients/${encodeURIComponent(id)}`

export const clientsApi = {
  list: (api: ApiClient, query: { search?: string; limit?: number }, signal?: AbortSignal) => {
    const params = new URLSearchParams()
    if (query.search !== undefined && query.search.trim() !== '') params.set('q', query.search.trim())
    if (query.limit !== undefined) params.set('limit', String(query.limit))
    const text = params.toString()
    return api.get<SavedClientList>(`/api/clients${text === '' ? '' : `?${text}`}`, { signal })
  },
  /** The client and the quotes made out to them. */
  page: (api: ApiClient, id: string, signal?: AbortSignal) => api.get<SavedClientPage>(one(id), { signal }),
  create: (api: ApiClient, client: SavedClientInput) => api.post<SavedClient>('/api/clients', { body: client }),
  update: (api: ApiClient, id: string, client: SavedClientInput) => api.put<SavedClient>(one(id), { body: client }),
  remove: (api: ApiClient, id: string) => api.delete<null>(one(id))
}
