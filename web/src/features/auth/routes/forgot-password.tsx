import { useState, type Ref } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'
import { RequestResetForm } from '../components/request-reset-form'
import { useAuthSession } from '../hooks/use-auth-session'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'

export const handle: RouteHandle = {
  title: 'Mot de passe oublié',
  description: 'Recevez par e-mail un lien pour choisir un nouveau mot de passe pour votre compte.'
}

export function Component() {
  useAuthSession({ eager: true })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(sentTo)

  if (sentTo !== null) return <ResetRequested email={sentTo} onAgain={() => setSentTo(null)} headingRef={headingRef} />

  return (
    <article className="auth-page">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          Mot de passe oublié
        </h1>
        <p className="lead">
          Indiquez l’adresse e-mail de votre compte&#8239;: nous vous envoyons un lien pour choisir un nouveau mot de passe.
        </p>
      </header>
      <section className="card auth-card" aria-label="Demande de réinitialisation">
        <RequestResetForm idPrefix="forgot" onSent={setSentTo} />
      </section>
      <p className="auth-page__switch">
        Vous vous en souvenez&#8239;? <Link to={paths.login.href()}>Se connecter</Link>
      </p>
    </article>
  )
}

/** The same neutral answer whether or not the account exists. */
export function ResetRequested({
  email,
  onAgain,
  headingRef
}: {
  email: string
  onAgain: () => void
  headingRef?: Ref<HTMLHeadingElement>
}) {
  return (
    <article className="auth-page">
      <header className="page-intro">
        <h1 ref={headingRef} tabIndex={-1}>
          Vérifiez votre boîte mail
        </h1>
        <p className="lead">
          Si un compte existe pour <strong>{email}</strong>, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de
          passe.
        </p>
      </header>
      <section className="card auth-card" aria-labelledby="forgot-next">
        <h2 id="forgot-next">Et ensuite&#8239;?</h2>
        <ul>
          <li>Le lien ne sert qu’une fois et pendant une durée limitée&#8239;; ouvrez-le dès que possible.</li>
          <li>Rien reçu après quelques minutes&#8239;? Regardez dans les courriers indésirables, et vérifiez l’adresse saisie.</li>
        </ul>
        <p className="actions">
          <button type="button" className="button button--ghost" onClick={onAgain}>
            Saisir une autre adresse
          </button>
          <Link className="button button--primary" to={paths.login.href()}>
            Retour à la connexion
          </Link>
        </p>
      </section>
    </article>
  )
}
