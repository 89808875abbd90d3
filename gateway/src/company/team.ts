// The team of a company: its members, the owner's invitations, and what each may change. Every
// function runs inside `asRequestUser`, so the policies keep it to the requester's company; the
// checks here say in French why something is refused.
import { isEmailAddress } from '@paraphe/shared/email'
import { canInvite, INVITATION_RESEND_SECONDS, INVITATION_VALID_DAYS, membersAreReadOnly, type MemberRole } from '@paraphe/shared/members'
import { seatsByPlan, teamPlan, type Plan } from '@paraphe/shared/plans'
import type { Invitation, InvitationView, Member, Team } from '@paraphe/shared/api/company-schemas'
import type { Site } from '../config.js'
import type { Queryable } from '../db/database.js'
import { isRowId } from '../db/row-id.js'
import { ApiProblem } from '../errors.js'
import { enqueueEmail } from '../mail/outbox.js'
import { invitationEmail } from '../mail/templates/invitation.js'
// Invitation links are made like signing links: 256 random bits, only their SHA-256 stored.
import { hashToken, isWellFormedToken, newSigningToken } from '../tokens/link-token.js'
import { upgradeOffer } from '../plans/plan-gates.js'
import { currentPlan } from '../plans/plan-usage.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { memberCount, requireOwner, type MemberScope, type RequestMember } from './membership.js'

const toIso = (value: Date | string): string => new Date(value).toISOString()
const memberNotFound = () =>
  new ApiProblem(404, 'not_found', 'Ce membre est introuvable : la propriété ne peut être transférée qu’à un membre de l’entreprise.')
const OPEN = 'accepted_at is null and cancelled_at is null and expires_at > now()'

async function members(tx: Queryable, you: RequestMember): Promise<Member[]> {
  const { rows } = await tx.query<{ user_id: string; email: string; role: MemberRole; joined_at: Date }>(
    `select user_id, email, role, joined_at from paraphe.company_members order by role = 'owner' desc, joined_at, email`
  )
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    role: row.role,
    joinedAt: toIso(row.joined_at),
    isYou: row.user_id === you.id
  }))
}

/** Open invitations (the policies show them to the owner only). */
async function openInvitations(tx: Queryable): Promise<Invitation[]> {
  const { rows } = await tx.query<{ id: string; email: string; sent_at: Date; expires_at: Date }>(
    `select id, email, sent_at, expires_at from paraphe.company_invitations where ${OPEN} order by sent_at desc`
  )
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: toIso(row.sent_at), expiresAt: toIso(row.expires_at) }))
}

async function openInvitationCount(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ n: number }>(`select count(*)::int as n from paraphe.company_invitations where ${OPEN}`)
  return rows[0]?.n ?? 0
}

export async function readTeam(tx: Queryable, you: RequestMember): Promise<Team> {
  const plan = await currentPlan(tx)
  const list = await members(tx, you)
  const invitations = you.role === 'owner' ? await openInvitations(tx) : []
  return {
    you: { userId: you.id, role: you.role },
    members: list,
    invitations,
    seats: { members: list.length, pending: invitations.length, seats: plan.limits.seats },
    plan: { id: plan.id, name: plan.name },
    readOnly: you.role === 'member' && membersAreReadOnly(plan, list.length)
  }
}

/** 403 when the plan has no room: an upgrade for a one-user plan, a choice to make on a full team. */
function seatsRefusal(plan: Plan, publicUrl: URL): ApiProblem {
  if (plan.limits.seats <= 1) {
    const offer = upgradeOffer(teamPlan(), publicUrl)
    return new ApiProblem(
      403,
      'plan_seats',
      `Votre formule ${plan.name} compte un seul utilisateur. Passez à la formule ${offer.planName} pour travailler à plusieurs (jusqu’à ${teamPlan().limits.seats} utilisateurs) : ${offer.url}`,
      undefined,
      offer
    )
  }
  return new ApiProblem(
    403,
    'seats_full',
    `Votre formule ${plan.name} compte ${plan.limits.seats} utilisateurs, et toutes les places sont prises (membres et invitations en attente). Retirez un membre ou annulez une invitation pour inviter quelqu’un d’autre.`
  )
}

/** One more invitation must fit in the plan's seats (members and open invitations). */
async function requireFreeSeat(tx: Queryable, publicUrl: URL): Promise<void> {
  const plan = await currentPlan(tx)
  if (!canInvite({ members: await memberCount(tx), pending: await openInvitationCount(tx), seats: plan.limits.seats }))
    throw seatsRefusal(plan, publicUrl)
}

async function companyName(tx: Queryable): Promise<string> {
  const { rows } = await tx.query<{ company_name: string }>('select company_name from paraphe.profiles')
  const name = rows[0]?.company_name.trim() ?? ''
  return name === '' ? 'votre entreprise' : name
}

