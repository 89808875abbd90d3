// The profile routes of the API (see the workspace API contract), typed.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { WorkspaceApi } from '@/lib/workspace-api'

export interface LogoInfo {
  type: 'image/png' | 'image/jpeg'
  updatedAt: string
}

export interface ProfileBody {
  profile: CompanyProfile
  logo: LogoInfo | null
}

export const profileApi = {
  get: (api: WorkspaceApi, signal?: AbortSignal) => api.get<ProfileBody>('/api/profile', { signal }),
  save: (api: WorkspaceApi, profile: CompanyProfile) => api.put<ProfileBody>('/api/profile', { body: profile }),
  logo: async (api: WorkspaceApi, signal?: AbortSignal) => (await api.download('/api/profile/logo', { signal })).blob,
  uploadLogo: async (api: WorkspaceApi, file: Blob, type: string) => (await api.upload<{ logo: LogoInfo | null }>('/api/profile/logo', file, type)).logo,
  removeLogo: (api: WorkspaceApi) => api.delete<null>('/api/profile/logo')
}
