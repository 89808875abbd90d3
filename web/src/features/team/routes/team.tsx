import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatDateTime } from '@paraphe/shared/dates'
import { canInvite, MEMBER_ROLE_LABELS, seatsText } from '@paraphe/shared/members'
import { teamPlan } from '@paraphe/shared/plans'
import { PlanBadge, UpgradePrompt } from '@/components/ui/plan-badge'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError, type ApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { teamApi, type Invitation, type Member, type Team } from '../api/team-api'

export const handle: RouteHandle = {
  title: 'Équipe',
  description: 'Les membres de votre entreprise, les invitations en attente et les places de votre formule.'
}

export { TeamPage as Component }

type Load = { kind: 'loading' } | { kind: 'ready'; team: Team } | { kind: 'failed'; error: ApiError }
/** An action waiting for its confirmation (removing, handing over, leaving cannot be undone from here). */
type Confirming = { action: 'remove' | 'transfer'; member: Member } | { action: 'leave' } | null

function TeamPage() {
  const { userId, api } = useWorkspace()
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [email, setEmail] = useState('')
  const [emailProblem, setEmailProblem] = useState<string | null>(null)
  const [status, setStatus] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null)
  const [working, setWorking] = useState(false)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const emailRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (userId === null) return
    const controller = new AbortController()
    teamApi.team(api, controller.signal).then(
      (team) => setLoad({ kind: 'ready', team }),
      (error: unknown) => {
        if (!controller.signal.aborted) setLoad({ kind: 'failed', error: asApiError(error) })
      }
    )
    return () => controller.abort()
  }, [api, userId, attempt])

  /** Runs one action, says how it went, and reloads the team. */
  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setWorking(true)
    setStatus(null)
    try {
      await action()
      setStatus({ kind: 'done', text: done })
      setConfirming(null)
      setAttempt((count) => count + 1)
      return true
    } catch (error) {
      setStatus({ kind: 'failed', text: asApiError(error).message })
      return false
    } finally {
      setWorking(false)
    }
  }

  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (address === '') {
      setEmailProblem('Saisissez l’adresse e-mail de la personne à inviter.')
      emailRef.current?.focus()
      return
    }
    setEmailProblem(null)
    setWorking(true)
    setStatus(null)
    try {
      await teamApi.invite(api, address)
      setStatus({ kind: 'done', text: `Invitation envoyée à ${address}.` })
      setEmail('')
      setAttempt((count) => count + 1)
    } catch (error) {
      const problem = asApiError(error)
      if (problem.fields?.['email'] !== undefined) {
        setEmailProblem(problem.fields['email'])
        emailRef.current?.focus()
      } else setStatus({ kind: 'failed', text: problem.message })
    } finally {
      setWorking(false)
    }
  }

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Équipe</h1>
        <p className="lead">Les personnes qui rédigent et envoient les devis de votre entreprise.</p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={() => setAttempt((count) => count + 1)} /> : null}
      <div aria-live="polite">
        {status !== null ? (
          <p className={status.kind === 'done' ? 'notice notice--success' : 'notice notice--error'} role={status.kind === 'failed' ? 'alert' : 'status'}>
            {status.text}
          </p>
        ) : null}
      </div>
      {load.kind === 'ready' ? (
        <TeamDetails
          team={load.team}
          working={working}
          confirming={confirming}
          onConfirm={setConfirming}
          email={email}
          emailProblem={emailProblem}
          emailRef={emailRef}
          onEmailChange={setEmail}
          onInvite={(event) => void invite(event)}
          onRemove={(member) => void run(() => teamApi.remove(api, member.userId), `${member.email} ne fait plus partie de l’entreprise.`)}
          onTransfer={(member) => void run(() => teamApi.transfer(api, member.userId), `${member.email} est désormais propriétaire de l’entreprise.`)}
          onLeave={() => void run(() => teamApi.leave(api), 'Vous avez quitté l’entreprise : votre espace repart de zéro.')}
          onResend={(invitation) => void run(() => teamApi.resend(api, invitation.id), `Invitation renvoyée à ${invitation.email}.`)}
          onCancel={(invitation) => void run(() => teamApi.cancel(api, invitation.id), `Invitation à ${invitation.email} annulée.`)}
        />
      ) : null}
    </article>
  )
}

interface TeamDetailsProps {
  team: Team
  working: boolean
  confirming: Confirming
  onConfirm: (confirming: Confirming) => void
  email: string
  emailProblem: string | null
  emailRef: React.RefObject<HTMLInputElement | null>
  onEmailChange: (email: string) => void
  onInvite: (event: FormEvent<HTMLFormElement>) => void
  onRemove: (member: Member) => void
  onTransfer: (member: Member) => void
  onLeave: () => void
  onResend: (invitation: Invitation) => void
  onCancel: (invitation: Invitation) => void
}

