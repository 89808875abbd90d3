import { useCallback, useEffect, useState } from 'react'
import { FREE_PLAN_ID, findPlan, type Plan } from '@paraphe/shared/plans'
import type { ApiClient } from '@/lib/api-client'

/**
 * The signed-in account's plan and this month's sends, for the badges, prompts and the quota
 * counter of the workspace. The gateway enforces the plan whatever this says: while it loads,
 * or if it fails, the controls stay as they are and a refusal explains itself.
 */
export type AccountPlan = { kind: 'loading' } | { kind: 'ready'; plan: Plan; sentThisMonth: number }

interface SubscriptionUsage {
  plan: { id: string }
  usage: { quotesSentThisMonth: number }
}

export function useAccountPlan(api: ApiClient, userId: string | null): { state: AccountPlan; refresh: () => void } {
  const [state, setState] = useState<AccountPlan>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (userId === null) return
    const controller = new AbortController()
    api.get<SubscriptionUsage>('/api/billing/subscription', { signal: controller.signal }).then(
      (body) => {
        const plan = findPlan(body.plan.id) ?? findPlan(FREE_PLAN_ID)
        if (plan !== undefined) setState({ kind: 'ready', plan, sentThisMonth: body.usage.quotesSentThisMonth })
      },
      () => undefined
    )
    return () => controller.abort()
  }, [api, userId, attempt])
  const refresh = useCallback(() => setAttempt((count) => count + 1), [])
  return { state, refresh }
}
