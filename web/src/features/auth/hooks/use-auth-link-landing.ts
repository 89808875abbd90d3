import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { followAuthLink, type LandingState } from '../lib/landing'

export type { LandingState } from '../lib/landing'

/**
 * Reads the e-mail link in the URL after hydration (the prerendered page is the `idle` one) and
 * uses it; then removes its parameters from the address bar so a reload does not replay it.
 */
export function useAuthLinkLanding(): LandingState {
  const { supabaseAnonKey } = useRuntimeConfig()
  const navigate = useNavigate()
  const [state, setState] = useState<LandingState>({ kind: 'idle' })
  useEffect(
    () =>
      followAuthLink(
        window.location.href,
        supabaseAnonKey,
        setState,
        (clean) => void navigate(clean, { replace: true }),
        () => window.location.href
      ),
    [supabaseAnonKey, navigate]
  )
  return state
}
