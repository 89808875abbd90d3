// « Ma plateforme agréée »'s endpoints of the gateway, typed once for the page.
import type { PlatformAnswer, PlatformTestAnswer, PlatformWebhookSecret, PutPlatform } from '@paraphe/shared/api/platform-schemas'
import type { ChorusProAnswer, ChorusProTestAnswer, PutChorusPro } from '@paraphe/shared/api/chorus-pro-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { PlatformAnswer, PlatformConnection, PlatformTestAnswer } from '@paraphe/shared/api/platform-schemas'

export const platformApi = {
  read: (api: ApiClient, signal?: AbortSignal) => api.get<PlatformAnswer>('/api/company/platform', { signal }),
  save: (api: ApiClient, body: PutPlatform) => api.put<PlatformAnswer>('/api/company/platform', { body }),
  test: (api: ApiClient) => api.post<PlatformTestAnswer>('/api/company/platform/test'),
  remove: (api: ApiClient) => api.delete<unknown>('/api/company/platform'),
  /** A new address and secret for the platform's webhook; the secret is in this answer only. */
  webhookSecret: (api: ApiClient) => api.post<PlatformWebhookSecret>('/api/company/platform/webhook-secret')
}

export type { ChorusProAnswer, ChorusProConnection, ChorusProTestAnswer } from '@paraphe/shared/api/chorus-pro-schemas'

/** The Chorus Pro access (public buyers), on the same page. */
export const chorusProApi = {
  read: (api: ApiClient, signal?: AbortSignal) => api.get<ChorusProAnswer>('/api/company/chorus-pro', { signal }),
  save: (api: ApiClient, body: PutChorusPro) => api.put<ChorusProAnswer>('/api/company/chorus-pro', { body }),
  test: (api: ApiClient) => api.post<ChorusProTestAnswer>('/api/company/chorus-pro/test'),
  remove: (api: ApiClient) => api.delete<unknown>('/api/company/chorus-pro')
}
