// The `auth` route guard: private pages need a session; without one the visitor goes to the
// sign-in page, which brings them back afterwards (`?redirectTo=`).
import { paths } from '@paraphe/shared/paths'
import { needsSecondFactor } from '@/lib/account-security'
import { connectSession, currentSession } from './session'

export interface AuthGuardContext {
  path: string
  search: string
  config: { supabaseAnonKey: string | null }
}

export async function requireSession({ path, search, config }: AuthGuardContext): Promise<string | null> {
  const login = paths.login.href(`${path}${search}`)
  // Accounts not configured: the sign-in page says so.
  if (config.supabaseAnonKey === null) return login
  try {
    if ((await currentSession(config.supabaseAnonKey)) === null) return login
    // Signed in with the password alone while the account has a second factor: the sign-in page
    // asks for the code (the API would refuse the session anyway).
    return (await needsSecondFactor(await connectSession(config.supabaseAnonKey))) ? login : null
  } catch {
    // supabase-js could not be loaded (network): the sign-in page explains what it can.
    return login
  }
}
