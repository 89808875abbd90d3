// The refusals of the plans table, in one place: a feature the account's plan does not include,
// and the monthly quota. Each names the plan that lifts it and links to the pricing page by its
// absolute address (an e-mail client or an API user cannot follow a bare path).
import { paths } from '@paraphe/shared/paths'
import { PLAN_FEATURE_LABELS, planAllows, planWith, unlimitedPlan, type Plan, type PlanFeature } from '@paraphe/shared/plans'
import type { Queryable } from '../db/database.js'
import { ApiProblem, type UpgradeOffer } from '../errors.js'
import { currentPlan, quotesSentThisMonth } from './plan-usage.js'

export function upgradeOffer(plan: Plan, publicUrl: URL): UpgradeOffer {
  return { planId: plan.id, planName: plan.name, url: new URL(paths.pricing.href(), publicUrl).href }
}

/** 403 `plan_feature_required`: `feature` is not in `current`; the message names the plan that has it. */
export function featureRefusal(current: Plan, feature: PlanFeature, publicUrl: URL): ApiProblem {
  const offer = upgradeOffer(planWith(feature), publicUrl)
  return new ApiProblem(
    403,
    'plan_feature_required',
    `${PLAN_FEATURE_LABELS[feature]} est inclus dans la formule ${offer.planName}, pas dans votre formule ${current.name}. Passez à la formule ${offer.planName} : ${offer.url}`,
    undefined,
    offer
  )
}

/** 403 `plan_limit`: the month's quota is used up. */
export function quotaRefusal(current: Plan, limit: number, publicUrl: URL): ApiProblem {
  const offer = upgradeOffer(unlimitedPlan(), publicUrl)
  return new ApiProblem(
    403,
    'plan_limit',
    `Votre formule ${current.name} permet d’envoyer ${limit} devis par mois, et vous les avez déjà envoyés. Passez à la formule ${offer.planName} pour des envois illimités : ${offer.url}`,
    undefined,
    offer
  )
}

/** Throws the feature's refusal unless the account's plan includes it; returns the plan. */
export async function requireFeature(tx: Queryable, feature: PlanFeature, publicUrl: URL): Promise<Plan> {
  const plan = await currentPlan(tx)
  if (!planAllows(plan, feature)) throw featureRefusal(plan, feature, publicUrl)
  return plan
}

/** Throws the quota's refusal when this month's sends already reached the plan's limit. */
export async function requireQuotaLeft(tx: Queryable, plan: Plan, publicUrl: URL): Promise<void> {
  const limit = plan.limits.quotesPerMonth
  if (limit !== null && (await quotesSentThisMonth(tx)) >= limit) throw quotaRefusal(plan, limit, publicUrl)
}
