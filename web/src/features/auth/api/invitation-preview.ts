// The public view of an invitation link (no session needed): who invites, to which company, and
// the invited address, which the sign-up form then takes as its own.
import type { InvitationView } from '@paraphe/shared/api/company-schemas'
import type { ApiClient } from '@/lib/api-client'

export type { InvitationView } from '@paraphe/shared/api/company-schemas'

export const invitationPreview = (api: ApiClient, token: string, signal?: AbortSignal) =>
  api.get<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`, { signal })
