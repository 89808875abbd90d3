import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SupabaseClient } from '@supabase/supabase-js'
import { openSessions, recoveryCodes, verifiedTotp, type OpenSession, type RecoveryCodes, type TotpFactor } from '@/lib/account-security'
import { ApiError, type ApiClient } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { getSupabase } from '@/lib/supabase'
import { useWorkspace } from '@/hooks/use-workspace'
import { teamTwoFactorApi, type TeamTwoFactor } from './team-two-factor-api'

/** What « Sécurité » shows: the account's second factor and sessions (from Supabase Auth), the company's rule. */
export interface SecurityState {
  supabase: SupabaseClient
  factor: TotpFactor | null
  recovery: RecoveryCodes
  sessions: OpenSession[] | null
  /** The company's rule; null when it could not be read (the rest of the page still works). */
  team: TeamTwoFactor | null
}

async function readSecurity(api: ApiClient, anonKey: string, signal: AbortSignal): Promise<SecurityState> {
  const supabase = await getSupabase(anonKey)
  const factor = await verifiedTotp(supabase)
  if (!factor.ok) throw new ApiError(0, 'security_unreadable', factor.message)
  // Both served by the gateway whoever keeps the accounts (with Supabase Auth, when it may read its tables).
  const [recovery, sessions] = await Promise.all([recoveryCodes(supabase, anonKey), openSessions(supabase, anonKey)])
  if (!sessions.ok) throw new ApiError(0, 'security_unreadable', sessions.message)
  const team = await teamTwoFactorApi.read(api, signal).catch(() => null)
  return {
    supabase,
    factor: factor.value,
    recovery,
    sessions: sessions.value,
    team
  }
}

export const getSecurityQueryOptions = (api: ApiClient, anonKey: string) =>
  queryOptions({ queryKey: queryKeys.security, queryFn: ({ signal }) => readSecurity(api, anonKey, signal) })

/** Read once Supabase Auth can be asked (its key in the runtime config). */
export function useSecurity() {
  const { supabaseAnonKey } = useRuntimeConfig()
  const { api } = useWorkspace()
  return useQuery({ ...getSecurityQueryOptions(api, supabaseAnonKey ?? ''), enabled: supabaseAnonKey !== null })
}
