// The `auth` route guard: private pages need a session; without one the visitor goes to the
// sign-in page, which brings them back afterwards (`?redirectTo=`).
import { paths } from '@paraphe/shared/paths'
import { currentSession } from './session'

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
    return (await currentSession(config.supabaseAnonKey)) === null ? login : null
  } catch {
    // supabase-js could not be loaded (network): the sign-in page explains what it can.
    return login
  }
}
