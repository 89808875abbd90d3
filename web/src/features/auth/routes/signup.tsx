import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { AuthUnavailable } from '../components/auth-unavailable'
import { FormAlert } from '@/components/form/form-alert'
import { ResendConfirmation } from '../components/resend-confirmation'
import { SubmitButton } from '@/components/form/submit-button'
import { TextField } from '@/components/form/text-field'
import { useAuthAvailability, useAuthSession } from '../hooks/use-auth-session'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { signUp } from '../lib/actions'
import { siteUrl } from '../lib/auth-link'
import { checkSignUp, firstProblem, PASSWORD_RULE_TEXT, type SignUpProblems } from '../lib/password-rules'
import { redirectFromSearch, rememberRedirect } from '../lib/redirect'
import { InvitationIntro } from '../components/invitation-intro'
import { useInvitationPreview } from '../hooks/use-invitation-preview'
import { invitationTokenOf, joiningTarget } from '../lib/invitation-target'

export const handle: RouteHandle = {
  title: 'Créer un compte',
  description: 'Créez votre compte avec une adresse e-mail et un mot de passe pour rédiger vos devis et les faire signer en ligne.'
}

export function Component() {
  const { availability, anonKey } = useAuthAvailability()
  useAuthSession({ eager: true })
  const navigate = useNavigate()
  const location = useLocation()
  // `?redirectTo=` (e.g. back to a plan's checkout): carried through the confirmation e-mail and
  // the sign-in link. Read after hydration, as the prerender has no query.
  const [target, setTarget] = useState<string | undefined>(undefined)
  useEffect(() => {
    setTarget(new URLSearchParams(location.search).has('redirectTo') ? joiningTarget(redirectFromSearch(location.search)) : undefined)
  }, [location.search])
  const invitation = useInvitationPreview(target)
  const invited = invitation?.state === 'open' ? invitation : null
  const [email, setEmail] = useState('')
  // The account is made for the invited address: the invitation only opens with it.
  useEffect(() => {
    if (invited !== null) setEmail(invited.email)
  }, [invited])
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [accepted, setAccepted] = useState(false)
  const [problems, setProblems] = useState<SignUpProblems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(sentTo)
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirmation: useRef<HTMLInputElement>(null),
    accepted: useRef<HTMLInputElement>(null)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (anonKey === null) return
    // Invited, the password is typed once: the invitation's e-mail already proved the address, and
    // a forgotten password is reset from the same mailbox.
    const found = checkSignUp({ email, password, confirmation: invited === null ? confirmation : password, accepted })
    setProblems(found)
    const first = firstProblem(found, ['email', 'password', 'confirmation', 'accepted'])
    if (first !== undefined) return refs[first].current?.focus()
    setPending(true)
    setFailure(null)
    if (target !== undefined) rememberRedirect(target)
    const result = await signUp(
      anonKey,
      email.trim(),
      password,
      siteUrl(paths.confirmEmail.href(target)),
      invited === null ? null : invitationTokenOf(target)
    )
    setPending(false)
    if (!result.ok) return setFailure(result.error.message)
    // Instances that confirm addresses automatically sign the account in at once.
    if (result.value.signedIn) void navigate(target ?? paths.account.href(), { replace: true })
    else setSentTo(email.trim())
  }

  if (sentTo !== null) return <CheckMailbox email={sentTo} headingRef={headingRef} />

  return (
    <article className="auth-page">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          Créer un compte
        </h1>
        <p className="lead">
          {invited === null
            ? 'Une adresse e-mail et un mot de passe suffisent. Vous confirmez ensuite l’adresse avec le lien que nous vous envoyons.'
            : `Choisissez un mot de passe, et vous arrivez dans l’espace de ${invited.companyName}.`}
        </p>
      </header>
      {invitation === null ? null : <InvitationIntro view={invitation} />}
      <section className="card auth-card" aria-label="Formulaire d’inscription">
        <form className="form" method="post" onSubmit={submit} noValidate>
          <AuthUnavailable availability={availability} />
          <TextField
            id="signup-email"
            name="email"
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            hint={invited === null ? undefined : `L’adresse à laquelle ${invited.companyName} vous a invité.`}
            readOnly={invited !== null}
            error={problems.email}
            inputRef={refs.email}
          />
          <TextField
            id="signup-password"
            name="password"
            label="Mot de passe"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            hint={PASSWORD_RULE_TEXT}
            error={problems.password}
            inputRef={refs.password}
          />
          {invited === null ? (
            <TextField
              id="signup-confirmation"
              name="password-confirmation"
              label="Mot de passe, une seconde fois"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={setConfirmation}
              error={problems.confirmation}
              inputRef={refs.confirmation}
            />
          ) : null}
          <div className={problems.accepted === undefined ? 'field field--checkbox' : 'field field--checkbox field--invalid'}>
            <input
              ref={refs.accepted}
              id="signup-accept"
              name="accept"
              type="checkbox"
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              aria-invalid={problems.accepted === undefined ? undefined : true}
              aria-describedby={problems.accepted === undefined ? undefined : 'signup-accept-error'}
              required
            />
            <label htmlFor="signup-accept">
              J’accepte les <Link to={paths.terms.href()}>conditions générales d’utilisation</Link> et j’ai lu la{' '}
              <Link to={paths.privacy.href()}>politique de confidentialité</Link>.
            </label>
            {problems.accepted === undefined ? null : (
              <p className="field__error field__error--checkbox" id="signup-accept-error">
                {problems.accepted}
              </p>
            )}
          </div>
          {failure === null ? null : <FormAlert>{failure}</FormAlert>}
          <SubmitButton ready={availability === 'ready'} pending={pending} pendingLabel="Création du compte…">
            Créer mon compte
          </SubmitButton>
        </form>
      </section>
      <p className="auth-page__switch">
        Déjà un compte&#8239;? <Link to={paths.login.href(target)}>Se connecter</Link>
      </p>
    </article>
  )
}

/** After sign-up: where the confirmation went, what to do if it does not arrive, and a resend. */
export function CheckMailbox({ email, headingRef }: { email: string; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <article className="auth-page">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          Vérifiez votre boîte mail
        </h1>
        <p className="lead">
          Nous avons envoyé un lien de confirmation à <strong>{email}</strong>. Cliquez dessus pour activer votre compte, puis
          connectez-vous.
        </p>
      </header>
      <section className="card auth-card" aria-labelledby="signup-no-mail">
        <h2 id="signup-no-mail">Rien reçu&#8239;?</h2>
        <ul>
          <li>L’e-mail peut mettre quelques minutes à arriver&#8239;; regardez aussi dans les courriers indésirables.</li>
          <li>Le lien est valable 24&#8239;heures et ne sert qu’une fois.</li>
          <li>
            Si un compte existe déjà avec cette adresse, aucun nouvel e-mail n’est envoyé&#8239;:{' '}
            <Link to={paths.login.href()}>connectez-vous</Link> ou utilisez{' '}
            <Link to={paths.forgotPassword.href()}>Mot de passe oublié</Link>.
          </li>
        </ul>
        <ResendConfirmation email={email} idPrefix="signup-resend" />
      </section>
    </article>
  )
}