async function queueInvitation(tx: Queryable, you: RequestMember, to: string, token: string, site: Site): Promise<void> {
  const email = invitationEmail(site, { companyName: await companyName(tx), invitedBy: you.email ?? 'Le propriétaire', token })
  await enqueueEmail(tx, { companyId: you.companyId, kind: 'company-invitation', to, replyTo: you.email, ...email })
}

export async function invite(tx: Queryable, you: RequestMember, rawEmail: string, site: Site): Promise<Invitation> {
  requireOwner(you, 'inviter des membres')
  const email = rawEmail.trim().toLowerCase()
  if (!isEmailAddress(email))
    throw new ApiProblem(400, 'validation_failed', 'Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.', {
      email: 'Saisissez une adresse e-mail valide, par exemple nom@entreprise.fr.'
    })
  const taken = await tx.query('select 1 from paraphe.company_members where lower(email) = $1', [email])
  if (taken.rows.length > 0)
    throw new ApiProblem(409, 'already_member', 'Cette personne fait déjà partie de votre entreprise.', {
      email: 'Cette personne fait déjà partie de votre entreprise.'
    })
  const pending = await tx.query(`select 1 from paraphe.company_invitations where lower(email) = $1 and ${OPEN}`, [email])
  if (pending.rows.length > 0) {
    throw new ApiProblem(
      409,
      'already_invited',
      'Une invitation attend déjà cette adresse : renvoyez-la depuis la liste des invitations.',
      { email: 'Une invitation attend déjà cette adresse : renvoyez-la depuis la liste des invitations.' }
    )
  }
  await requireFreeSeat(tx, site.siteUrl)
  const token = newSigningToken()
  const { rows } = await tx.query<{ id: string; sent_at: Date; expires_at: Date }>(
    `insert into paraphe.company_invitations (company_id, email, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(days => $4)) returning id, sent_at, expires_at`,
    [you.companyId, email, hashToken(token), INVITATION_VALID_DAYS]
  )
  const row = rows[0]
  if (row === undefined) throw new Error('invitation insert returned no row')
  await queueInvitation(tx, you, email, token, site)
  return { id: row.id, email, createdAt: toIso(row.sent_at), expiresAt: toIso(row.expires_at) }
}

const invitationNotFound = () => new ApiProblem(404, 'not_found', 'Cette invitation est introuvable ou n’est plus en attente.')

/** A new link (the previous one stops working), a new week, a new e-mail; an expired one revives if a seat is free. */
export async function resendInvitation(tx: Queryable, you: RequestMember, id: string, site: Site): Promise<Invitation> {
  requireOwner(you, 'renvoyer une invitation')
  if (!isRowId(id)) throw invitationNotFound()
  const { rows } = await tx.query<{ email: string; expired: boolean; recent: boolean }>(
    `select email, expires_at <= now() as expired, sent_at > now() - make_interval(secs => $2) as recent
       from paraphe.company_invitations where id = $1 and accepted_at is null and cancelled_at is null for update`,
    [id, INVITATION_RESEND_SECONDS]
  )
  const found = rows[0]
  if (found === undefined) throw invitationNotFound()
  if (found.recent)
    throw new ApiProblem(429, 'too_soon', 'Cette invitation vient d’être envoyée : patientez une minute avant de la renvoyer.')
  if (found.expired) await requireFreeSeat(tx, site.siteUrl)
  const token = newSigningToken()
  const updated = await tx.query<{ sent_at: Date; expires_at: Date }>(
    `update paraphe.company_invitations set token_hash = $2, sent_at = now(), expires_at = now() + make_interval(days => $3)
      where id = $1 returning sent_at, expires_at`,
    [id, hashToken(token), INVITATION_VALID_DAYS]
  )
  const row = updated.rows[0]
  if (row === undefined) throw invitationNotFound()
  await queueInvitation(tx, you, found.email, token, site)
  return { id, email: found.email, createdAt: toIso(row.sent_at), expiresAt: toIso(row.expires_at) }
}

/** « Inviter » as the routes call it: the invitation, then its e-mail sent once the transaction committed. */
export async function inviteMember(scope: MemberScope, wake: QueueWake, email: string, site: Site): Promise<Invitation> {
  const invitation = await scope((tx, you) => invite(tx, you, email, site))
  wake.outbox()
  return invitation
}

/** « Renvoyer l’invitation », its e-mail sent once the transaction committed. */
export async function resendInvitationNow(scope: MemberScope, wake: QueueWake, id: string, site: Site): Promise<Invitation> {
  const invitation = await scope((tx, you) => resendInvitation(tx, you, id, site))
  wake.outbox()
  return invitation
}

