// The team: GET /api/company and the owner's actions on members and invitations, and the
// invitee's side (GET /api/invitations/:token, POST /api/invitations/accept).
import { Type, type Static } from '@sinclair/typebox'
import { EMAIL_MAX_LENGTH } from '../email.js'
import { MEMBER_ROLES } from '../members.js'
import { literals } from './schema-parts.js'

export const MemberSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  role: literals(MEMBER_ROLES),
  joinedAt: Type.String(),
  /** The member asking. */
  isYou: Type.Boolean()
})
export type Member = Static<typeof MemberSchema>

export const InvitationSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  createdAt: Type.String(),
  expiresAt: Type.String()
})
export type Invitation = Static<typeof InvitationSchema>

export const TeamBody = Type.Object({
  you: Type.Object({ userId: Type.String(), role: literals(MEMBER_ROLES) }),
  members: Type.Array(MemberSchema),
  /** Open invitations; only the owner sees them (empty for members). */
  invitations: Type.Array(InvitationSchema),
  seats: Type.Object({ members: Type.Integer(), pending: Type.Integer(), seats: Type.Integer() }),
  plan: Type.Object({ id: Type.String(), name: Type.String() }),
  /** Members beyond the plan's seats can read, not write (after a downgrade). */
  readOnly: Type.Boolean()
})
export type Team = Static<typeof TeamBody>

export const InviteBody = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH }) },
  { additionalProperties: false }
)
export const InvitationIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) })
export const MemberIdParams = Type.Object({ userId: Type.String({ maxLength: 64 }) })
export const TransferBody = Type.Object({ userId: Type.String({ maxLength: 64 }) }, { additionalProperties: false })

export const InvitationTokenParams = Type.Object({ token: Type.String({ maxLength: 128 }) })
export const INVITATION_STATES = ['open', 'used', 'cancelled', 'expired'] as const
export const InvitationViewBody = Type.Object({
  companyName: Type.String(),
  email: Type.String(),
  /** The sign-in address of the member who invited; '' once they have left the company. */
  invitedBy: Type.String(),
  state: literals(INVITATION_STATES)
})
export type InvitationView = Static<typeof InvitationViewBody>
export const AcceptInvitationBody = Type.Object({ token: Type.String({ maxLength: 128 }) }, { additionalProperties: false })
export const JoinedBody = Type.Object({ joined: Type.Literal(true) })

/** « Double authentification exigée de toute l’équipe »: whether it is on, and whether the plan offers it. */
export const TeamTwoFactorBody = Type.Object({
  requireTwoFactor: Type.Boolean(),
  available: Type.Boolean(),
  /** The requester's session proved a second factor. */
  signedInWithSecondFactor: Type.Boolean(),
  /** The requester is the owner, who decides. */
  canChange: Type.Boolean()
})
export type TeamTwoFactor = Static<typeof TeamTwoFactorBody>

export const TeamTwoFactorInput = Type.Object({ required: Type.Boolean() }, { additionalProperties: false })
