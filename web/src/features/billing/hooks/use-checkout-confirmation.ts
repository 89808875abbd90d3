import { useState } from 'react'
import { useSignalEffect } from '@/hooks/use-signal-effect'
import { paths } from '@paraphe/shared/paths'
import { useApiClient } from '@/lib/api-client'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { getAccessToken } from '@/lib/supabase'
import { billingApi } from '../api/billing-api'
import { followCheckout, type SuccessState } from '../lib/confirmation-polling'

/**
 * The state of the checkout session `sessionId` (null before hydration or without one): asked
 * with the user's token, again every 2 s while pending. `refresh` starts a new round.
 */
export function useCheckoutConfirmation(sessionId: string | null): { state: SuccessState; refresh: () => void } {
  const api = useApiClient()
  const { supabaseAnonKey } = useRuntimeConfig()
  const [state, setState] = useState<SuccessState>({ kind: 'no-session' })
  const [round, setRound] = useState(0)

  useSignalEffect(
    (signal) => {
      if (sessionId === null) return setState({ kind: 'no-session' })
      const timers = new Set<ReturnType<typeof setTimeout>>()
      void followCheckout({
        signedIn: async () => supabaseAnonKey !== null && (await getAccessToken(supabaseAnonKey)) !== null,
        ask: (signal) => billingApi.checkoutSession(api, sessionId, signal),
        wait: (ms) => new Promise((resolve) => timers.add(setTimeout(resolve, ms))),
        // A manual refresh keeps « pending » on screen rather than flashing « checking ».
        report: (next) => setState((current) => (next.kind === 'checking' && current.kind === 'pending' ? current : next)),
        signal
      })
      return () => {
        for (const timer of timers) clearTimeout(timer)
      }
    },
    [api, sessionId, supabaseAnonKey, round]
  )

  return { state, refresh: () => setRound((count) => count + 1) }
}

/** The sign-in page, coming back to this confirmation afterwards. */
export function signInToConfirm(sessionId: string): string {
  return paths.login.href(paths.checkoutSuccess.href(sessionId))
}
