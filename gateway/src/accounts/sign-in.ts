// Signing in with a password (failures throttled per address, known or not) and refreshing a
// session: refresh tokens rotate, and one rotated long ago that comes back ends its session.
import { AuthApiError } from './auth-api-error.js'
import { findUser, userById, withMail, type AccountContext, type Body } from './account-context.js'
import { sessionJson, type SecondFactor, type SessionJson, type SessionMethod } from './access-tokens.js'
import { passwordMatches } from './passwords.js'
import { digest } from './secret-tokens.js'
import { factorsOf, insertRefreshToken, startSession, type ClientInfo } from './sessions.js'
import type { RateLimitRule } from '../rate-limit/rate-limiter.js'

const failureRule = (context: AccountContext): RateLimitRule => ({ bucket: 'signin-failures', ...context.settings.signInFailures })

export async function signInWithPassword(context: AccountContext, body: Body, client: ClientInfo): Promise<SessionJson> {
  const { db, limiter } = context
  const rule = failureRule(context)
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
  const password = typeof body.password === 'string' ? body.password : ''
  if (email === '' || password === '') throw new AuthApiError(400, 'validation_failed', 'missing email or phone')
  // Known and unknown addresses alike: the throttle is per address, whatever exists.
  const failures = await limiter.peek(rule, email)
  if (failures.hits >= rule.max) {
    throw new AuthApiError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this address; try again later')
  }
  const user = await findUser(db, email)
  const matches = await passwordMatches(password, user?.password_hash ?? null)
  if (user === null || !matches) {
    await limiter.hit(rule, email)
    throw new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials')
  }
  if (user.email_confirmed_at === null) throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed')
  if (failures.hits > 0) await limiter.reset(rule, email)
  return withMail(context, (tx, queued) => startSession(context, tx, user, 'password', client, queued))
}

export async function refresh(context: AccountContext, body: Body): Promise<SessionJson | undefined> {
  const value = body.refresh_token
  if (typeof value !== 'string' || value === '') throw new AuthApiError(400, 'validation_failed', 'refresh_token required')
  const outcome = await context.db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: number
      session_id: string
      revoked_at: Date | null
      user_id: string
      method: SessionMethod
      started: Date
      second_factor: SecondFactor | null
      reused_late: boolean
    }>(
      `select t.id, t.session_id, t.revoked_at, s.user_id, s.method, s.created_at as started, s.second_factor,
              (t.revoked_at is not null and t.revoked_at < now() - make_interval(secs => $2::int)) as reused_late
         from paraphe_auth.refresh_tokens t join paraphe_auth.sessions s on s.id = t.session_id
        where t.token_hash = $1
        for update of t, s`,
      [digest(value), context.settings.refreshReuseIntervalSeconds]
    )
    const token = rows[0]
    if (token === undefined)
      return { error: new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
    if (token.reused_late) {
      // A token rotated a while ago comes back: someone else has a copy. The session ends.
      await tx.query('delete from paraphe_auth.sessions where id = $1', [token.session_id])
      return { error: new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') }
    }
    // Rotated: a new token, child of this one. Reused within the interval (another tab
    // refreshed with it a moment ago): one more child, so that both tabs go on.
    if (token.revoked_at === null) await tx.query('update paraphe_auth.refresh_tokens set revoked_at = now() where id = $1', [token.id])
    const next = await insertRefreshToken(tx, token.session_id, token.id)
    await tx.query('update paraphe_auth.sessions set refreshed_at = now() where id = $1', [token.session_id])
    const user = await userById(tx, token.user_id)
    if (user === null) return { error: new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
    // The session's level stays: a refresh of an aal2 session is aal2.
    const state = { id: token.session_id, method: token.method, startedAt: token.started, secondFactor: token.second_factor }
    return { session: await sessionJson(context, user, state, next, await factorsOf(tx, user.id)) }
  })
  // The revocation above is committed before the error is answered.
  if ('error' in outcome && outcome.error instanceof AuthApiError) throw outcome.error
  return outcome.session
}
