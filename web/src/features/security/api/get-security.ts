import { queryOptions, useQuery } from '@tanstack/react-query'
import type { SupabaseClient } from '@supabase/supabase-js'
import { recoveryCodesLeft, openSessions, verifiedTotp, type OpenSession, type TotpFactor } from '@/lib/account-security'
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
  recoveryLeft: number | null
  sessions: OpenSession[] | null
  /** The company's rule; null when it could not be read (the rest of the page still works). */
  team: TeamTwoFactor | null
}

async function readSecurity(api: ApiClient, anonKey: string, ownAccounts: boolean, signal: AbortSignal): Promise<SecurityState> {
  const supabase = await getSupabase(anonKey)
  const factor = await verifiedTotp(supabase)
  if (!factor.ok) throw new ApiError(0, 'security_unreadable', factor.message)
  // The sessions' list is served whoever keeps the accounts; the recovery codes are the embedded accounts' own.
  const [left, sessions] = await Promise.all([
    ownAccounts && factor.value !== null ? recoveryCodesLeft(supabase, anonKey) : null,
    openSessions(supabase, anonKey)
  ])
  if (!sessions.ok) throw new ApiError(0, 'security_unreadable', sessions.message)
  const team = await teamTwoFactorApi.read(api, signal).catch(() => null)
  return {
    supabase,
    factor: factor.value,
    recoveryLeft: left !== null && left.ok ? left.value.remaining : null,
    sessions: sessions.value,
    team
  }
}

export const getSecurityQueryOptions = (api: ApiClient, anonKey: string, ownAccounts: boolean) =>
  queryOptions({ queryKey: queryKeys.security, queryFn: ({ signal }) => readSecurity(api, anonKey, ownAccounts, signal) })

/** Read once Supabase Auth can be asked (its key in the runtime config). */
export function useSecurity() {
  const { supabaseAnonKey, ownAccounts } = useRuntimeConfig()
  const { api } = useWorkspace()
  return useQuery({ ...getSecurityQueryOptions(api, supabaseAnonKey ?? '', ownAccounts), enabled: supabaseAnonKey !== null })
}
