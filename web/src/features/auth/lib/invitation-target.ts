// A sign-in or sign-up heading to an invitation (`redirectTo=/espace/invitation?token=…`): the
// auth pages then speak of the invitation, and the invitation page joins at once on arrival
// (`rejoindre=1`), so a new member goes from the e-mail to the company without a « Rejoindre »
// click (issue 26: joining a team in five actions at most).
import { paths } from '@paraphe/shared/paths'

const BASE = 'https://same-site.invalid'
export const JOIN_ON_ARRIVAL = 'rejoindre'

/** The invitation token a redirect target leads to, or null for any other target. */
export function invitationTokenOf(target: string | undefined): string | null {
  if (target === undefined) return null
  const url = new URL(target, BASE)
  if (url.origin !== BASE || url.pathname.replace(/\/$/, '') !== paths.invitation.path) return null
  const token = url.searchParams.get('token')
  return token === null || token === '' ? null : token
}

/** The invitation target that joins on arrival; any other target unchanged. */
export function joiningTarget(target: string): string {
  const token = invitationTokenOf(target)
  if (token === null) return target
  return `${paths.invitation.href(token)}&${JOIN_ON_ARRIVAL}=1`
}
