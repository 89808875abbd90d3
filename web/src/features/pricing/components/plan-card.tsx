import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { isPaidPlan, type BillingInterval, type Plan } from '@paraphe/shared/plans'
import { paths } from '@paraphe/shared/paths'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { PlanPrice } from './plan-price'

export function PlanCard({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const config = useRuntimeConfig()
  const navigate = useNavigate()
  const [paymentUnavailable, setPaymentUnavailable] = useState(false)
  const titleId = `plan-${plan.id}`

  // Online payment comes later: the button either explains that or sends the visitor to sign up.
  const choose = () => {
    if (config.paymentsEnabled) void navigate(paths.signup.href())
    else setPaymentUnavailable(true)
  }

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
            onClick={choose}
          >
            Choisir {plan.name}
          </button>
        ) : (
          <Link className="button button--ghost" to={paths.signup.href()}>
            Créer un compte gratuit
          </Link>
        )}
        <div className="plan-card__status" aria-live="polite">
          {paymentUnavailable && (
            <p className="notice notice--small">
              Le paiement en ligne n’est pas encore configuré sur cette instance. Écrivez-nous depuis{' '}
              <Link to={paths.contact.href()}>la page Contact</Link> pour souscrire.
            </p>
          )}
        </div>
      </div>
    </article>
  )
}
