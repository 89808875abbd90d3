import { useState } from 'react'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import { useHydrated } from '@/hooks/use-hydrated'
import { useApiClient } from '@/lib/api-client'
import { hasStoredSession } from '@/lib/supabase'

/**
 * The signed-in account's plan id, or null (a visitor, or not known yet). Asked after hydration
 * only when this browser keeps a session, so the prerendered page and a visitor's page stay as
 * they are and load no account code; a failed request leaves the page as a visitor sees it.
 */
export function useCurrentPlanId(): string | null {
  const hydrated = useHydrated()
  const api = useApiClient()
  const [planId, setPlanId] = useState<string | null>(null)
  useSignalEffect(
    (signal) => {
      if (!hydrated || !hasStoredSession()) return
      api.get<{ plan: { id: string } }>('/api/billing/subscription', { signal }).then(
        (body) => setPlanId(body.plan.id),
        () => undefined
      )
    },
    [api, hydrated]
  )
  return planId
}
