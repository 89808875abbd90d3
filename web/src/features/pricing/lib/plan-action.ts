// What a plan's card offers, knowing (or not) the visitor's current plan: a visitor is offered
// an account or a checkout; a signed-in professional sees which plan is theirs, and the others as
// changes (a paid subscription changes in Stripe's portal, behind « Mon abonnement »).
import { FREE_PLAN_ID, isPaidPlan, type Plan } from '@paraphe/shared/plans'

export type PlanAction =
  /** Nobody signed in (or not known yet): the free plan is a sign-up link. */
  | { kind: 'sign-up' }
  /** A paid plan chosen from here: Stripe Checkout (or sign-up first). */
  | { kind: 'checkout'; label: string }
  /** The plan the account has. */
  | { kind: 'current'; manage: boolean }
  /** Another plan while paying for one: changed from the subscription page. */
  | { kind: 'change'; label: string }

/** `currentPlanId` null: not signed in, or the plan is not known yet. */
export function planAction(plan: Plan, currentPlanId: string | null): PlanAction {
  if (currentPlanId === plan.id) return { kind: 'current', manage: isPaidPlan(plan) }
  if (currentPlanId === null) return isPaidPlan(plan) ? { kind: 'checkout', label: `Choisir ${plan.name}` } : { kind: 'sign-up' }
  // From the free plan, a paid one is bought here; between paid plans (or back to the free one)
  // the subscription itself changes, which the gateway refuses to start as a second checkout.
  if (currentPlanId === FREE_PLAN_ID && isPaidPlan(plan)) return { kind: 'checkout', label: `Passer à ${plan.name}` }
  return { kind: 'change', label: `Passer à ${plan.name}` }
}
