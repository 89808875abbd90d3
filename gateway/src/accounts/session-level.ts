// Raising a session to aal2 once a second factor (a TOTP code, or a recovery code) is proved: the
// session keeps the method, so its refreshed tokens keep the level, and gets a fresh refresh token.
import { theRow, type Queryable } from '../db/database.js'
import type { AccountContext } from './account-context.js'
import { sessionJson, type SecondFactor, type SessionJson } from './access-tokens.js'
import { factorsOf, insertRefreshToken, sessionState } from './sessions.js'
import type { UserRow } from './user-json.js'

export async function upgradeSession(
  context: AccountContext,
  tx: Queryable,
  user: UserRow,
  sessionId: string,
  method: SecondFactor['method']
): Promise<SessionJson> {
  const secondFactor: SecondFactor = { method, timestamp: Math.floor(Date.now() / 1000) }
  const { rows } = await tx.query<Parameters<typeof sessionState>[0]>(
    `update paraphe_auth.sessions set aal = 'aal2', second_factor = $2::jsonb, refreshed_at = now() where id = $1
     returning id, method, created_at, second_factor`,
    [sessionId, JSON.stringify(secondFactor)]
  )
  // Earlier refresh tokens of this session are revoked: the new one carries on.
  await tx.query('update paraphe_auth.refresh_tokens set revoked_at = now() where session_id = $1 and revoked_at is null', [sessionId])
  const refreshToken = await insertRefreshToken(tx, sessionId, null)
  return sessionJson(context, user, sessionState(theRow(rows)), refreshToken, await factorsOf(tx, user.id))
}
