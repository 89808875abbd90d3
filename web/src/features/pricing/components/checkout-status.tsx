import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { PAYMENT_UNAVAILABLE, type CheckoutOutcome } from '../lib/start-checkout'

/** What became of a click on a paid plan, in French, announced politely. */
export function CheckoutStatus({ outcome }: { outcome: CheckoutOutcome }) {
  switch (outcome.kind) {
    case 'working':
    case 'redirecting':
      return <p className="notice notice--small">Redirection vers la page de paiement sécurisé…</p>
    case 'unavailable':
      return (
        <p className="notice notice--small">
          {PAYMENT_UNAVAILABLE} Écrivez-nous depuis <Link to={paths.contact.href()}>la page Contact</Link> pour souscrire.
        </p>
      )
    case 'already-subscribed':
      return (
        <p className="notice notice--small notice--warning">
          Vous avez déjà un abonnement payant. Pour changer de formule, passez par{' '}
          <Link to={paths.subscription.href()}>votre abonnement</Link>.
        </p>
      )
    case 'failed':
      return <p className="notice notice--small notice--error">Le paiement n’a pas pu démarrer&#8239;: {outcome.message}</p>
    default:
      return null
  }
}
