// What /api lets an embedded-accounts access token do beyond its signature: its session must still
// be open (closing a session from « Sécurité » ends it at its next request, not at the token's
// expiry), and once the account has a verified second factor, the session must have proved it
// (aal2) — the session's level in the database is the truth, not the token's claim.
import type { Queryable } from '../db/database.js'

export type ApiAccess = 'ok' | 'session_closed' | 'aal2_required'

export async function apiAccess(db: Queryable, userId: string, sessionId: string | null): Promise<ApiAccess> {
  if (sessionId === null) return 'session_closed'
  const { rows } = await db.query<{ aal: string; has_factor: boolean }>(
    `select s.aal, exists (select 1 from paraphe_auth.mfa_factors f where f.user_id = s.user_id and f.status = 'verified') as has_factor
       from paraphe_auth.sessions s where s.id::text = $1 and s.user_id = $2`,
    [sessionId, userId]
  )
  const session = rows[0]
  if (session === undefined) return 'session_closed'
  return session.has_factor && session.aal !== 'aal2' ? 'aal2_required' : 'ok'
}
