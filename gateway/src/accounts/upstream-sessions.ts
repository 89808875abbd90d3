// « Sessions ouvertes » with Supabase Auth in front: GoTrue keeps its sessions in `auth.sessions`
// of the PostgreSQL the gateway uses (its published schema: `user_agent`, `refreshed_at` since
// v2.100), and offers no endpoint listing them nor closing one other than « all the others ». The
// gateway reads and deletes the rows itself, as it already reads them to end closed sessions at
// their next request (auth/session-access.ts): a deleted session's refresh token goes with it
// (GoTrue's `refresh_tokens.session_id` cascades), and its access tokens are refused by /api.
// Same answers as the embedded accounts' (session-list.ts), so the page does not know which.
import type { Queryable } from '../db/database.js'
import { AuthApiError } from './auth-api-error.js'
import { deviceOf } from './devices.js'
import type { OpenSession } from './session-list.js'

/** PostgreSQL's « no such table », « permission denied » and « no such schema »: GoTrue's tables are not reachable here. */
const UNREACHABLE = new Set(['42P01', '42501', '3F000'])

/** `refusal` when `error` says GoTrue's tables are out of reach; any other error is thrown again. */
export function unreachableAs(error: unknown, refusal: AuthApiError): AuthApiError {
  const code = (error as { code?: unknown } | null)?.code
  if (typeof code === 'string' && UNREACHABLE.has(code)) return refusal
  throw error
}

const unreachable = (error: unknown) =>
  unreachableAs(error, new AuthApiError(404, 'sessions_not_available', 'The sessions of this instance’s accounts are not readable here'))

export async function listUpstreamSessions(db: Queryable, userId: string, currentId: string | null): Promise<{ sessions: OpenSession[] }> {
  const { rows } = await db
    .query<{ id: string; user_agent: string | null; aal: string | null; created_at: Date; last_used_at: Date }>(
      `select id::text as id, user_agent, aal::text as aal, created_at,
              coalesce(refreshed_at, updated_at, created_at) as last_used_at
         from auth.sessions where user_id::text = $1
        order by coalesce(refreshed_at, updated_at, created_at) desc`,
      [userId]
    )
    .catch((error: unknown) => {
      throw unreachable(error)
    })
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent ?? ''),
      current: row.id === currentId,
      aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
      created_at: new Date(row.created_at).toISOString(),
      last_used_at: new Date(row.last_used_at).toISOString()
    }))
  }
}

export async function closeUpstreamSession(db: Queryable, userId: string, id: string): Promise<void> {
  const { rows } = await db
    .query('delete from auth.sessions where id::text = $1 and user_id::text = $2 returning id', [id, userId])
    .catch((error: unknown) => {
      throw unreachable(error)
    })
  if (rows.length === 0) throw new AuthApiError(404, 'session_not_found', 'Session not found')
}
