import { useEffect, useSyncExternalStore } from 'react'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { serverSessionSnapshot, sessionSnapshot, startSession, subscribeSession, type SessionState } from '../lib/session'
import { useHydrated } from '@/hooks/use-hydrated'

/**
 * The browser's session state; `unknown` during hydration. `eager` (account pages) loads
 * supabase-js right away instead of only when a session is stored.
 */
export function useAuthSession({ eager = false }: { eager?: boolean } = {}): SessionState {
  const { supabaseAnonKey } = useRuntimeConfig()
  useEffect(() => startSession(supabaseAnonKey, eager), [supabaseAnonKey, eager])
  return useSyncExternalStore(subscribeSession, sessionSnapshot, serverSessionSnapshot)
}

export type AuthAvailability = 'pending' | 'ready' | 'unconfigured'

/**
 * Whether the account forms can be used: `pending` until hydration (the prerender does not know
 * the anon key), then `unconfigured` when this instance has no Supabase Auth.
 */
export function useAuthAvailability(): { availability: AuthAvailability; anonKey: string | null } {
  const hydrated = useHydrated()
  const { supabaseAnonKey } = useRuntimeConfig()
  const availability: AuthAvailability = !hydrated ? 'pending' : supabaseAnonKey === null ? 'unconfigured' : 'ready'
  return { availability, anonKey: supabaseAnonKey }
}
