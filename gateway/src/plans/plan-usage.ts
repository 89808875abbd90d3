// Which plan an account is on and how many quotes it has sent this month (Paris calendar).
import { FREE_PLAN_ID, findPlan, PLANS, type Plan } from '@paraphe/shared/plans'
import type { Queryable } from '../db/database.js'

export async function currentPlan(tx: Queryable): Promise<Plan> {
  const { rows } = await tx.query<{ plan_id: string }>(
    'select plan_id from paraphe.subscriptions where status = any(paraphe.paid_statuses())'
  )
  return findPlan(rows[0]?.plan_id ?? FREE_PLAN_ID) ?? (PLANS[0] as Plan)
}

/** Quotes sent since the first day of the current month, midnight in Paris. */
export async function quotesSentThisMonth(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ sent: number }>(
    `select count(*) as sent from paraphe.quotes
      where sent_at >= (date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')`
  )
  return rows[0]?.sent ?? 0
}
