// The paid plan a visitor picked on /tarifs. It travels in the address (`/tarifs?plan=pro&interval=year`)
// through sign-up, the confirmation e-mail and sign-in (`redirectTo`), so it survives a new tab
// opened from the e-mail, where sessionStorage would be empty.
import { paths } from '@paraphe/shared/paths'
import { BILLING_INTERVALS, findPlan, isPaidPlan, type BillingInterval, type PlanId } from '@paraphe/shared/plans'

export interface CheckoutChoice {
  plan: Exclude<PlanId, 'decouverte'>
  interval: BillingInterval
}

function isInterval(value: string | null): value is BillingInterval {
  return value !== null && (BILLING_INTERVALS as readonly string[]).includes(value)
}

/** The choice in a query string; null unless both are there and name a paid plan. */
export function choiceFromSearch(search: string): CheckoutChoice | null {
  const params = new URLSearchParams(search)
  const plan = findPlan(params.get('plan') ?? '')
  const interval = params.get('interval')
  if (plan === undefined || !isPaidPlan(plan) || !isInterval(interval)) return null
  return { plan: plan.id, interval }
}

/** Where the visitor comes back to once signed in: /tarifs, which resumes the checkout. */
export function resumeHref(choice: CheckoutChoice): string {
  return paths.pricing.href(choice)
}

/** The sign-up page, bringing the visitor back to the choice afterwards. */
export function signUpHref(choice: CheckoutChoice): string {
  return paths.signup.href(resumeHref(choice))
}
