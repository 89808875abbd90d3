import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { AuthUnavailable } from '../components/auth-unavailable'
import { FormAlert, FormStatus } from '@/components/form/form-alert'
import { ResendConfirmation } from '../components/resend-confirmation'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'
import { useAuthAvailability, useAuthSession } from '../hooks/use-auth-session'
import { useSignOut } from '../hooks/use-sign-out'
import { signIn } from '../lib/actions'
import { connectSession } from '../lib/session'
import { needsSecondFactor, teamAsksEnrolment } from '@/lib/account-security'
import { SecondFactorForm } from '../components/second-factor-form'
import type { DescribedAuthError } from '../lib/auth-errors'
import { checkSignIn, firstProblem, type SignInProblems } from '../lib/password-rules'
import { redirectFromSearch } from '../lib/redirect'
import { InvitationIntro } from '../components/invitation-intro'
import { useInvitationPreview } from '../hooks/use-invitation-preview'
import { joiningTarget } from '../lib/invitation-target'

export const handle: RouteHandle = {
  title: 'Connexion',
  description: 'Connectez-vous à votre espace pour préparer vos devis, les envoyer à vos clients et suivre leurs signatures.'
}

export function Component() {
  const { availability, anonKey } = useAuthAvailability()
  const session = useAuthSession({ eager: true })
  const { signOut, pending: signingOut } = useSignOut()
  const navigate = useNavigate()
  const location = useLocation()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<SignInProblems>({})
  const [failure, setFailure] = useState<DescribedAuthError | null>(null)
  const [pending, setPending] = useState(false)
  const [signedInHere, setSignedInHere] = useState(false)
  // Read from the URL and history after hydration (the prerender knows neither).
  const [target, setTarget] = useState<string>(paths.account.href())
  const [askedFor, setAskedFor] = useState(false)
  const [signedOut, setSignedOut] = useState(false)
  // The password was right and the account has a second factor: its code comes next.
  const [codeStep, setCodeStep] = useState(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const passwordRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // An invitation link joins on arrival once signed in: the sign-in is the one step left.
    setTarget(joiningTarget(redirectFromSearch(location.search)))
    setAskedFor(new URLSearchParams(location.search).has('redirectTo'))
  }, [location.search])
  const invitation = useInvitationPreview(askedFor ? target : undefined)
  const invited = invitation?.state === 'open' ? invitation : null
  // The invited address is the one to sign in with: offered, still editable (another account may hold it).
  useEffect(() => {
    if (invited !== null) setEmail((current) => (current === '' ? invited.email : current))
  }, [invited])
  useEffect(() => {
    setSignedOut((location.state as { notice?: unknown } | null)?.notice === 'signed-out')
  }, [location.state])

  // A session opened with the password alone (the code step left, or a page asking for the
  // data) still owes the code: the same step.
  useEffect(() => {
    if (anonKey === null || session.status !== 'signed-in' || !session.confirmed) return
    let active = true
    void connectSession(anonKey)
      .then(needsSecondFactor)
      .then((needed) => {
        if (active && needed) setCodeStep(true)
      })
      .catch(() => undefined)
    return () => {
      active = false
    }
  }, [anonKey, session.status, session.confirmed, session.session?.access_token])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (anonKey === null) return
    const found = checkSignIn(email, password)
    setProblems(found)
    const first = firstProblem(found, ['email', 'password'])
    if (first !== undefined) return (first === 'email' ? emailRef : passwordRef).current?.focus()
    setPending(true)
    setFailure(null)
    setSignedOut(false)
    const result = await signIn(anonKey, email.trim(), password)
    // Asked before the form goes: the code step, not « déjà connecté », follows a right password.
    const supabase = result.ok ? await connectSession(anonKey) : null
    const codeNeeded = supabase !== null && (await needsSecondFactor(supabase).catch(() => false))
    // The company requires a second factor this member has not added yet: « Sécurité » first.
    const enrolNeeded = supabase !== null && !codeNeeded && (await teamAsksEnrolment(supabase))
    setPending(false)
    if (!result.ok) return setFailure(result.error)
    if (codeNeeded) return setCodeStep(true)
    setSignedInHere(true)
    void navigate(enrolNeeded ? paths.security.href() : target, { replace: true })
  }

  const alreadySignedIn = session.status === 'signed-in' && session.confirmed && !signedInHere && !pending && !codeStep

  return (
    <article className="auth-page">
      <header className="page-intro">
        <h1>{invited === null ? 'Se connecter' : `Rejoindre ${invited.companyName}`}</h1>
        <p className="lead">
          {invited === null
            ? 'Accédez à votre espace pour préparer vos devis, les envoyer et suivre leurs signatures.'
            : 'Créez votre compte avec l’adresse invitée, ou connectez-vous si vous en avez déjà un : vous rejoignez l’entreprise aussitôt.'}
        </p>
      </header>

      {signedOut ? <FormStatus>Vous êtes déconnecté. À bientôt&#8239;!</FormStatus> : null}
      {invitation === null ? null : <InvitationIntro view={invitation} />}
      {invited !== null && !alreadySignedIn ? (
        <p className="actions invitation-intro__actions">
          <Link className="button button--primary" to={paths.signup.href(target)}>
            Créer un compte
          </Link>
        </p>
      ) : null}
      {askedFor && invitation === null && !alreadySignedIn ? <p className="notice">Connectez-vous pour accéder à cette page.</p> : null}

      {codeStep && session.status === 'signed-in' ? (
        <SecondFactorForm
          onDone={({ factorRemoved }) => {
            setSignedInHere(true)
            setCodeStep(false)
            // A recovery code removed the authenticator (Supabase Auth): « Sécurité » says so and turns it on again.
            void navigate(factorRemoved ? paths.security.href() : target, { replace: true })
          }}
          onSignOut={() => {
            setCodeStep(false)
            void signOut()
          }}
          signingOut={signingOut}
        />
      ) : alreadySignedIn ? (
        <AlreadySignedIn email={session.email} target={target} onSignOut={() => void signOut()} signingOut={signingOut} />
      ) : (
        <section className="card auth-card" aria-label="Formulaire de connexion">
          {invited === null ? null : <h2>Vous avez déjà un compte&#8239;?</h2>}
          <form className="form" method="post" onSubmit={submit} noValidate>
            <AuthUnavailable availability={availability} />
            <TextField
              id="login-email"
              name="email"
              label="Adresse e-mail"
              type="email"
              autoComplete="email"
              value={email}
              onChange={setEmail}
              error={problems.email}
              inputRef={emailRef}
            />
            <TextField
              id="login-password"
              name="password"
              label="Mot de passe"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={problems.password}
              inputRef={passwordRef}
            />
            {failure === null ? null : <FormAlert>{failure.message}</FormAlert>}
            <SubmitButton ready={availability === 'ready'} pending={pending} pendingLabel="Connexion en cours…">
              Se connecter
            </SubmitButton>
          </form>
          {failure?.code === 'email_not_confirmed' ? <ResendConfirmation email={email.trim()} idPrefix="login-resend" /> : null}
          <p className="auth-card__links">
            <Link to={paths.forgotPassword.href()}>Mot de passe oublié&#8239;?</Link>
          </p>
        </section>
      )}

      {invited === null ? (
        <p className="auth-page__switch">
          Pas encore de compte&#8239;? <Link to={paths.signup.href(askedFor ? target : undefined)}>Créer un compte</Link>
        </p>
      ) : null}
    </article>
  )
}

/** Instead of the form when this browser is signed in already. */
export function AlreadySignedIn({
  email,
  target,
  onSignOut,
  signingOut
}: {
  email: string | null
  target: string
  onSignOut: () => void
  signingOut: boolean
}) {
  return (
    <section className="card auth-card" aria-labelledby="login-signed-in">
      <h2 id="login-signed-in">Vous êtes déjà connecté</h2>
      {email === null ? null : (
        <p>
          Vous êtes connecté avec l’adresse <strong>{email}</strong>.
        </p>
      )}
      <p className="actions">
        <Link className="button button--primary" to={target}>
          Continuer
        </Link>
        <button type="button" className="button button--ghost" onClick={onSignOut} disabled={signingOut}>
          Se déconnecter
        </button>
      </p>
    </section>
  )
}
