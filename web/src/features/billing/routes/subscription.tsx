import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { LoadFailure, LoadingStatus } from '@/components/ui/load-state'
import { useSubscription } from '@/hooks/use-account-plan'
import { useInvalidate } from '@/hooks/use-invalidate'
import { useWorkspace } from '@/hooks/use-workspace'
import { asApiError } from '@/lib/api-client'
import type { ApiError } from '@/lib/api-client'
import { loadOf } from '@/lib/query-load'
import { queryKeys } from '@/lib/query-keys'
import type { RouteHandle } from '@/lib/route-handle'
import { billingApi, type SubscriptionState } from '../api/billing-api'
import { formatRenewalDate, INTERVAL_TEXT, statusText, usageText } from '../lib/subscription-text'

export const handle: RouteHandle = {
  title: 'Abonnement',
  description: 'Votre formule, son renouvellement, vos envois de devis du mois et la gestion de votre abonnement.'
}

export { SubscriptionPage as Component }

export type SubscriptionLoad =
  { kind: 'loading' } | { kind: 'ready'; subscription: SubscriptionState } | { kind: 'failed'; error: ApiError }
export type PortalState = { kind: 'idle' } | { kind: 'working' } | { kind: 'failed'; message: string }

function SubscriptionPage() {
  const { api } = useWorkspace()
  const shown = loadOf(useSubscription())
  const load: SubscriptionLoad = shown.kind === 'ready' ? { kind: 'ready', subscription: shown.data } : shown
  const reload = useInvalidate(queryKeys.subscription)
  const [portal, setPortal] = useState<PortalState>({ kind: 'idle' })

  const openPortal = async () => {
    setPortal({ kind: 'working' })
    try {
      const { url } = await billingApi.portal(api)
      window.location.assign(url)
    } catch (error) {
      setPortal({ kind: 'failed', message: asApiError(error).message })
    }
  }

  return <SubscriptionView load={load} onRetry={() => void reload()} portal={portal} onPortal={() => void openPortal()} />
}

export interface SubscriptionViewProps {
  load: SubscriptionLoad
  onRetry: () => void
  portal: PortalState
  onPortal: () => void
}

export function SubscriptionView({ load, onRetry, portal, onPortal }: SubscriptionViewProps) {
  return (
    <article className="subscription-page">
      <header className="page-intro workspace-intro">
        <h1>Abonnement</h1>
        <p className="lead">Votre formule, son renouvellement et vos envois de devis du mois.</p>
      </header>
      {load.kind === 'loading' ? <LoadingStatus /> : null}
      {load.kind === 'failed' ? <LoadFailure error={load.error} onRetry={onRetry} /> : null}
      {load.kind === 'ready' ? <SubscriptionDetails subscription={load.subscription} portal={portal} onPortal={onPortal} /> : null}
    </article>
  )
}

function SubscriptionDetails({
  subscription,
  portal,
  onPortal
}: {
  subscription: SubscriptionState
  portal: PortalState
  onPortal: () => void
}) {
  const renewal = formatRenewalDate(subscription.currentPeriodEnd)
  const { quotesSentThisMonth, quotesPerMonth } = subscription.usage
  const paid = subscription.interval !== null
  return (
    <>
      {subscription.paymentFailed ? (
        <div className="notice notice--warning billing-warning" role="alert">
          <p>
            <strong>Le dernier paiement a échoué.</strong> Mettez à jour votre moyen de paiement pour garder votre formule{' '}
            {subscription.plan.name}.
          </p>
        </div>
      ) : null}
      <section className="card billing-card" aria-labelledby="subscription-plan">
        <h2 id="subscription-plan">Formule {subscription.plan.name}</h2>
        <dl className="billing-facts">
          <div>
            <dt>État</dt>
            <dd>{statusText(subscription.status)}</dd>
          </div>
          {subscription.interval !== null ? (
            <div>
              <dt>Facturation</dt>
              <dd>{INTERVAL_TEXT[subscription.interval]}</dd>
            </div>
          ) : null}
          {renewal !== null ? (
            <div>
              <dt>{subscription.cancelAtPeriodEnd ? 'Fin de l’abonnement' : 'Prochain renouvellement'}</dt>
              <dd>{subscription.cancelAtPeriodEnd ? `Se termine le ${renewal}` : `Renouvelé le ${renewal}`}</dd>
            </div>
          ) : null}
          <div>
            <dt>Devis du mois</dt>
            <dd>{usageText(quotesSentThisMonth, quotesPerMonth)}</dd>
          </div>
        </dl>
        {quotesPerMonth !== null ? (
          <progress
            className="billing-usage"
            max={quotesPerMonth}
            value={Math.min(quotesSentThisMonth, quotesPerMonth)}
            aria-label="Devis envoyés ce mois-ci"
          >
            {usageText(quotesSentThisMonth, quotesPerMonth)}
          </progress>
        ) : null}
      </section>
      {!subscription.canManage ? (
        <p className="notice">
          Seul le propriétaire de l’entreprise gère l’abonnement&#8239;: il peut changer de formule ou mettre à jour le paiement.
        </p>
      ) : subscription.paymentsEnabled ? (
        <p className="actions">
          {paid ? (
            <button type="button" className="button button--primary" onClick={onPortal} disabled={portal.kind === 'working'}>
              Gérer mon abonnement
            </button>
          ) : null}
          <Link className={paid ? 'button button--ghost' : 'button button--primary'} to={paths.pricing.href()}>
            Changer de formule
          </Link>
        </p>
      ) : (
        <p className="notice">
          Le paiement en ligne n’est pas configuré sur cette instance&#8239;: la formule ne peut pas être changée ici.
        </p>
      )}
      {paid && subscription.paymentsEnabled && subscription.canManage ? (
        <p className="billing-hint">
          Moyen de paiement, factures, changement de formule ou résiliation&#8239;: tout se fait depuis « Gérer mon abonnement ».
        </p>
      ) : null}
      <div aria-live="polite">
        {portal.kind === 'failed' ? (
          <p className="notice notice--error" role="alert">
            {portal.message}
          </p>
        ) : null}
      </div>
    </>
  )
}
