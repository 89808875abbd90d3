// « Ma plateforme agréée »'s endpoints of the gateway, typed once for the page.
import type { PlatformAnswer, PlatformTestAnswer, PutPlatform } from '@paraphe/shared/api/platform-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { PlatformAnswer, PlatformConnection, PlatformTestAnswer } from '@paraphe/shared/api/platform-schemas'

export const platformApi = {
  read: (api: ApiClient, signal?: AbortSignal) => api.get<PlatformAnswer>('/api/company/platform', { signal }),
  save: (api: ApiClient, body: PutPlatform) => api.put<PlatformAnswer>('/api/company/platform', { body }),
  test: (api: ApiClient) => api.post<PlatformTestAnswer>('/api/company/platform/test'),
  remove: (api: ApiClient) => api.delete<unknown>('/api/company/platform')
}
