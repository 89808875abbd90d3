// What /api lets an access token do beyond its signature, whoever keeps the accounts: its session
// must still be open (closing a session from « Sécurité » ends it at its next request, not at the
// token's expiry), and once the account has a verified second factor, the session must have proved
// it (aal2) — the session's level in the database is the truth, not the token's claim.
//
// The embedded accounts keep sessions and factors in `paraphe_auth`; Supabase Auth (GoTrue) keeps
// them in `auth` of the same PostgreSQL the gateway uses (`auth.sessions`, `auth.mfa_factors`, its
// published schema) — Supabase's own advice is to check `auth.mfa_factors` in the database.
import type { Queryable } from '../db/database.js'

export type ApiAccess = 'ok' | 'session_closed' | 'aal2_required'

/** The schema holding `sessions` and `mfa_factors`. */
export type AccountsSchema = 'paraphe_auth' | 'auth'

export async function sessionAccess(db: Queryable, schema: AccountsSchema, userId: string, sessionId: string | null): Promise<ApiAccess> {
  if (sessionId === null) return 'session_closed'
  // `::text` on both engines' enums (GoTrue's aal_level and factor_status) and uuids.
  const { rows } = await db.query<{ aal: string | null; has_factor: boolean }>(
    `select s.aal::text as aal,
            exists (select 1 from ${schema}.mfa_factors f where f.user_id = s.user_id and f.status::text = 'verified') as has_factor
       from ${schema}.sessions s where s.id::text = $1 and s.user_id::text = $2`,
    [sessionId, userId]
  )
  const session = rows[0]
  if (session === undefined) return 'session_closed'
  return session.has_factor && session.aal !== 'aal2' ? 'aal2_required' : 'ok'
}

/** How long a missing `auth` schema is believed missing: GoTrue creates it when it first starts. */
const RECHECK_MS = 60_000

/**
 * With Supabase Auth in front: the check runs once GoTrue's tables are there and readable by the
 * gateway's role; until then (a database without GoTrue, as in development) tokens are taken as
 * they are, and the reason is logged once.
 */
export function upstreamSessionAccess(db: Queryable, log: { warn: (message: string) => void }) {
  let readableSince: boolean | null = null
  let checkedAt = 0
  let warned = false
  const tablesReadable = async (): Promise<boolean> => {
    if (readableSince === true) return true
    if (Date.now() - checkedAt < RECHECK_MS) return false
    checkedAt = Date.now()
    const { rows } = await db.query<{ readable: boolean }>(
      // CASE, not AND: has_table_privilege fails on a missing table, and AND may run it first.
      `select case when to_regclass('auth.sessions') is null or to_regclass('auth.mfa_factors') is null then false
                   else has_table_privilege('auth.sessions', 'select') and has_table_privilege('auth.mfa_factors', 'select') end as readable`
    )
    readableSince = rows[0]?.readable === true
    if (!readableSince && !warned) {
      warned = true
      log.warn('auth.sessions and auth.mfa_factors are not readable here: second factors and closed sessions are not checked on /api')
    }
    return readableSince
  }
  return async (userId: string, sessionId: string | null): Promise<ApiAccess> =>
    (await tablesReadable()) ? sessionAccess(db, 'auth', userId, sessionId) : 'ok'
}
