import { useState } from 'react'
import { ActionOutcomeNotice, LoadingStatus, type ActionOutcome } from '@/components/ui/load-state'
import { closeSession, signOutOthers } from '@/lib/account-security'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { asApiError } from '@/lib/api-client'
import { useInvalidate } from '@/hooks/use-invalidate'
import { useWorkspace } from '@/hooks/use-workspace'
import { useSecurity } from '../api/get-security'
import { teamTwoFactorApi } from '../api/team-two-factor-api'
import { SessionsCard } from '../components/sessions-card'
import { TeamTwoFactorCard } from '../components/team-two-factor-card'
import { TwoFactorCard } from '../components/two-factor-card'

export const handle: RouteHandle = {
  title: 'Sécurité',
  description: 'La double authentification de votre compte et les appareils où il est ouvert.'
}

export { SecurityPage as Component }

function SecurityPage() {
  const { supabaseAnonKey: anonKey } = useRuntimeConfig()
  const { api } = useWorkspace()
  const load = loadOf(useSecurity())
  const reload = useInvalidate(queryKeys.security)
  const [outcome, setOutcome] = useState<ActionOutcome>(null)
  const [pending, setPending] = useState(false)

  async function act(work: () => Promise<{ ok: boolean; message?: string }>, done: string) {
    setPending(true)
    setOutcome(null)
    const result = await work()
    setPending(false)
    setOutcome(result.ok ? { kind: 'done', text: done } : { kind: 'failed', text: result.message ?? '' })
    await reload()
  }

  return (
    <article className="team-page">
      <header className="page-intro workspace-intro">
        <h1>Sécurité</h1>
        <p className="lead">La double authentification de votre compte, et les appareils où il est ouvert.</p>
      </header>
      <ActionOutcomeNotice outcome={outcome} />
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? (
        <div className="notice notice--error" role="alert">
          <p>{load.error.message}</p>
        </div>
      ) : null}
      {load.kind === 'ready' && anonKey !== null ? (
        <>
          <TwoFactorCard
            supabase={load.data.supabase}
            anonKey={anonKey}
            factor={load.data.factor}
            recovery={load.data.recovery}
            onChanged={async (text) => {
              setOutcome({ kind: 'done', text })
              await reload()
            }}
          />
          {load.data.team === null ? null : (
            <TeamTwoFactorCard
              rule={load.data.team}
              pending={pending}
              onChange={(required) =>
                void act(
                  async () => {
                    try {
                      await teamTwoFactorApi.set(api, required)
                      return { ok: true }
                    } catch (error) {
                      return { ok: false, message: asApiError(error).message }
                    }
                  },
                  required
                    ? 'La double authentification est exigée de toute l’équipe.'
                    : 'La double authentification n’est plus exigée de l’équipe.'
                )
              }
            />
          )}
          <SessionsCard
            sessions={load.data.sessions}
            pending={pending}
            onClose={(session) =>
              void act(
                () => closeSession(load.data.supabase, anonKey, session.id),
                `La session « ${session.device} » est fermée : sa prochaine requête sera refusée.`
              )
            }
            onCloseOthers={() =>
              void act(
                () => signOutOthers(load.data.supabase),
                'Toutes les autres sessions sont fermées : seul cet appareil reste connecté.'
              )
            }
          />
        </>
      ) : null}
    </article>
  )
}
