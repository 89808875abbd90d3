import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'

export interface ErrorPageProps {
  statusCode: number
  /** Technical message (kept in English as in the original spec); defaults by variant. */
  message?: string
}

/** The error page: a not-found variant for 404, a generic one for everything else. */
export function ErrorPage({ statusCode, message }: ErrorPageProps) {
  const notFound = statusCode === 404
  return (
    <section className="error-page" aria-labelledby="error-title" data-variant={notFound ? 'not-found' : 'generic'}>
      <p className="error-page__code" aria-hidden="true">
        {statusCode}
      </p>
      <h1 id="error-title">{notFound ? 'Page introuvable' : 'Une erreur est survenue'}</h1>
      <p>
        {notFound
          ? 'L’adresse saisie ne correspond à aucune page. Elle a peut-être été déplacée, ou le lien contient une faute de frappe.'
          : 'La page n’a pas pu s’afficher. Réessayez dans un instant ; si le problème continue, écrivez-nous depuis la page Contact.'}
      </p>
      {/* The specification's technical message, for a support request: labelled as such under the
          French explanation rather than standing as a second, English heading. */}
      <p className="error-page__message">
        Détail technique&#8239;: <code>{message ?? (notFound ? 'Page Not Found' : 'Internal Server Error')}</code>
      </p>
      <p className="error-page__actions">
        <Link className="button button--primary" to={paths.home.href()}>
          Retour à l’accueil
        </Link>
        <Link className="button button--ghost" to={paths.contact.href()}>
          Nous contacter
        </Link>
      </p>
    </section>
  )
}
