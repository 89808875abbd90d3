import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Confirmation de paiement',
  description: 'Page de confirmation d’un abonnement après un paiement en ligne.'
}

export function Component() {
  return (
    <article className="status-page">
      <h1>Confirmation de paiement</h1>
      <p className="lead">
        Cette page confirme votre abonnement une fois le paiement en ligne terminé. Vous y êtes renvoyé
        automatiquement par la page de paiement, avec la référence de votre session de paiement.
      </p>
      <p className="notice">
        Sans référence de session de paiement, cette page n’a rien à confirmer&#8239;: aucun paiement n’est en cours
        et aucun montant n’est débité ici.
      </p>
      <p>
        Pour souscrire, choisissez une offre sur la page des tarifs. Si vous avez payé et que votre abonnement
        n’apparaît pas dans votre espace, écrivez-nous en indiquant l’adresse e-mail de votre compte.
      </p>
      <p className="actions">
        <Link className="button button--primary" to={paths.pricing.href()}>
          Voir les tarifs
        </Link>
        <Link className="button button--ghost" to={paths.contact.href()}>
          Nous contacter
        </Link>
      </p>
    </article>
  )
}
