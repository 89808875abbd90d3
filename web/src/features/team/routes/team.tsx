import { useRef, useState, type FormEvent } from 'react'
import { ActionOutcomeNotice, LoadFailure, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { useInvalidate } from '@/hooks/use-invalidate'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import { useTeam } from '../api/get-team'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { teamApi } from '../api/team-api'
import { TeamDetails, type Confirming } from '../components/team-details'

export const handle: RouteHandle = {
  title: 'Équipe',
  description: 'Les membres de votre entreprise, les invitations en attente et les places de votre formule.'
}

export { TeamPage as Component }

function TeamPage() {
  const { api } = useWorkspace()
  const load = loadOf(useTeam())
  const reload = useInvalidate(queryKeys.team)
  const [email, setEmail] = useState('')
  const [emailProblem, setEmailProblem] = useState<string | null>(null)
  const [status, setStatus] = useState<ActionOutcome>(null)
  const [working, setWorking] = useState(false)
  const [confirming, setConfirming] = useState<Confirming>(null)
  const emailRef = useRef<HTMLInputElement>(null)

  /** Runs one action, says how it went, and reloads the team. */
  async function run(action: () => Promise<unknown>, done: string): Promise<boolean> {
    setWorking(true)
    setStatus(null)
    try {
      await action()
      setConfirming(null)
      await reload()
      setStatus({ kind: 'done', text: done })
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
      setEmail('')
      await reload()
      setStatus({ kind: 'done', text: `Invitation envoyée à ${address}.` })
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
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={reload} /> : null}
      <ActionOutcomeNotice outcome={status} />
      {load.kind === 'ready' ? (
        <TeamDetails
          team={load.data}
          working={working}
          confirming={confirming}
          onConfirm={setConfirming}
          email={email}
          emailProblem={emailProblem}
          emailRef={emailRef}
          onEmailChange={setEmail}
          onInvite={(event) => void invite(event)}
          onRemove={(member) => void run(() => teamApi.remove(api, member.userId), `${member.email} ne fait plus partie de l’entreprise.`)}
          onTransfer={(member) =>
            void run(() => teamApi.transfer(api, member.userId), `${member.email} est désormais propriétaire de l’entreprise.`)
          }
          onLeave={() => void run(() => teamApi.leave(api), 'Vous avez quitté l’entreprise : votre espace repart de zéro.')}
          onResend={(invitation) => void run(() => teamApi.resend(api, invitation.id), `Invitation renvoyée à ${invitation.email}.`)}
          onCancel={(invitation) => void run(() => teamApi.cancel(api, invitation.id), `Invitation à ${invitation.email} annulée.`)}
        />
      ) : null}
    </article>
  )
}