export async function cancelInvitation(tx: Queryable, you: RequestMember, id: string): Promise<void> {
  requireOwner(you, 'annuler une invitation')
  if (!isRowId(id)) throw invitationNotFound()
  const { rowCount } = await tx.query(
    'update paraphe.company_invitations set cancelled_at = now() where id = $1 and accepted_at is null and cancelled_at is null',
    [id]
  )
  if (rowCount === 0) throw invitationNotFound()
}

export async function removeMember(tx: Queryable, you: RequestMember, userId: string): Promise<void> {
  requireOwner(you, 'retirer un membre')
  if (!isRowId(userId)) throw new ApiProblem(404, 'not_found', 'Ce membre est introuvable.')
  if (userId === you.id)
    throw new ApiProblem(
      409,
      'owner_cannot_leave',
      'Vous êtes le propriétaire : transférez d’abord la propriété à un membre pour quitter l’entreprise.'
    )
  const { rowCount } = await tx.query(`delete from paraphe.company_members where user_id = $1 and role = 'member'`, [userId])
  if (rowCount === 0) throw new ApiProblem(404, 'not_found', 'Ce membre est introuvable.')
}

/** A member leaves; at their next request they start over with a company of their own. */
export async function leaveCompany(tx: Queryable, you: RequestMember): Promise<void> {
  if (you.role === 'owner')
    throw new ApiProblem(
      409,
      'owner_cannot_leave',
      'Vous êtes le propriétaire : transférez d’abord la propriété à un membre pour quitter l’entreprise.'
    )
  await tx.query('delete from paraphe.company_members where user_id = $1', [you.id])
}

export async function transferOwnership(tx: Queryable, you: RequestMember, userId: string): Promise<void> {
  requireOwner(you, 'transférer la propriété')
  if (!isRowId(userId)) throw memberNotFound()
  const { rows } = await tx.query<{ result: string }>('select paraphe.transfer_ownership($1::uuid) as result', [userId])
  if (rows[0]?.result !== 'transferred') throw memberNotFound()
}

/** What the invitation page shows, for anyone holding the link; null for an unknown link. */
export async function viewInvitation(tx: Queryable, token: string): Promise<InvitationView | null> {
  if (!isWellFormedToken(token)) return null
  const { rows } = await tx.query<{ view: InvitationView | null }>('select paraphe.invitation_view($1) as view', [hashToken(token)])
  return rows[0]?.view ?? null
}

/**
 * The address an open invitation was sent to (lower case), for its link's token; null otherwise.
 * Signing up from the link proves that address (the embedded accounts skip their confirmation).
 */
export async function openInvitationAddress(tx: Queryable, token: string): Promise<string | null> {
  const view = await viewInvitation(tx, token)
  return view?.state === 'open' ? view.email.toLowerCase() : null
}

const ACCEPT_REFUSALS: Readonly<Record<string, () => ApiProblem>> = {
  not_found: () => new ApiProblem(404, 'not_found', 'Cette invitation est introuvable : vérifiez le lien reçu par e-mail.'),
  used: () =>
    new ApiProblem(410, 'invitation_used', 'Cette invitation a déjà servi. Si ce n’était pas vous, demandez une nouvelle invitation.'),
  cancelled: () => new ApiProblem(410, 'invitation_cancelled', 'Cette invitation a été annulée par l’entreprise.'),
  expired: () =>
    new ApiProblem(
      410,
      'invitation_expired',
      `Cette invitation a expiré (elle vaut ${INVITATION_VALID_DAYS} jours) : demandez-en une nouvelle à l’entreprise.`
    ),
  wrong_email: () =>
    new ApiProblem(
      403,
      'invitation_wrong_email',
      'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous avec l’adresse qui l’a reçue.'
    ),
  has_data: () =>
    new ApiProblem(
      409,
      'has_own_company',
      'Votre compte a déjà ses propres devis, un abonnement ou des membres : il ne peut pas rejoindre une autre entreprise. Utilisez une autre adresse e-mail pour cette invitation.'
    ),
  no_seat: () =>
    new ApiProblem(409, 'seats_full', 'L’entreprise n’a plus de place libre dans sa formule : demandez au propriétaire d’en libérer une.')
}

function refusal(result: string): ApiProblem | Error {
  const make = ACCEPT_REFUSALS[result]
  return make === undefined ? new Error(`accept_invitation: ${result}`) : make()
}

export async function acceptInvitation(tx: Queryable, you: RequestMember, token: string): Promise<void> {
  if (!isWellFormedToken(token)) throw refusal('not_found')
  const { rows } = await tx.query<{ result: string }>('select paraphe.accept_invitation($1, $2, $3::jsonb) as result', [
    hashToken(token),
    you.email ?? '',
    JSON.stringify(seatsByPlan())
  ])
  const result = rows[0]?.result ?? 'not_found'
  if (result === 'joined' || result === 'already_member') return
  throw refusal(result)
}
