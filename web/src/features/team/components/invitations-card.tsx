// The owner's invitations: the form to invite a colleague while seats are free, the pending
// invitations with « Renvoyer » and « Annuler », or the upgrade prompt on a one-user plan.
import { formatDateTime } from '@paraphe/shared/dates'
import type { FormEvent, RefObject } from 'react'
import { canInvite } from '@paraphe/shared/members'
import { teamPlan } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import type { Invitation, Team } from '../api/team-api'

/** The invitation form and the pending invitations; the team page (through TeamDetails) runs the actions. */
export interface InvitationsCardProps {
  team: Team
  working: boolean
  email: string
  emailProblem: string | null
  emailRef: RefObject<HTMLInputElement | null>
  onEmailChange: (email: string) => void
  onInvite: (event: FormEvent<HTMLFormElement>) => void
  onResend: (invitation: Invitation) => void
  onCancel: (invitation: Invitation) => void
  upgradeName: string
}

export function InvitationsCard(props: InvitationsCardProps) {
  const { team, working } = props
  if (team.seats.seats <= 1) {
    return (
      <section className="card team-card" aria-labelledby="team-invite">
        <h2 id="team-invite">
          Inviter des collègues <PlanBadge plan={teamPlan()} />
        </h2>
        <p>
          <UpgradePrompt plan={teamPlan()}>
            Votre formule {team.plan.name} compte un seul utilisateur. La formule {props.upgradeName} permet de travailler jusqu’à{' '}
            {teamPlan().limits.seats} sur les mêmes devis.
          </UpgradePrompt>
        </p>
      </section>
    )
  }
  const full = !canInvite(team.seats)
  const problemId = 'invite-email-error'
  return (
    <section className="card team-card" aria-labelledby="team-invite">
      <h2 id="team-invite">Inviter un collègue</h2>
      {full ? (
        <p className="notice" role="status">
          Toutes les places de votre formule sont prises : retirez un membre ou annulez une invitation pour inviter quelqu’un d’autre.
        </p>
      ) : (
        <form className="team-invite" noValidate onSubmit={props.onInvite}>
          <div className={props.emailProblem === null ? 'field' : 'field field--invalid'}>
            <label htmlFor="invite-email">Adresse e-mail</label>
            <p className="field__hint" id="invite-email-hint">
              La personne reçoit un lien valable 7 jours pour rejoindre l’entreprise, avec un compte existant ou nouveau.
            </p>
            <input
              ref={props.emailRef}
              id="invite-email"
              type="email"
              autoComplete="off"
              inputMode="email"
              value={props.email}
              onChange={(event) => props.onEmailChange(event.target.value)}
              aria-invalid={props.emailProblem === null ? undefined : true}
              aria-describedby={props.emailProblem === null ? 'invite-email-hint' : `invite-email-hint ${problemId}`}
            />
            {props.emailProblem === null ? null : (
              <p className="field__error" id={problemId}>
                {props.emailProblem}
              </p>
            )}
          </div>
          <button type="submit" className="button button--primary" disabled={working}>
            Inviter
          </button>
        </form>
      )}
      <h3>Invitations en attente</h3>
      {team.invitations.length === 0 ? (
        <p>Aucune invitation en attente.</p>
      ) : (
        <ul className="team-list">
          {team.invitations.map((invitation) => (
            <li key={invitation.id} className="team-list__item">
              <span className="team-list__who">
                <strong>{invitation.email}</strong> — envoyée le {formatDateTime(invitation.createdAt)}, valable jusqu’au{' '}
                {formatDateTime(invitation.expiresAt)}
              </span>
              <span className="team-list__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={working}
                  onClick={() => props.onResend(invitation)}
                  aria-label={`Renvoyer l’invitation à ${invitation.email}`}
                >
                  Renvoyer
                </button>
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={working}
                  onClick={() => props.onCancel(invitation)}
                  aria-label={`Annuler l’invitation à ${invitation.email}`}
                >
                  Annuler
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
