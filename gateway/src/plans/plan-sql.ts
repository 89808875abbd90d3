// « The company's plan allows X » in SQL, one helper for every statement that gates on it as the
// gateway's owner role (the queues' claims, the automatic reminders): paraphe.company_plan_in
// (migration 0015) holds the paid statuses, and the plans with the feature come from the one
// features table, @paraphe/shared/plans. Read at each statement, so a downgrade stops it at once.
import { PLANS, planAllows, type PlanFeature, type PlanId } from '@paraphe/shared/plans'

/** Ids of the plans that include `feature`. */
export function plansWith(feature: PlanFeature): PlanId[] {
  return PLANS.filter((plan) => planAllows(plan, feature)).map((plan) => plan.id)
}

/**
 * An SQL condition: the company `companyIdSql` (a column or expression) is on a paid plan that
 * includes the feature whose plan ids (plansWith) are bound at `plansParam` (`$3`).
 */
export function planAllowsSql(companyIdSql: string, plansParam: string): string {
  return `paraphe.company_plan_in(${companyIdSql}, ${plansParam}::text[])`
}
