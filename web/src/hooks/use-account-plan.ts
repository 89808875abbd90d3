import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { SubscriptionState } from '@paraphe/shared/api/billing-schemas'
import { FREE_PLAN_ID, findPlan, type Plan } from '@paraphe/shared/plans'
import type { ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { useWorkspace } from './use-workspace'

/**
 * The signed-in account's plan and this month's sends, for the badges, prompts and the quota
 * counter of the workspace. The gateway enforces the plan whatever this says: while it loads,
 * or if it fails, the controls stay as they are and a refusal explains itself.
 */
export type AccountPlan = { kind: 'loading' } | { kind: 'ready'; plan: Plan; sentThisMonth: number }

export const getSubscription = (api: ApiClient, signal?: AbortSignal) => api.get<SubscriptionState>('/api/billing/subscription', { signal })

/** One read of the subscription per screen: the quotes, the editor, the profile and the subscription page share it. */
export const getSubscriptionQueryOptions = (api: ApiClient) =>
  queryOptions({ queryKey: queryKeys.subscription, queryFn: ({ signal }) => getSubscription(api, signal) })

export function useSubscription() {
  const { userId, api } = useWorkspace()
  return useQuery({ ...getSubscriptionQueryOptions(api), enabled: userId !== null })
}

export function useAccountPlan(): { state: AccountPlan; refresh: () => void } {
  const { data } = useSubscription()
  const queryClient = useQueryClient()
  const plan = data === undefined ? undefined : (findPlan(data.plan.id) ?? findPlan(FREE_PLAN_ID))
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.subscription }), [queryClient])
  return {
    state:
      data === undefined || plan === undefined
        ? { kind: 'loading' }
        : { kind: 'ready', plan, sentThisMonth: data.usage.quotesSentThisMonth },
    refresh
  }
}
