// The profile routes of the API (see the workspace API contract), typed; the profile itself is
// read through the shared query (hooks/use-profile.ts).
import type { CompanyLookup } from '@paraphe/shared/api/company-directory-schemas'
import type { LogoBody, ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { CompanyProfile } from '@paraphe/shared/company'
import type { ApiClient } from '@/lib/api-client'

export type { LogoInfo, ProfileBody } from '@paraphe/shared/api/profile-schemas'

export const profileApi = {
  save: (api: ApiClient, profile: CompanyProfile) => api.put<ProfileBody>('/api/profile', { body: profile }),
  logo: async (api: ApiClient, signal?: AbortSignal) => (await api.download('/api/profile/logo', { signal })).blob,
  uploadLogo: async (api: ApiClient, file: Blob, type: string) => (await api.upload<LogoBody>('/api/profile/logo', file, type)).logo,
  removeLogo: (api: ApiClient) => api.delete<null>('/api/profile/logo'),
  /** The company's public identity from the State's company search (the gateway asks it). */
  lookUp: (api: ApiClient, siret: string, signal?: AbortSignal) =>
    api.get<CompanyLookup>(`/api/company-search?siret=${encodeURIComponent(siret)}`, { signal })
}
