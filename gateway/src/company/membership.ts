// Who is asking, as a member of their company: resolved at every request inside its transaction,
// so a removed member loses access at their next request, not when their token expires.
import { membersAreReadOnly, type MemberRole } from '@paraphe/shared/members'
import type { AuthUser } from '../auth/token-verifier.js'
import { sqlLiteral, type OpenedRows, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { currentPlan } from '../plans/plan-usage.js'

export interface RequestMember extends AuthUser {
  companyId: string
  role: MemberRole
  /** The owner requires a second factor of every member (Entreprise). */
  requireTwoFactor: boolean
}

/** Runs `work` in the requesting member's transaction (RLS, seats and plan checked): what the routes hand to domain actions. */
export type MemberScope = <T>(work: (tx: Queryable, member: RequestMember) => Promise<T>) => Promise<T>

/**
 * The read that gives the request user's company and role, run as their transaction opens (in the
 * same round trip as its BEGIN); a user's first request creates their own company.
 */
export function membershipRead(user: AuthUser): string {
  // The company row of a first request is created by my_membership in this very statement, which
  // does not see it yet: no row there means no requirement, as a new company has none.
  return `select m.company_id, m.role,
            coalesce((select c.require_two_factor from paraphe.companies c where c.id = m.company_id), false) as require_two_factor
            from paraphe.my_membership(${sqlLiteral(user.email ?? '')}) m`
}

/** The member that read found. */
export function memberFrom(user: AuthUser, rows: OpenedRows): RequestMember {
  // The opening's rows are untyped (a simple-protocol read): checked, not cast.
  const row = rows[0]
  if (row === undefined) throw new Error('my_membership returned no row')
  const { company_id: companyId, role, require_two_factor: requireTwoFactor } = row
  if (typeof companyId !== 'string' || (role !== 'owner' && role !== 'member') || typeof requireTwoFactor !== 'boolean') {
    throw new Error('my_membership returned an unexpected row')
  }
  return { ...user, companyId, role, requireTwoFactor }
}

/** The requester's company's members, the owner included (the policies keep the count to it). */
export async function memberCount(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ members: number }>('select count(*)::int as members from paraphe.company_members')
  return rows[0]?.members ?? 1
}

/** Members beyond the plan's seats (after a downgrade) read but do not write; the owner always writes. */
export async function assertMayWrite(tx: Queryable, member: RequestMember): Promise<void> {
  if (member.role === 'owner') return
  const plan = await currentPlan(tx)
  if (membersAreReadOnly(plan, await memberCount(tx))) {
    throw new ApiProblem(
      403,
      'seats_exceeded',
      `Votre entreprise compte plus de membres que sa formule ${plan.name} n’en permet (${plan.limits.seats}) : vous pouvez consulter les devis, pas les modifier. Le propriétaire peut retirer des membres ou choisir la formule Entreprise.`
    )
  }
}

export function requireOwner(member: RequestMember, what: string): void {
  if (member.role !== 'owner') throw new ApiProblem(403, 'owner_only', `Seul le propriétaire de l’entreprise peut ${what}.`)
}