function TeamDetails(props: TeamDetailsProps) {
  const { team, working, confirming, onConfirm } = props
  const owner = team.you.role === 'owner'
  const upgrade = teamPlan()
  return (
    <>
      {team.readOnly ? (
        <p className="notice notice--warning" role="status">
          Votre entreprise compte plus de membres que sa formule {team.plan.name} n’en permet : vous pouvez consulter les devis, pas les modifier.
          Le propriétaire peut retirer des membres ou choisir la formule {upgrade.name}.
        </p>
      ) : null}
      {owner && team.seats.members > team.seats.seats ? (
        <p className="notice notice--warning" role="status">
          Votre entreprise compte {team.seats.members} membres pour {team.seats.seats} place{team.seats.seats > 1 ? 's' : ''} dans la formule {team.plan.name} : les
          membres peuvent consulter les devis, plus les modifier. Retirez des membres ou choisissez la formule {upgrade.name}.
        </p>
      ) : null}
      <section className="card team-card" aria-labelledby="team-members">
        <h2 id="team-members">Membres</h2>
        <p className="team-seats">
          Formule {team.plan.name} : {seatsText(team.seats)}
        </p>
        <ul className="team-list">
          {team.members.map((member) => (
            <li key={member.userId} className="team-list__item">
              <span className="team-list__who">
                <strong>{member.email === '' ? 'Adresse inconnue' : member.email}</strong>
                {member.isYou ? ' (vous)' : null} — {MEMBER_ROLE_LABELS[member.role]}
              </span>
              {owner && member.role === 'member' ? (
                confirming !== null && confirming.action !== 'leave' && confirming.member.userId === member.userId ? (
                  <span className="team-list__actions">
                    <button type="button" className="button button--danger" disabled={working} onClick={() => (confirming.action === 'remove' ? props.onRemove(member) : props.onTransfer(member))}>
                      {confirming.action === 'remove' ? `Confirmer le retrait de ${member.email}` : `Confirmer : ${member.email} devient propriétaire`}
                    </button>
                    <button type="button" className="button button--ghost" onClick={() => onConfirm(null)}>
                      Annuler
                    </button>
                  </span>
                ) : (
                  <span className="team-list__actions">
                    <button type="button" className="button button--ghost" disabled={working} onClick={() => onConfirm({ action: 'remove', member })} aria-label={`Retirer ${member.email}`}>
                      Retirer
                    </button>
                    <button type="button" className="button button--ghost" disabled={working} onClick={() => onConfirm({ action: 'transfer', member })} aria-label={`Transférer la propriété à ${member.email}`}>
                      Transférer la propriété
                    </button>
                  </span>
                )
              ) : null}
            </li>
          ))}
        </ul>
        {!owner ? (
          confirming?.action === 'leave' ? (
            <p className="actions">
              <button type="button" className="button button--danger" disabled={working} onClick={props.onLeave}>
                Confirmer : quitter l’entreprise
              </button>
              <button type="button" className="button button--ghost" onClick={() => onConfirm(null)}>
                Annuler
              </button>
            </p>
          ) : (
            <p className="actions">
              <button type="button" className="button button--ghost" onClick={() => onConfirm({ action: 'leave' })}>
                Quitter l’entreprise
              </button>
            </p>
          )
        ) : null}
        {!owner ? <p className="field__hint">Les invitations, les membres et l’abonnement sont gérés par le propriétaire de l’entreprise.</p> : null}
      </section>
      {owner ? <Invitations {...props} upgradeName={upgrade.name} /> : null}
    </>
  )
}

function Invitations(props: TeamDetailsProps & { upgradeName: string }) {
  const { team, working } = props
  if (team.seats.seats <= 1) {
    return (
      <section className="card team-card" aria-labelledby="team-invite">
        <h2 id="team-invite">
          Inviter des collègues <PlanBadge plan={teamPlan()} />
        </h2>
        <p>
          <UpgradePrompt plan={teamPlan()}>
            Votre formule {team.plan.name} compte un seul utilisateur. La formule {props.upgradeName} permet de travailler jusqu’à {teamPlan().limits.seats} sur les mêmes devis.
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
                <strong>{invitation.email}</strong> — envoyée le {formatDateTime(invitation.createdAt)}, valable jusqu’au {formatDateTime(invitation.expiresAt)}
              </span>
              <span className="team-list__actions">
                <button type="button" className="button button--ghost" disabled={working} onClick={() => props.onResend(invitation)} aria-label={`Renvoyer l’invitation à ${invitation.email}`}>
                  Renvoyer
                </button>
                <button type="button" className="button button--ghost" disabled={working} onClick={() => props.onCancel(invitation)} aria-label={`Annuler l’invitation à ${invitation.email}`}>
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
