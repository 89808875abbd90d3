import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { BILLING_INTERVALS, PLANS, type BillingInterval } from '@paraphe/shared/plans'
import type { RouteHandle } from '@/lib/route-handle'
import { BillingIntervalSwitch } from '@/features/pricing/components/billing-interval-switch'
import { PlanCard } from '@/features/pricing/components/plan-card'
import { PricingFaq } from '@/features/pricing/components/pricing-faq'
import { CheckoutStatus } from '@/features/pricing/components/checkout-status'
import { useCheckout } from '@/features/pricing/hooks/use-checkout'
import { useCurrentPlanId } from '@/features/pricing/hooks/use-current-plan'
import { choiceFromSearch } from '@/features/pricing/lib/checkout-choice'

export const handle: RouteHandle = {
  title: 'Tarifs',
  description:
    'Une offre gratuite pour essayer, des abonnements mensuels ou annuels résiliables à tout moment pour envoyer et faire signer vos devis en ligne.',
  payload: () => ({ plans: PLANS })
}

export function Component() {
  // Monthly on the first render, so the prerendered HTML and the hydrated page agree.
  const [interval, setBillingInterval] = useState<BillingInterval>('month')
  const location = useLocation()
  const navigate = useNavigate()
  const resume = useCheckout()
  const { choose } = resume
  const currentPlanId = useCurrentPlanId()

  // Back from sign-up or sign-in with `?plan=…&interval=…`: the checkout picks up where it was.
  // The query goes first, so coming back from Stripe's page does not start it again.
  useEffect(() => {
    const choice = choiceFromSearch(location.search)
    if (choice === null) return
    setBillingInterval(choice.interval)
    void navigate(paths.pricing.href(), { replace: true })
    void choose(choice, { quiet: true })
  }, [location.search, navigate, choose])

  return (
    <article className="pricing">
      <header className="page-intro page-intro--center">
        <h1>Tarifs</h1>
        <p className="lead">
          Commencez gratuitement, passez à un abonnement quand vos devis se multiplient. Prix hors taxes, résiliation à tout moment depuis
          votre espace.
        </p>
        <BillingIntervalSwitch value={interval} onChange={setBillingInterval} intervals={BILLING_INTERVALS} />
        <div className="pricing__resume" aria-live="polite">
          <CheckoutStatus outcome={resume.outcome} />
        </div>
      </header>
      <ul className="plan-grid">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} interval={interval} currentPlanId={currentPlanId} />
          </li>
        ))}
      </ul>
      <PricingFaq />
    </article>
  )
}
