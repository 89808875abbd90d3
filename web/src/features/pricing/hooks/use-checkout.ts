import { useCallback, useMemo, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useApiClient } from '@/lib/api-client'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { getAccessToken } from '@/lib/supabase'
import type { CheckoutChoice } from '../lib/checkout-choice'
import { startCheckout, type CheckoutOutcome } from '../lib/start-checkout'

/** Starts a checkout and follows its outcome: Stripe's page, the sign-up page, or a message. */
export function useCheckout(): {
  outcome: CheckoutOutcome
  choose: (choice: CheckoutChoice, options?: { quiet?: boolean }) => Promise<void>
} {
  const config = useRuntimeConfig()
  const api = useApiClient()
  const navigate = useNavigate()
  const [outcome, setOutcome] = useState<CheckoutOutcome>({ kind: 'idle' })
  const deps = useMemo(
    () => ({
      paymentsEnabled: config.paymentsEnabled,
      api,
      getAccessToken: async () => (config.supabaseAnonKey === null ? null : getAccessToken(config.supabaseAnonKey))
    }),
    [api, config.paymentsEnabled, config.supabaseAnonKey]
  )
  const choose = useCallback(
    async (choice: CheckoutChoice, { quiet = false }: { quiet?: boolean } = {}) => {
      setOutcome({ kind: 'working' })
      const result = await startCheckout(deps, choice)
      // Resuming on /tarifs without a session: the visitor just sees the plans again.
      if (quiet && result.kind === 'sign-in-first') return setOutcome({ kind: 'idle' })
      setOutcome(result)
      if (result.kind === 'redirecting') window.location.assign(result.url)
      else if (result.kind === 'sign-in-first') void navigate(result.href)
    },
    [deps, navigate]
  )
  return { outcome, choose }
}
