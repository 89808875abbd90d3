// The account part of the workspace (the professional's area under /espace): who is signed in as
// the gateway reads the access token, the notice after a password change, and signing out. The
// workspace layout (app/workspace) shows it above every workspace page; the pages themselves
// (quotes, profile) live in their features.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { SessionBody } from '@paraphe/shared/api/session-schemas'
import { paths } from '@paraphe/shared/paths'
import { ApiError, useApiClient, type ApiClient } from '@/lib/api-client'
import { FormAlert, FormStatus } from '@/components/form/form-alert'
import { useProfile } from '@/hooks/use-profile'
import { queryKeys } from '@/lib/query-keys'
import { useAuthSession } from '../hooks/use-auth-session'
import { AccountMenu } from './account-menu'
import { useSignOut } from '../hooks/use-sign-out'

/** Who is signed in, as the gateway reads the access token (GET /api/session). */
export async function loadAccount(api: ApiClient, signal?: AbortSignal): Promise<Load> {
  try {
    const body = await api.get<SessionBody>('/api/session', { signal })
    return { kind: 'ready', email: body.user.email }
  } catch (error) {
    return { kind: 'failed', error: error instanceof ApiError ? error : new ApiError(0, 'unknown', String(error)) }
  }
}

export type Load = { kind: 'loading' } | { kind: 'ready'; email: string | null } | { kind: 'failed'; error: ApiError }

// The pages around it are guarded by `auth` (the route table): without a session the visitor is
// sent to the sign-in page before this shows anything but the prerendered « Chargement… ».
export function AccountSection({ links }: { links?: ReactNode }) {
  const session = useAuthSession({ eager: true })
  const api = useApiClient()
  const location = useLocation()
  const { signOut, pending: signingOut, error: signOutError } = useSignOut()
  const [passwordChanged, setPasswordChanged] = useState(false)
  const userId = session.status === 'signed-in' && session.confirmed ? (session.session?.user.id ?? null) : null

  useEffect(() => {
    setPasswordChanged((location.state as { notice?: unknown } | null)?.notice === 'password-changed')
  }, [location.state])

  const account = useQuery({ queryKey: queryKeys.session, queryFn: ({ signal }) => loadAccount(api, signal), enabled: userId !== null })
  // The company the header speaks for: the same cached profile as the page's, so a change saved
  // on the profile page shows here at once.
  const profile = useProfile()

  return (
    <AccountView
      signedOut={session.status === 'signed-out' && session.confirmed}
      load={account.isFetching && account.data?.kind === 'failed' ? { kind: 'loading' } : (account.data ?? { kind: 'loading' })}
      companyName={profile.data?.profile.companyName ?? ''}
      passwordChanged={passwordChanged}
      onRetry={() => void account.refetch()}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
      signOutError={signOutError}
      returnTo={`${location.pathname}${location.search}`}
      links={links}
    />
  )
}

export interface AccountViewProps {
  /** The session ended while the page was open (another tab signed out). */
  signedOut: boolean
  load: Load
  /** The company's name from its profile ('' until it is given or read). */
  companyName?: string
  passwordChanged: boolean
  onRetry: () => void
  onSignOut: () => void
  signingOut: boolean
  signOutError: string | null
  /** Where signing in again leads back to (the page being shown). */
  returnTo?: string
  /** The settings' links shown in the account menu. */
  links?: ReactNode
}

/** The account section for each state: loading (also the prerender), failed, greeted, signed out. */
export function AccountView({
  signedOut,
  load,
  companyName = '',
  passwordChanged,
  onRetry,
  onSignOut,
  signingOut,
  signOutError,
  returnTo = paths.account.href(),
  links = null
}: AccountViewProps) {
  if (signedOut) {
    return (
      <section className="account" aria-label="Votre compte">
        <p className="notice">Vous n’êtes plus connecté.</p>
        <p className="account__actions">
          <Link className="button button--primary" to={paths.login.href(returnTo)}>
            Se connecter
          </Link>
        </p>
      </section>
    )
  }

  if (load.kind === 'failed') {
    const sessionEnded = load.error.status === 401
    return (
      <section className="account" aria-label="Votre compte">
        <FormAlert>{sessionEnded ? 'Votre session a expiré ou n’est plus valable\u202f: reconnectez-vous.' : load.error.message}</FormAlert>
        <p className="account__actions">
          {sessionEnded ? (
            <Link className="button button--primary" to={paths.login.href(returnTo)}>
              Se reconnecter
            </Link>
          ) : (
            <button type="button" className="button button--primary" onClick={onRetry}>
              Réessayer
            </button>
          )}
        </p>
      </section>
    )
  }

  if (load.kind === 'loading') {
    return (
      <section className="account" aria-label="Votre compte">
        <p className="account__loading" role="status">
          Chargement de votre espace…
        </p>
      </section>
    )
  }

  return (
    <section className="account" aria-label="Votre compte">
      {/* Keyed by the page: a link followed closes the menu. */}
      <AccountMenu
        key={returnTo}
        email={load.email}
        companyName={companyName}
        links={links}
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
      {signOutError === null ? null : <FormAlert>{signOutError}</FormAlert>}
      {passwordChanged ? <FormStatus>Votre nouveau mot de passe est enregistré.</FormStatus> : null}
    </section>
  )
}
