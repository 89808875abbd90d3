// The API keys' endpoints of the gateway, typed once for the page.
import type { ApiKeyList, ApiKeyScope, CreatedApiKey } from '@paraphe/shared/api/api-key-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { ApiKey, ApiKeyList, ApiKeyScope, CreatedApiKey } from '@paraphe/shared/api/api-key-schemas'

export const apiKeysApi = {
  list: (api: ApiClient, signal?: AbortSignal) => api.get<ApiKeyList>('/api/company/api-keys', { signal }),
  create: (api: ApiClient, name: string, scopes: ApiKeyScope[]) =>
    api.post<CreatedApiKey>('/api/company/api-keys', { body: { name, scopes } }),
  revoke: (api: ApiClient, id: string) => api.delete<unknown>(`/api/company/api-keys/${encodeURIComponent(id)}`)
}
