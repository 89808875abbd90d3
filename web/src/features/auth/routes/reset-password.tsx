import { useRef, useState, type FormEvent, type Ref } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { AuthUnavailable } from '../components/auth-unavailable'
import { FormAlert, FormStatus } from '@/components/form/form-alert'
import { RequestResetForm } from '../components/request-reset-form'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'
import { useAuthLinkLanding, type LandingState } from '../hooks/use-auth-link-landing'
import { useAuthAvailability, useAuthSession } from '../hooks/use-auth-session'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { updatePassword } from '../lib/actions'
import { checkNewPassword, PASSWORD_RULE_TEXT, type PasswordProblems } from '../lib/password-rules'
import { finishRecovery } from '../lib/session'

export const handle: RouteHandle = {
  title: 'Nouveau mot de passe',
  description: 'Choisissez un nouveau mot de passe à partir du lien de réinitialisation reçu par e-mail.'
}

/** The new password, twice, with the rule shown; Supabase's refusals explained. */
export function NewPasswordForm({ email }: { email: string | null }) {
  const { availability, anonKey } = useAuthAvailability()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [problems, setProblems] = useState<PasswordProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const passwordRef = useRef<HTMLInputElement>(null)
  const confirmationRef = useRef<HTMLInputElement>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (anonKey === null) return
    const found = checkNewPassword(password, confirmation)
    setProblems(found)
    if (found.password !== undefined) return passwordRef.current?.focus()
    if (found.confirmation !== undefined) return confirmationRef.current?.focus()
    setPending(true)
    setFailure(null)
    const result = await updatePassword(anonKey, password)
    setPending(false)
    if (!result.ok) return setFailure(result.error.message)
    finishRecovery()
    void navigate(paths.account.href(), { replace: true, state: { notice: 'password-changed' } })
  }

  return (
    <section className="card auth-card" aria-labelledby="reset-form-title">
      <h2 id="reset-form-title">Votre nouveau mot de passe</h2>
      {email === null ? null : (
        <p>
          Pour le compte <strong>{email}</strong>.
        </p>
      )}
      <form className="form" method="post" onSubmit={submit} noValidate>
        <TextField
          id="reset-password"
          name="password"
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint={PASSWORD_RULE_TEXT}
          error={problems.password}
          inputRef={passwordRef}
        />
        <TextField
          id="reset-confirmation"
          name="password-confirmation"
          label="Nouveau mot de passe, une seconde fois"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={setConfirmation}
          error={problems.confirmation}
          inputRef={confirmationRef}
        />
        {failure === null ? null : <FormAlert>{failure}</FormAlert>}
        <SubmitButton ready={availability === 'ready'} pending={pending} pendingLabel="Enregistrement…">
          Enregistrer le nouveau mot de passe
        </SubmitButton>
      </form>
    </section>
  )
}

// The prerendered page is the one without a link. After hydration: the link in the URL gives a
// recovery session (token hash, PKCE code, or the fragment supabase-js reads), or a recovery
// session already exists (PASSWORD_RECOVERY brought the visitor here), and the form appears.
export function Component() {
  const session = useAuthSession({ eager: true })
  const landing = useAuthLinkLanding()
  const [requestedFor, setRequestedFor] = useState<string | null>(null)
  const canSetPassword = landing.kind === 'signed-in' || (landing.kind === 'idle' && session.status === 'signed-in' && session.recovery)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(canSetPassword ? 'form' : landing.kind)
  return (
    <ResetPasswordView
      landing={landing}
      recoveryEmail={canSetPassword ? (landing.kind === 'signed-in' ? landing.email : session.email) : undefined}
      requestedFor={requestedFor}
      onRequested={setRequestedFor}
      headingRef={headingRef}
    />
  )
}

export interface ResetPasswordViewProps {
  landing: LandingState
  /** Set (the account's e-mail, or null when unknown) when a recovery session allows a new password. */
  recoveryEmail: string | null | undefined
  /** The address a new link was asked for, after a failed one. */
  requestedFor: string | null
  onRequested: (email: string) => void
  headingRef?: Ref<HTMLHeadingElement>
}

/** What the page shows: the form, a failed link with a new request, or the page without a link. */
export function ResetPasswordView({ landing, recoveryEmail, requestedFor, onRequested, headingRef }: ResetPasswordViewProps) {
  if (recoveryEmail !== undefined) {
    return (
      <article className="auth-page">
        <header className="page-intro">
          <h1 ref={headingRef} tabIndex={-1}>
            Choisir un nouveau mot de passe
          </h1>
          <p className="lead">Votre lien est valide. Choisissez le mot de passe que vous utiliserez désormais pour vous connecter.</p>
        </header>
        <NewPasswordForm email={recoveryEmail} />
      </article>
    )
  }

  if (landing.kind === 'failed') {
    return (
      <article className="status-page">
        <h1 ref={headingRef} tabIndex={-1}>
          Ce lien de réinitialisation ne fonctionne plus
        </h1>
        <FormAlert>{landing.message}</FormAlert>
        <p>
          Un lien de réinitialisation ne sert qu’une fois et pendant une durée limitée. Demandez-en un nouveau et ouvrez le plus récent.
        </p>
        <section className="card auth-card" aria-labelledby="reset-new-link">
          <h2 id="reset-new-link">Recevoir un nouveau lien</h2>
          {requestedFor === null ? (
            <RequestResetForm idPrefix="reset-request" onSent={onRequested} />
          ) : (
            <FormStatus>
              Si un compte existe pour <strong>{requestedFor}</strong>, un nouvel e-mail de réinitialisation vient de partir.
            </FormStatus>
          )}
        </section>
      </article>
    )
  }

  return (
    <article className="status-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Choisir un nouveau mot de passe
      </h1>
      {landing.kind === 'working' ? (
        <p className="notice" role="status">
          Vérification du lien de réinitialisation…
        </p>
      ) : null}
      {landing.kind === 'unconfigured' ? <AuthUnavailable availability="unconfigured" /> : null}
      <p className="lead">
        Cette page vous permet de choisir un nouveau mot de passe. Elle s’ouvre depuis le lien de réinitialisation que vous recevez par
        e-mail après en avoir fait la demande.
      </p>
      <p className="notice">
        Sans lien valide, le mot de passe ne peut pas être changé ici. Le lien ne sert qu’une fois et pendant une durée limitée&#8239;: s’il
        a expiré ou déjà servi, demandez-en un nouveau.
      </p>
      <p className="actions">
        <Link className="button button--primary" to={paths.forgotPassword.href()}>
          Demander un nouveau lien
        </Link>
        <Link className="button button--ghost" to={paths.login.href()}>
          Se connecter
        </Link>
      </p>
    </article>
  )
}
