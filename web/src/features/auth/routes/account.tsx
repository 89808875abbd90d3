import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { ApiError, useApiClient, type ApiClient } from '@/lib/api-client'
import type { RouteHandle } from '@/lib/route-handle'
import { FormAlert, FormStatus } from '../components/form-alert'
import { useAuthSession } from '../hooks/use-auth-session'
import { useSignOut } from '../hooks/use-sign-out'

export const handle: RouteHandle = {
  title: 'Mon espace',
  description: 'Votre espace\u202f: vos devis, leur envoi et leur signature en ligne.'
}

/** What GET /api/session answers: the account as the gateway sees the access token. */
interface SessionResponse {
  user: { id: string; email: string | null; role: string; aal: string }
}

/** Who is signed in, as the gateway reads the access token (GET /api/session). */
export async function loadAccount(api: ApiClient, signal?: AbortSignal): Promise<Load> {
  try {
    const body = await api.get<SessionResponse>('/api/session', { signal })
    return { kind: 'ready', email: body.user.email }
  } catch (error) {
    return { kind: 'failed', error: error instanceof ApiError ? error : new ApiError(0, 'unknown', String(error)) }
  }
}

export type Load = { kind: 'loading' } | { kind: 'ready'; email: string | null } | { kind: 'failed'; error: ApiError }

// Guarded by `auth` (the route table): without a session the visitor is sent to the sign-in
// page before this shows anything but the prerendered « Chargement… ».
export function Component() {
  const session = useAuthSession({ eager: true })
  const api = useApiClient()
  const location = useLocation()
  const { signOut, pending: signingOut, error: signOutError } = useSignOut()
  const [load, setLoad] = useState<Load>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [passwordChanged, setPasswordChanged] = useState(false)
  const userId = session.status === 'signed-in' && session.confirmed ? (session.session?.user.id ?? null) : null

  useEffect(() => {
    setPasswordChanged((location.state as { notice?: unknown } | null)?.notice === 'password-changed')
  }, [location.state])

  useEffect(() => {
    if (userId === null) return
    const controller = new AbortController()
    setLoad({ kind: 'loading' })
    void loadAccount(api, controller.signal).then((next) => {
      if (!controller.signal.aborted) setLoad(next)
    })
    return () => controller.abort()
  }, [api, userId, attempt])

  return (
    <AccountView
      signedOut={session.status === 'signed-out' && session.confirmed}
      load={load}
      passwordChanged={passwordChanged}
      onRetry={() => setAttempt((count) => count + 1)}
      onSignOut={() => void signOut()}
      signingOut={signingOut}
      signOutError={signOutError}
    />
  )
}

export interface AccountViewProps {
  /** The session ended while the page was open (another tab signed out). */
  signedOut: boolean
  load: Load
  passwordChanged: boolean
  onRetry: () => void
  onSignOut: () => void
  signingOut: boolean
  signOutError: string | null
}

/** The account area for each state: loading (also the prerender), failed, greeted, signed out. */
export function AccountView({ signedOut, load, passwordChanged, onRetry, onSignOut, signingOut, signOutError }: AccountViewProps) {
  if (signedOut) {
    return (
      <article className="account">
        <h1>Mon espace</h1>
        <p className="notice">Vous n’êtes plus connecté.</p>
        <p className="actions">
          <Link className="button button--primary" to={paths.login.href(paths.account.href())}>
            Se connecter
          </Link>
        </p>
      </article>
    )
  }

  if (load.kind === 'failed') {
    const sessionEnded = load.error.status === 401
    return (
      <article className="account">
        <h1>Mon espace</h1>
        <FormAlert>
          {sessionEnded ? 'Votre session a expiré ou n’est plus valable\u202f: reconnectez-vous.' : load.error.message}
        </FormAlert>
        <p className="actions">
          {sessionEnded ? (
            <Link className="button button--primary" to={paths.login.href(paths.account.href())}>
              Se reconnecter
            </Link>
          ) : (
            <button type="button" className="button button--primary" onClick={onRetry}>
              Réessayer
            </button>
          )}
        </p>
      </article>
    )
  }

  if (load.kind === 'loading') {
    return (
      <article className="account">
        <h1>Mon espace</h1>
        <p className="account__loading" role="status">
          Chargement de votre espace…
        </p>
      </article>
    )
  }

  return (
    <article className="account">
      <header className="page-intro">
        <h1>Mon espace</h1>
        <p className="lead account__greeting">
          {load.email === null ? (
            <>Bonjour&#8239;!</>
          ) : (
            <>
              Bonjour, <strong>{load.email}</strong>&#8239;!
            </>
          )}
        </p>
      </header>
      {passwordChanged ? <FormStatus>Votre nouveau mot de passe est enregistré.</FormStatus> : null}
      <section className="card account__next" aria-labelledby="account-next">
        <h2 id="account-next">La suite arrive bientôt</h2>
        <p>
          Votre compte est prêt. L’espace devis ouvre prochainement&#8239;: vous pourrez y renseigner votre entreprise,
          rédiger vos devis, les envoyer à vos clients et suivre leur signature en ligne.
        </p>
        <p>Nous vous écrirons à cette adresse dès qu’il sera disponible. Il n’y a rien d’autre à faire d’ici là.</p>
      </section>
      <section className="account__session" aria-labelledby="account-session">
        <h2 id="account-session">Session</h2>
        <p>Vous êtes connecté sur cet appareil. Pensez à vous déconnecter sur un ordinateur partagé.</p>
        {signOutError === null ? null : <FormAlert>{signOutError}</FormAlert>}
        <button type="button" className="button button--ghost" onClick={onSignOut} disabled={signingOut}>
          Se déconnecter
        </button>
      </section>
    </article>
  )
}
