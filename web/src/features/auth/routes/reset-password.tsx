import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Nouveau mot de passe',
  description: 'Choisissez un nouveau mot de passe à partir du lien de réinitialisation reçu par e-mail.'
}

export function Component() {
  return (
    <article className="status-page">
      <h1>Choisir un nouveau mot de passe</h1>
      <p className="lead">
        Cette page vous permet de choisir un nouveau mot de passe. Elle s’ouvre depuis le lien de réinitialisation
        que vous recevez par e-mail après en avoir fait la demande.
      </p>
      <p className="notice">
        Sans lien valide, le mot de passe ne peut pas être changé ici. Le lien ne sert qu’une fois et pendant une
        durée limitée&#8239;: s’il a expiré ou déjà servi, demandez-en un nouveau.
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
