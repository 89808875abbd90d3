// « Double authentification exigée de toute l’équipe » (Entreprise): once the owner turns it on, a
// member's session must have proved a second factor (aal2) to reach the company's data; a member
// without one is sent to « Sécurité » to add it. The owner turns it on only from such a session,
// so the rule never locks out the one who set it.
import { paths } from '@paraphe/shared/paths'
import type { Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { requireFeature } from '../plans/plan-gates.js'
import { requireOwner, type RequestMember } from './membership.js'

export function assertTwoFactorMet(member: RequestMember): void {
  if (!member.requireTwoFactor || member.aal === 'aal2') return
  throw new ApiProblem(
    403,
    'two_factor_required',
    `Votre entreprise exige la double authentification : activez-la dans la page Sécurité (${paths.security.path}), puis reconnectez-vous si on vous le demande.`
  )
}

export async function setTeamTwoFactor(
  tx: Queryable,
  member: RequestMember,
  required: boolean,
  publicUrl: URL
): Promise<{ requireTwoFactor: boolean }> {
  requireOwner(member, 'exiger la double authentification')
  if (required) {
    await requireFeature(tx, 'teamTwoFactor', publicUrl)
    if (member.aal !== 'aal2') {
      throw new ApiProblem(
        403,
        'two_factor_required',
        'Activez d’abord la double authentification pour vous-même (page Sécurité), puis connectez-vous avec son code.'
      )
    }
  }
  await tx.query('update paraphe.companies set require_two_factor = $1 where id = $2', [required, member.companyId])
  return { requireTwoFactor: required }
}
