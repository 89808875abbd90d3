// The team endpoints of the gateway, typed once for the pages.
import type { Invitation, InvitationView, Team } from '@paraphe/shared/api/company-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { Invitation, InvitationView, Member, Team } from '@paraphe/shared/api/company-schemas'

const id = (value: string) => encodeURIComponent(value)

export const teamApi = {
  team: (api: ApiClient, signal?: AbortSignal) => api.get<Team>('/api/company', { signal }),
  invite: (api: ApiClient, email: string) => api.post<Invitation>('/api/company/invitations', { body: { email } }),
  resend: (api: ApiClient, invitationId: string) => api.post<Invitation>(`/api/company/invitations/${id(invitationId)}/resend`),
  cancel: (api: ApiClient, invitationId: string) => api.delete<null>(`/api/company/invitations/${id(invitationId)}`),
  remove: (api: ApiClient, userId: string) => api.delete<null>(`/api/company/members/${id(userId)}`),
  transfer: (api: ApiClient, userId: string) => api.post<null>('/api/company/transfer', { body: { userId } }),
  leave: (api: ApiClient) => api.post<null>('/api/company/leave'),
  view: (api: ApiClient, token: string, signal?: AbortSignal) => api.get<InvitationView>(`/api/invitations/${id(token)}`, { signal }),
  accept: (api: ApiClient, token: string) => api.post<{ joined: true }>('/api/invitations/accept', { body: { token } })
}
