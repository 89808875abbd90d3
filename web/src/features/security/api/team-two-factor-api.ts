// The company's « double authentification exigée » rule (Entreprise), typed once for the page.
import type { TeamTwoFactor } from '@paraphe/shared/api/company-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { TeamTwoFactor } from '@paraphe/shared/api/company-schemas'

export const teamTwoFactorApi = {
  read: (api: ApiClient, signal?: AbortSignal) => api.get<TeamTwoFactor>('/api/company/two-factor', { signal }),
  set: (api: ApiClient, required: boolean) => api.put<TeamTwoFactor>('/api/company/two-factor', { body: { required } })
}
