// What a signed-in user does with their access token: be recognised (as GoTrue checks the token),
// change their password or metadata, sign out here, everywhere or elsewhere.
import { theRow } from '../db/database.js'
import { jwtVerify } from 'jose'
import { AuthApiError } from './auth-api-error.js'
import { userById, type AccountContext, type Body } from './account-context.js'
import { checkNewPassword, hashPassword, passwordMatches } from './passwords.js'
import type { SecondFactor } from './access-tokens.js'
import { factorsOf } from './sessions.js'
import { USER_COLUMNS, userJson, type UserRow } from './user-json.js'

export interface Authenticated {
  user: UserRow
  sessionId: string
  /** The second factor the session proved; null at aal1. */
  secondFactor: SecondFactor | null
}

/** The user and session of an `Authorization: Bearer` access token, as GoTrue checks it. */
export async function authenticate({ db, key }: AccountContext, header: string | undefined): Promise<Authenticated> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (match === null) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let claims: { sub?: unknown; session_id?: unknown }
  try {
    ;({ payload: claims } = await jwtVerify(match[1] as string, key, { algorithms: ['HS256'] }))
  } catch (error) {
    throw new AuthApiError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${(error as Error).message}`)
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  const user = await userById(db, claims.sub)
  if (user === null) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : ''
  const { rows } = await db.query<{ second_factor: SecondFactor | null }>(
    'select second_factor from paraphe_auth.sessions where id::text = $1 and user_id = $2',
    [sessionId, user.id]
  )
  const session = rows[0]
  if (session === undefined) throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  return { user, sessionId, secondFactor: session.second_factor }
}

/** Paraphe's own account endpoints (sessions, recovery codes) want aal2 once a factor is verified. */
export async function requireFullLevel({ db }: AccountContext, { user, secondFactor }: Authenticated): Promise<void> {
  if (secondFactor !== null) return
  const { rows } = await db.query(`select 1 from paraphe_auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [user.id])
  if (rows.length > 0) throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required')
}

/** GET /user: GoTrue's user with its factors. */
export async function currentUser({ db }: AccountContext, { user }: Authenticated) {
  return userJson(user, await factorsOf(db, user.id))
}

export async function updateUser({ db }: AccountContext, { user, sessionId }: Authenticated, body: Body) {
  if (body.email !== undefined && body.email !== user.email) {
    throw new AuthApiError(422, 'validation_failed', 'Changing the email address is not available on this instance')
  }
  let passwordHash: string | null = null
  if (body.password !== undefined) {
    const password = checkNewPassword(body.password, 'Password is required')
    if (await passwordMatches(password, user.password_hash)) {
      throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.')
    }
    passwordHash = await hashPassword(password)
  }
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? body.data : null
  const updated = await db.transaction(async (tx) => {
    if (passwordHash !== null) {
      // Whoever else held a session or a link loses it with the old password.
      await tx.query('delete from paraphe_auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
      await tx.query('delete from paraphe_auth.one_time_tokens where user_id = $1', [user.id])
    }
    const { rows } = await tx.query<UserRow>(
      `update paraphe_auth.users
          set password_hash = coalesce($2, password_hash),
              user_metadata = user_metadata || coalesce($3::jsonb, '{}'::jsonb),
              updated_at = now()
        where id = $1 returning ${USER_COLUMNS}`,
      [user.id, passwordHash, data === null ? null : JSON.stringify(data)]
    )
    return theRow(rows)
  })
  return userJson(updated, await factorsOf(db, user.id))
}

export async function logout({ db }: AccountContext, { user, sessionId }: Authenticated, scope: string): Promise<void> {
  if (scope === 'global') await db.query('delete from paraphe_auth.sessions where user_id = $1', [user.id])
  else if (scope === 'local') await db.query('delete from paraphe_auth.sessions where id = $1', [sessionId])
  else if (scope === 'others') await db.query('delete from paraphe_auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
  else throw new AuthApiError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
}
