import { Link } from 'react-router-dom'
import { isPaidPlan, type BillingInterval, type Plan } from '@paraphe/shared/plans'
import { paths } from '@paraphe/shared/paths'
import { useCheckout } from '../hooks/use-checkout'
import { planAction } from '../lib/plan-action'
import { CheckoutStatus } from './checkout-status'
import { PlanPrice } from './plan-price'

/** `currentPlanId`: the signed-in account's plan, null for a visitor (see plan-action). */
export function PlanCard({ plan, interval, currentPlanId }: { plan: Plan; interval: BillingInterval; currentPlanId: string | null }) {
  const { outcome, choose } = useCheckout()
  const action = planAction(plan, currentPlanId)
  const titleId = `plan-${plan.id}`
  const busy = outcome.kind === 'working' || outcome.kind === 'redirecting'

  return (
    <article className={plan.highlighted ? 'plan-card plan-card--highlighted' : 'plan-card'} aria-labelledby={titleId}>
      <h2 className="plan-card__name" id={titleId}>
        {plan.name}
      </h2>
      {plan.highlighted && <p className="badge badge--accent">Conseillé</p>}
      <p className="plan-card__tagline">{plan.tagline}</p>
      <PlanPrice plan={plan} interval={interval} />
      <ul className="plan-card__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      <div className="plan-card__action">
        {action.kind === 'current' ? (
          <>
            <p className="plan-card__current">Votre formule</p>
            {action.manage ? (
              <Link className="button button--ghost" to={paths.subscription.href()}>
                Gérer mon abonnement
              </Link>
            ) : null}
          </>
        ) : action.kind === 'change' ? (
          <Link className="button button--ghost" to={paths.subscription.href()}>
            {action.label}
          </Link>
        ) : action.kind === 'checkout' && isPaidPlan(plan) ? (
          <button
            type="button"
            className={plan.highlighted ? 'button button--primary' : 'button button--ghost'}
            onClick={() => {
              if (!busy) void choose({ plan: plan.id, interval })
            }}
            aria-disabled={busy ? true : undefined}
          >
            {action.label}
          </button>
        ) : (
          <Link className="button button--ghost" to={paths.signup.href()}>
            Créer un compte gratuit
          </Link>
        )}
        <div className="plan-card__status" aria-live="polite">
          <CheckoutStatus outcome={outcome} />
        </div>
      </div>
    </article>
  )
}
