// The account's open sessions, as « Sécurité » lists them (a Paraphe extension: Supabase Auth
// offers only signing out here, everywhere or elsewhere): the device from the user agent, when it
// started and was last used. No place: the gateway has no local database of addresses' countries,
// and guessing one would show a place that may be wrong.
import { AuthApiError } from './auth-api-error.js'
import type { AccountContext } from './account-context.js'
import type { Authenticated } from './current-user.js'
import { deviceOf } from './devices.js'

export interface OpenSession {
  id: string
  device: string
  current: boolean
  aal: 'aal1' | 'aal2'
  created_at: string
  last_used_at: string
}

export async function listSessions({ db }: AccountContext, { user, sessionId }: Authenticated): Promise<{ sessions: OpenSession[] }> {
  const { rows } = await db.query<{ id: string; user_agent: string | null; aal: 'aal1' | 'aal2'; created_at: Date; last_used_at: Date }>(
    `select id, user_agent, aal, created_at, coalesce(refreshed_at, created_at) as last_used_at
       from paraphe_auth.sessions where user_id = $1 order by coalesce(refreshed_at, created_at) desc`,
    [user.id]
  )
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent ?? ''),
      current: row.id === sessionId,
      aal: row.aal,
      created_at: new Date(row.created_at).toISOString(),
      last_used_at: new Date(row.last_used_at).toISOString()
    }))
  }
}

/** Closes one of the user's sessions: its refresh token and its access tokens stop working. */
export async function closeSession({ db }: AccountContext, { user }: Authenticated, id: string): Promise<void> {
  const { rows } = await db.query('delete from paraphe_auth.sessions where id::text = $1 and user_id = $2 returning id', [id, user.id])
  if (rows.length === 0) throw new AuthApiError(404, 'session_not_found', 'Session not found')
}
