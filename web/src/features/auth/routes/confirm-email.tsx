import { useEffect, useState, type Ref } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { AuthUnavailable } from '../components/auth-unavailable'
import { FormAlert } from '@/components/form/form-alert'
import { ResendConfirmation } from '../components/resend-confirmation'
import { useAuthLinkLanding, type LandingState } from '../hooks/use-auth-link-landing'
import { useAuthSession } from '../hooks/use-auth-session'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { redirectFromSearch, takeRememberedRedirect } from '../lib/redirect'
import { invitationTokenOf } from '../lib/invitation-target'

export const handle: RouteHandle = {
  title: 'Confirmation de l’adresse e-mail',
  description: 'Confirmez l’adresse e-mail de votre compte avec le lien reçu après votre inscription.'
}

// The prerendered page is the one without a link; after hydration the link in the URL (token
// hash, PKCE code, or session in the fragment) is used and the page says how it went.
export function Component() {
  useAuthSession({ eager: true })
  const landing = useAuthLinkLanding()
  const headingRef = useFocusOnChange<HTMLHeadingElement>(landing.kind)
  // Where the sign-up was heading (e.g. a plan's checkout), read after hydration: `?redirectTo=`,
  // else what the sign-up remembered in this browser (e-mail templates that drop the query).
  const location = useLocation()
  const [next, setNext] = useState<string | undefined>(undefined)
  const signedIn = landing.kind === 'signed-in'
  useEffect(() => {
    const asked = new URLSearchParams(location.search).has('redirectTo')
    // Taken once signed in, so it cannot linger for a later sign-up in this browser.
    const remembered = signedIn ? takeRememberedRedirect() : undefined
    if (asked) setNext(redirectFromSearch(location.search))
    else if (remembered !== undefined) setNext(remembered)
  }, [location.search, signedIn])
  // Confirmed on the way to an invitation: straight on to the company, no « Continuer » to press.
  const navigate = useNavigate()
  useEffect(() => {
    if (signedIn && next !== undefined && invitationTokenOf(next) !== null) void navigate(next, { replace: true })
  }, [signedIn, next, navigate])
  return <ConfirmEmailView landing={landing} headingRef={headingRef} next={next} />
}

/** What the page shows for each stage of the link. */
export function ConfirmEmailView({
  landing,
  headingRef,
  next
}: {
  landing: LandingState
  headingRef?: Ref<HTMLHeadingElement>
  /** Where to go on once confirmed, when the sign-up asked for somewhere else than the workspace. */
  next?: string | undefined
}) {
  if (landing.kind === 'signed-in') {
    return (
      <article className="status-page">
        <h1 ref={headingRef} tabIndex={-1}>
          Adresse e-mail confirmée
        </h1>
        <p className="lead">
          Merci&#8239;! Votre compte est activé et vous êtes connecté
          {landing.email === null ? null : (
            <>
              {' '}
              avec l’adresse <strong>{landing.email}</strong>
            </>
          )}
          .
        </p>
        <p className="actions">
          <Link className="button button--primary" to={next ?? paths.account.href()}>
            {next === undefined ? 'Accéder à mon espace' : 'Continuer'}
          </Link>
        </p>
      </article>
    )
  }

  if (landing.kind === 'failed') {
    const expired = landing.code === 'otp_expired' || landing.code === 'access_denied' || landing.code === 'flow_state_expired'
    return (
      <article className="status-page">
        <h1 ref={headingRef} tabIndex={-1}>
          {expired ? 'Ce lien de confirmation ne fonctionne plus' : 'La confirmation n’a pas abouti'}
        </h1>
        <FormAlert>{landing.message}</FormAlert>
        <section aria-labelledby="confirm-what-now">
          <h2 id="confirm-what-now">Que faire&#8239;?</h2>
          <ul>
            <li>
              Un lien de confirmation ne sert qu’une fois et pendant 24&#8239;heures. S’il a déjà servi, votre adresse est confirmée&#8239;:{' '}
              <Link to={paths.login.href()}>connectez-vous</Link>.
            </li>
            <li>Sinon, demandez un nouvel e-mail de confirmation ci-dessous et ouvrez le lien le plus récent.</li>
          </ul>
        </section>
        <section className="card auth-card" aria-labelledby="confirm-resend">
          <h2 id="confirm-resend">Recevoir un nouveau lien</h2>
          <ResendConfirmation idPrefix="confirm-resend" />
        </section>
      </article>
    )
  }

  return (
    <article className="status-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Confirmez votre adresse e-mail
      </h1>
      {landing.kind === 'working' ? (
        <p className="notice" role="status">
          Vérification du lien de confirmation…
        </p>
      ) : null}
      {landing.kind === 'unconfigured' ? <AuthUnavailable availability="unconfigured" /> : null}
      <p className="lead">
        Après votre inscription, vous recevez un e-mail avec un lien de confirmation. Ce lien ouvre cette page et active votre
        compte&#8239;; vous pouvez ensuite vous connecter.
      </p>
      <section aria-labelledby="confirm-no-link">
        <h2 id="confirm-no-link">Vous arrivez ici sans lien&#8239;?</h2>
        <ul>
          <li>Ouvrez l’e-mail de confirmation et cliquez sur son lien, sur l’appareil de votre choix.</li>
          <li>
            Vous ne le trouvez pas&#8239;? Regardez dans le dossier «&#8239;Courrier indésirable&#8239;» ou «&#8239;Spam&#8239;», et
            vérifiez l’adresse utilisée pour l’inscription.
          </li>
          <li>
            Le lien ne sert qu’une fois et pendant une durée limitée. S’il a déjà servi, votre adresse est sans doute confirmée&#8239;:
            essayez de vous connecter.
          </li>
        </ul>
      </section>
      <p className="actions">
        <Link className="button button--primary" to={paths.login.href()}>
          Se connecter
        </Link>
        <Link className="button button--ghost" to={paths.contact.href()}>
          Besoin d’aide&#8239;?
        </Link>
      </p>
    </article>
  )
}
