// The profile routes of the API (see the workspace API contract), typed.
import type { LogoBody, ProfileBody } from '@paraphe/shared/api/profile-schemas'
import type { CompanyProfile } from '@paraphe/shared/company'
import type { WorkspaceApi } from '@/lib/workspace-api'

export type { LogoInfo, ProfileBody } from '@paraphe/shared/api/profile-schemas'

export const profileApi = {
  get: (api: WorkspaceApi, signal?: AbortSignal) => api.get<ProfileBody>('/api/profile', { signal }),
  save: (api: WorkspaceApi, profile: CompanyProfile) => api.put<ProfileBody>('/api/profile', { body: profile }),
  logo: async (api: WorkspaceApi, signal?: AbortSignal) => (await api.download('/api/profile/logo', { signal })).blob,
  uploadLogo: async (api: WorkspaceApi, file: Blob, type: string) => (await api.upload<LogoBody>('/api/profile/logo', file, type)).logo,
  removeLogo: (api: WorkspaceApi) => api.delete<null>('/api/profile/logo')
}
