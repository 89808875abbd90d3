import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import type { RouteHandle } from '@/lib/route-handle'

export const handle: RouteHandle = {
  title: 'Paiement annulé',
  description: 'Le paiement a été annulé\u202f: aucun montant n’a été débité et aucun abonnement n’a été créé.'
}

export function Component() {
  return (
    <article className="status-page">
      <h1>Paiement annulé</h1>
      <p className="lead">
        Vous avez quitté la page de paiement avant la fin&#8239;: aucun montant n’a été débité et aucun abonnement n’a été créé. Votre
        compte garde son offre actuelle.
      </p>
      <p>
        Vous pouvez reprendre quand vous le souhaitez depuis la page des tarifs. Si le paiement a échoué sans que vous l’ayez voulu, ou si
        vous avez une question sur les offres, écrivez-nous.
      </p>
      <p className="actions">
        <Link className="button button--primary" to={paths.pricing.href()}>
          Revenir aux tarifs
        </Link>
        <Link className="button button--ghost" to={paths.account.href()}>
          Aller à mon espace
        </Link>
        <Link className="button button--ghost" to={paths.contact.href()}>
          Nous contacter
        </Link>
      </p>
    </article>
  )
}
