// Companies with members: the roles, what each may do, and the invitation's rules. One module
// for the team page and the gateway that enforces it.
import type { Plan } from './plans.js'

export const MEMBER_ROLES = ['owner', 'member'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const MEMBER_ROLE_LABELS: Readonly<Record<MemberRole, string>> = {
  owner: 'Propriétaire',
  member: 'Membre'
}

/** An invitation link works this long, once. */
export const INVITATION_VALID_DAYS = 7
/** A new invitation e-mail to one address at most this often (the invitee's mailbox is not ours). */
export const INVITATION_RESEND_SECONDS = 60

export interface SeatUsage {
  /** Members, the owner included. */
  members: number
  /** Invitations sent and still open: each holds a seat until used, cancelled or expired. */
  pending: number
  seats: number
}

/** Whether one more invitation fits in the plan. */
export function canInvite(usage: SeatUsage): boolean {
  return usage.members + usage.pending < usage.seats
}

/**
 * After a downgrade below the member count, members other than the owner keep read access but
 * can no longer change anything, until the owner removes members or upgrades: the plan's seats
 * hold without anyone losing the quotes they wrote.
 */
export function membersAreReadOnly(plan: Plan, members: number): boolean {
  return members > plan.limits.seats
}

/** « 2 utilisateurs sur 5 » — shown on the team page. */
export function seatsText(usage: SeatUsage): string {
  const used = usage.members + usage.pending
  return `${used} utilisateur${used > 1 ? 's' : ''} sur ${usage.seats}${usage.pending > 0 ? ` (dont ${usage.pending} invitation${usage.pending > 1 ? 's' : ''} en attente)` : ''}`
}
