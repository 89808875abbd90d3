// The saved items endpoints (« Articles »), typed once: the items page manages them, the quote
// editor finds them as a line is typed and saves a line as one.
import type { ItemsImport, SavedItem, SavedItemList } from '@paraphe/shared/api/saved-item-schemas'
import type { SavedItemInput } from '@paraphe/shared/saved-items'
import type { ApiClient } from './api-client'

export type { ItemsImport, SavedItem, SavedItemList } from '@paraphe/shared/api/saved-item-schemas'
export { ITEM_SEARCH_MAX_LENGTH } from '@paraphe/shared/api/saved-item-schemas'

export const itemsApi = {
  list: (api: ApiClient, query: { search?: string; limit?: number }, signal?: AbortSignal) => {
    const params = new URLSearchParams()
    if (query.search !== undefined && query.search.trim() !== '') params.set('q', query.search.trim())
    if (query.limit !== undefined) params.set('limit', String(query.limit))
    const text = params.toString()
    return api.get<SavedItemList>(`/api/items${text === '' ? '' : `?${text}`}`, { signal })
  },
  create: (api: ApiClient, item: SavedItemInput) => api.post<SavedItem>('/api/items', { body: item }),
  update: (api: ApiClient, id: string, item: SavedItemInput) => api.put<SavedItem>(`/api/items/${encodeURIComponent(id)}`, { body: item }),
  remove: (api: ApiClient, id: string) => api.delete<null>(`/api/items/${encodeURIComponent(id)}`),
  exportCsv: (api: ApiClient) => api.download('/api/items/export'),
  importCsv: (api: ApiClient, file: Blob) => api.upload<ItemsImport>('/api/items/import', file, 'text/csv', 'POST')
}
