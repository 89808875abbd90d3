import { useEffect, useState, type ReactNode, type Ref } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { useFocusOnChange } from '@/hooks/use-focus-on-change'
import { useHydrated } from '@/hooks/use-hydrated'
import type { RouteHandle } from '@/lib/route-handle'
import { signInToConfirm, useCheckoutConfirmation } from '../hooks/use-checkout-confirmation'
import type { SuccessState } from '../lib/confirmation-polling'

export const handle: RouteHandle = {
  title: 'Confirmation de paiement',
  description: 'Page de confirmation d’un abonnement après un paiement en ligne.'
}

// The prerendered page is the one without a session id; after hydration the id in the address
// (`?session_id=…`, put there by Stripe) is checked with the gateway.
export function Component() {
  const hydrated = useHydrated()
  const location = useLocation()
  const [sessionId, setSessionId] = useState<string | null>(null)
  useEffect(() => {
    if (!hydrated) return
    const value = new URLSearchParams(location.search).get('session_id')
    setSessionId(value === null || value === '' ? null : value)
  }, [hydrated, location.search])
  const { state, refresh } = useCheckoutConfirmation(sessionId)
  const headingRef = useFocusOnChange<HTMLHeadingElement>(state.kind)
  return <SuccessView state={state} sessionId={sessionId} onRefresh={refresh} headingRef={headingRef} />
}

export interface SuccessViewProps {
  state: SuccessState
  sessionId: string | null
  onRefresh: () => void
  headingRef?: Ref<HTMLHeadingElement>
}

export function SuccessView({ state, sessionId, onRefresh, headingRef }: SuccessViewProps) {
  // Every state is the same page: its heading (focused when the state changes) and its own body.
  const page = (title: string, body: ReactNode) => (
    <article className="status-page billing-success">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      {body}
    </article>
  )
  const refreshAction = (
    <p className="actions">
      <button type="button" className="button button--primary" onClick={onRefresh}>
        Actualiser
      </button>
    </p>
  )
  switch (state.kind) {
    case 'active':
      return page(
        `Formule ${state.planName} active`,
        <>
          <p className="lead">Merci&#8239;! Votre paiement est confirmé et votre abonnement est actif dès maintenant.</p>
          <p>La facture vous est envoyée par e-mail. Vous retrouvez votre abonnement et vos factures dans votre espace.</p>
          <p className="actions">
            <Link className="button button--primary" to={paths.account.href()}>
              Accéder à mon espace
            </Link>
            <Link className="button button--ghost" to={paths.subscription.href()}>
              Voir mon abonnement
            </Link>
          </p>
        </>
      )
    case 'checking':
    case 'pending':
      return page(
        'Paiement en cours de confirmation…',
        <>
          <p className="lead" role="status">
            {state.kind === 'pending' && state.gaveUp
              ? 'La confirmation prend plus de temps que prévu. Actualisez dans un instant.'
              : `Nous attendons la confirmation de votre paiement${state.kind === 'pending' ? ` pour la formule ${state.planName}` : ''}. Cette page se met à jour toute seule.`}
          </p>
          {state.kind === 'pending' && state.gaveUp ? refreshAction : null}
          <p>Vous pouvez aussi fermer cette page&#8239;: l’abonnement apparaîtra dans votre espace dès qu’il sera confirmé.</p>
        </>
      )
    case 'signed-out':
      return page(
        'Connectez-vous pour voir votre paiement',
        <>
          <p className="lead">Cette confirmation concerne votre compte&#8239;: connectez-vous, vous reviendrez ensuite ici.</p>
          <p className="actions">
            <Link className="button button--primary" to={sessionId === null ? paths.login.href() : signInToConfirm(sessionId)}>
              Se connecter
            </Link>
          </p>
        </>
      )
    case 'unknown':
      return page(
        'Paiement introuvable',
        <>
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
          <p>
            Cette référence de paiement ne correspond à aucun paiement de votre compte. Vérifiez que vous êtes connecté avec le bon compte,
            ou consultez votre abonnement.
          </p>
          <p className="actions">
            <Link className="button button--primary" to={paths.subscription.href()}>
              Voir mon abonnement
            </Link>
            <Link className="button button--ghost" to={paths.contact.href()}>
              Nous contacter
            </Link>
          </p>
        </>
      )
    case 'failed':
      return page(
        'Confirmation impossible pour l’instant',
        <>
          <p className="notice notice--error" role="alert">
            {state.message}
          </p>
          {refreshAction}
        </>
      )
    default:
      return <NoSession headingRef={headingRef} />
  }
}

/** Without a session id: what this page is for (also the prerendered HTML). */
function NoSession({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <article className="status-page">
      <h1 ref={headingRef} tabIndex={-1}>
        Confirmation de paiement
      </h1>
      <p className="lead">
        Cette page confirme votre abonnement une fois le paiement en ligne terminé. Vous y êtes renvoyé automatiquement par la page de
        paiement, avec la référence de votre session de paiement.
      </p>
      <p className="notice">
        Sans référence de session de paiement, cette page n’a rien à confirmer&#8239;: aucun paiement n’est en cours et aucun montant n’est
        débité ici.
      </p>
      <p>
        Pour souscrire, choisissez une offre sur la page des tarifs. Si vous avez payé et que votre abonnement n’apparaît pas dans votre
        espace, écrivez-nous en indiquant l’adresse e-mail de votre compte.
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
