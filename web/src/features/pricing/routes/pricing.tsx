import { useState } from 'react'
import { BILLING_INTERVALS, PLANS, type BillingInterval } from '@paraphe/shared/plans'
import type { RouteHandle } from '@/lib/route-handle'
import { BillingIntervalSwitch } from '@/features/pricing/components/billing-interval-switch'
import { PlanCard } from '@/features/pricing/components/plan-card'
import { PricingFaq } from '@/features/pricing/components/pricing-faq'

export const handle: RouteHandle = {
  title: 'Tarifs',
  description:
    'Une offre gratuite pour essayer, des abonnements mensuels ou annuels résiliables à tout moment pour envoyer et faire signer vos devis en ligne.',
  payload: () => ({ plans: PLANS })
}

export function Component() {
  // Monthly on the first render, so the prerendered HTML and the hydrated page agree.
  const [interval, setBillingInterval] = useState<BillingInterval>('month')
  return (
    <article className="pricing">
      <header className="page-intro page-intro--center">
        <h1>Tarifs</h1>
        <p className="lead">
          Commencez gratuitement, passez à un abonnement quand vos devis se multiplient. Prix hors taxes,
          résiliation à tout moment depuis votre espace.
        </p>
        <BillingIntervalSwitch value={interval} onChange={setBillingInterval} intervals={BILLING_INTERVALS} />
      </header>
      <ul className="plan-grid">
        {PLANS.map((plan) => (
          <li key={plan.id}>
            <PlanCard plan={plan} interval={interval} />
          </li>
        ))}
      </ul>
      <PricingFaq />
    </article>
  )
}
