import { Link } from 'react-router-dom'
import { isPaidPlan, type BillingInterval, type Plan } from '@paraphe/shared/plans'
import { paths } from '@paraphe/shared/paths'
import { useCheckout } from '../hooks/use-checkout'
import { CheckoutStatus } from './checkout-status'
import { PlanPrice } from './plan-price'

export function PlanCard({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const { outcome, choose } = useCheckout()
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
        {isPaidPlan(plan) ? (
          <button
            type="button"
            className={plan.highlighted ? 'button button--primary' : 'button button--ghost'}
            // Paid plans are the only ones with a button (the free plan is a sign-up link).
            onClick={() => {
              if (!busy) void choose({ plan: plan.id, interval })
            }}
            aria-disabled={busy ? true : undefined}
          >
            Choisir {plan.name}
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
