// The embedded accounts: GoTrue's behaviour for the endpoints the web app uses, on the gateway's
// own database (schema paraphe_auth). HTTP lives in routes.ts; this file is the rules.
//
// Where GoTrue is weak, stricter: argon2id; refresh and link tokens stored as SHA-256; sign-up,
// recover and resend answer the same for known and unknown addresses (the owner of a known one
// gets an e-mail instead); failed sign-ins are throttled per address; a password change ends the
// other sessions and voids pending links.
import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { isEmailAddress } from '@paraphe/shared/email'
import type { Database, Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import { confirmationEmail, existingAccountEmail, recoveryEmail } from '../mail/templates/account-emails.js'
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.js'
import { AuthApiError } from './auth-api-error.js'
import { checkNewPassword, hashPassword, passwordMatches } from './passwords.js'
import { digest, newSecretToken } from './secret-tokens.js'
import { APP_METADATA, signupAnswer, USER_COLUMNS, userJson, type UserRow } from './user-json.js'

export interface AccountSettings {
  /** AUTH_AUTOCONFIRM: sign-up signs in at once, without confirming the address (demos). */
  autoconfirm: boolean
  accessTokenTtlSeconds: number
  /** A rotated refresh token still works this long (two tabs refreshing at once). */
  refreshReuseIntervalSeconds: number
  confirmationTtlSeconds: number
  recoveryTtlSeconds: number
  /** No second e-mail of one kind to one account within this time. */
  emailMinIntervalSeconds: number
  /** Failed sign-ins per address and window, from any IP; then 429 until the window ends. */
  signInFailures: { max: number; windowSeconds: number }
  /** The `iss` claim: the public URL of /auth/v1. */
  issuer: string
}

export const DEFAULT_ACCOUNT_SETTINGS: Omit<AccountSettings, 'autoconfirm' | 'issuer'> = {
  accessTokenTtlSeconds: 3600,
  refreshReuseIntervalSeconds: 10,
  confirmationTtlSeconds: 24 * 3600,
  recoveryTtlSeconds: 3600,
  emailMinIntervalSeconds: 60,
  signInFailures: { max: 10, windowSeconds: 15 * 60 }
}

export interface AccountServiceOptions {
  db: Database
  secret: string
  limiter: RateLimiter
  site: SiteIdentity
  settings: AccountSettings
  /** Called after a transaction queued an e-mail. */
  wakeOutbox: () => void
}

export type Body = Record<string, unknown>

interface Authenticated {
  user: UserRow
  sessionId: string
}

type SessionMethod = 'password' | 'otp' | 'recovery'

const MAX_EMAIL_LENGTH = 255

/** The two e-mails carrying a one-time link: when each was last sent, its outbox kind, its text. */
const LINK_EMAILS = {
  confirmation: { sentAtColumn: 'confirmation_sent_at', mailKind: 'account-confirmation', render: confirmationEmail },
  recovery: { sentAtColumn: 'recovery_sent_at', mailKind: 'account-recovery', render: recoveryEmail }
} as const satisfies Record<string, { sentAtColumn: keyof UserRow; mailKind: string; render: typeof confirmationEmail }>

export function createAccountService({ db, secret, limiter, site, settings, wakeOutbox }: AccountServiceOptions) {
  const key = new TextEncoder().encode(secret)
  const failureRule: RateLimitRule = { bucket: 'signin-failures', ...settings.signInFailures }

  function requireEmail(value: unknown, missing: string): string {
    if (typeof value !== 'string' || value.trim() === '') throw new AuthApiError(400, 'validation_failed', missing)
    const email = value.trim().toLowerCase()
    if (email.length > MAX_EMAIL_LENGTH) throw new AuthApiError(400, 'validation_failed', 'An email address is too long')
    if (!isEmailAddress(email)) throw new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    return email
  }

  async function findUser(tx: Queryable, email: string, lock = false): Promise<UserRow | null> {
    const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from paraphe_auth.users where email = $1${lock ? ' for update' : ''}`, [email])
    return rows[0] ?? null
  }

  async function userById(tx: Queryable, id: string): Promise<UserRow | null> {
    const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from paraphe_auth.users where id = $1`, [id])
    return rows[0] ?? null
  }

  const recently = (at: Date | null) => at !== null && Date.now() - new Date(at).getTime() < settings.emailMinIntervalSeconds * 1000

  /** A new one-time link token of `kind` (the previous ones of that kind stop working). */
  async function newLinkToken(tx: Queryable, userId: string, kind: 'confirmation' | 'recovery'): Promise<string> {
    const token = newSecretToken()
    const ttl = kind === 'confirmation' ? settings.confirmationTtlSeconds : settings.recoveryTtlSeconds
    await tx.query('delete from paraphe_auth.one_time_tokens where user_id = $1 and kind = $2', [userId, kind])
    await tx.query(
      `insert into paraphe_auth.one_time_tokens (token_hash, user_id, kind, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4::int))`,
      [digest(token), userId, kind, ttl]
    )
    return token
  }

  /**
   * The e-mail with a one-time link (confirmation or recovery), at most once per
   * `emailMinIntervalSeconds` for one account: false when one went out too recently.
   */
  async function sendLinkEmail(tx: Queryable, user: UserRow, kind: 'confirmation' | 'recovery'): Promise<boolean> {
    const email = LINK_EMAILS[kind]
    if (recently(user[email.sentAtColumn])) return false
    const token = await newLinkToken(tx, user.id, kind)
    await tx.query(`update paraphe_auth.users set ${email.sentAtColumn} = now() where id = $1`, [user.id])
    await enqueueEmail(tx, { companyId: null, kind: email.mailKind, to: user.email, ...email.render(site, token) })
    return true
  }
  const sendConfirmation = (tx: Queryable, user: UserRow) => sendLinkEmail(tx, user, 'confirmation')
  const sendRecovery = (tx: Queryable, user: UserRow) => sendLinkEmail(tx, user, 'recovery')

  async function sendExistingAccount(tx: Queryable, user: UserRow): Promise<boolean> {
    if (recently(user.existing_account_mail_at)) return false
    await tx.query('update paraphe_auth.users set existing_account_mail_at = now() where id = $1', [user.id])
    await enqueueEmail(tx, { companyId: null, kind: 'account-existing', to: user.email, ...existingAccountEmail(site) })
    return true
  }

  /** Runs `work` in a transaction and wakes the outbox when it queued an e-mail. */
  async function withMail<T>(work: (tx: Queryable, queued: () => void) => Promise<T>): Promise<T> {
    let mail = false
    const result = await db.transaction((tx) => work(tx, () => void (mail = true)))
    if (mail) wakeOutbox()
    return result
  }

  async function accessToken(user: UserRow, sessionId: string, method: SessionMethod, startedAt: Date): Promise<string> {
    const iat = Math.floor(Date.now() / 1000)
    return new SignJWT({
      aud: 'authenticated',
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: APP_METADATA,
      user_metadata: user.user_metadata,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(new Date(startedAt).getTime() / 1000) }],
      session_id: sessionId,
      is_anonymous: false
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(settings.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + settings.accessTokenTtlSeconds)
      .sign(key)
  }

  async function sessionJson(user: UserRow, sessionId: string, method: SessionMethod, startedAt: Date, refreshToken: string) {
    const iat = Math.floor(Date.now() / 1000)
    return {
      access_token: await accessToken(user, sessionId, method, startedAt),
      token_type: 'bearer',
      expires_in: settings.accessTokenTtlSeconds,
      expires_at: iat + settings.accessTokenTtlSeconds,
      refresh_token: refreshToken,
      user: userJson(user)
    }
  }

  async function insertRefreshToken(tx: Queryable, sessionId: string, parentId: number | null): Promise<string> {
    const token = newSecretToken()
    await tx.query('insert into paraphe_auth.refresh_tokens (session_id, token_hash, parent_id) values ($1, $2, $3)', [sessionId, digest(token), parentId])
    return token
  }

  async function startSession(tx: Queryable, user: UserRow, method: SessionMethod) {
    const sessionId = randomUUID()
    const { rows } = await tx.query<{ created_at: Date }>(
      'insert into paraphe_auth.sessions (id, user_id, method) values ($1, $2, $3) returning created_at',
      [sessionId, user.id, method]
    )
    const refreshToken = await insertRefreshToken(tx, sessionId, null)
    const { rows: updated } = await tx.query<UserRow>(
      `update paraphe_auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id]
    )
    return sessionJson(updated[0] ?? user, sessionId, method, (rows[0] as { created_at: Date }).created_at, refreshToken)
  }

  return {
    settings,

    async signup(body: Body) {
      const email = requireEmail(body.email, 'To signup, please provide your email')
      const password = checkNewPassword(body.password, 'Signup requires a valid password')
      const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {}
      // Hashed whether or not the address is known: the same time either way.
      const passwordHash = await hashPassword(password)
      return withMail(async (tx, queued) => {
        const existing = await findUser(tx, email, true)
        if (existing !== null) {
          if (settings.autoconfirm) throw new AuthApiError(422, 'user_already_exists', 'User already registered')
          // The first password stays ("we can't be sure of their claimed identity"); the owner is told.
          const sent = existing.email_confirmed_at === null ? await sendConfirmation(tx, existing) : await sendExistingAccount(tx, existing)
          if (sent) queued()
          return signupAnswer(existing.email_confirmed_at === null ? existing.id : randomUUID(), email, data, new Date())
        }
        const id = randomUUID()
        const metadata = { ...data, email, email_verified: settings.autoconfirm, phone_verified: false, sub: id }
        const { rows } = await tx.query<UserRow>(
          `insert into paraphe_auth.users (id, email, password_hash, email_confirmed_at, user_metadata)
           values ($1, $2, $3, ${settings.autoconfirm ? 'now()' : 'null'}, $4::jsonb) returning ${USER_COLUMNS}`,
          [id, email, passwordHash, JSON.stringify(metadata)]
        )
        const user = rows[0] as UserRow
        if (settings.autoconfirm) return startSession(tx, user, 'password')
        await sendConfirmation(tx, user)
        queued()
        return signupAnswer(id, email, data, new Date())
      })
    },

    async signInWithPassword(body: Body) {
      const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
      const password = typeof body.password === 'string' ? body.password : ''
      if (email === '' || password === '') throw new AuthApiError(400, 'validation_failed', 'missing email or phone')
      // Known and unknown addresses alike: the throttle is per address, whatever exists.
      const failures = await limiter.peek(failureRule, email)
      if (failures.hits >= failureRule.max) {
        throw new AuthApiError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this address; try again later')
      }
      const user = await findUser(db, email)
      const matches = await passwordMatches(password, user?.password_hash ?? null)
      if (user === null || !matches) {
        await limiter.hit(failureRule, email)
        throw new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials')
      }
      if (user.email_confirmed_at === null) throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed')
      if (failures.hits > 0) await limiter.reset(failureRule, email)
      return db.transaction((tx) => startSession(tx, user, 'password'))
    },

    async refresh(body: Body) {
      const value = body.refresh_token
      if (typeof value !== 'string' || value === '') throw new AuthApiError(400, 'validation_failed', 'refresh_token required')
      const outcome = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number; session_id: string; revoked_at: Date | null; user_id: string; method: SessionMethod; started: Date; reused_late: boolean }>(
          `select t.id, t.session_id, t.revoked_at, s.user_id, s.method, s.created_at as started,
                  (t.revoked_at is not null and t.revoked_at < now() - make_interval(secs => $2::int)) as reused_late
             from paraphe_auth.refresh_tokens t join paraphe_auth.sessions s on s.id = t.session_id
            where t.token_hash = $1
            for update of t, s`,
          [digest(value), settings.refreshReuseIntervalSeconds]
        )
        const token = rows[0]
        if (token === undefined) return { error: new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') }
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
        return { session: await sessionJson(user, token.session_id, token.method, token.started, next) }
      })
      // The revocation above is committed before the error is answered.
      if ('error' in outcome && outcome.error instanceof AuthApiError) throw outcome.error
      return outcome.session
    },

    async verify(body: Body) {
      const type = typeof body.type === 'string' ? body.type : ''
      const kinds = type === 'signup' || type === 'email' ? ['confirmation', 'recovery'] : type === 'recovery' || type === 'magiclink' ? ['recovery'] : []
      if (kinds.length === 0) throw new AuthApiError(400, 'validation_failed', 'Unsupported verification type')
      const tokenHash = typeof body.token_hash === 'string' ? body.token_hash : ''
      if (tokenHash === '') throw new AuthApiError(400, 'validation_failed', 'Verify requires a token hash')
      const outcome = await db.transaction(async (tx) => {
        // Used up whatever happens next: a link works once.
        const { rows } = await tx.query<{ user_id: string; kind: string; expired: boolean }>(
          `delete from paraphe_auth.one_time_tokens where token_hash = $1 and kind = any($2::text[])
           returning user_id, kind, expires_at < now() as expired`,
          [digest(tokenHash), kinds]
        )
        const link = rows[0]
        if (link === undefined || link.expired) return null
        // Following any e-mail link proves the address.
        const { rows: users } = await tx.query<UserRow>(
          `update paraphe_auth.users
              set email_confirmed_at = coalesce(email_confirmed_at, now()),
                  user_metadata = user_metadata || '{"email_verified": true}'::jsonb,
                  updated_at = now()
            where id = $1 returning ${USER_COLUMNS}`,
          [link.user_id]
        )
        const user = users[0]
        if (user === undefined) return null
        return startSession(tx, user, link.kind === 'recovery' ? 'recovery' : 'otp')
      })
      if (outcome === null) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid')
      return outcome
    },

    async recover(body: Body) {
      const email = requireEmail(body.email, 'Password recovery requires an email')
      await withMail(async (tx, queued) => {
        const user = await findUser(tx, email, true)
        if (user !== null && (await sendRecovery(tx, user))) queued()
      })
      return {}
    },

    async resend(body: Body) {
      const type = body.type
      if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
        throw new AuthApiError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
      }
      if (type !== 'signup') throw new AuthApiError(400, 'validation_failed', `Resending ${type} is not available on this instance`)
      const email = requireEmail(body.email, 'Type provided requires an email address')
      await withMail(async (tx, queued) => {
        const user = await findUser(tx, email, true)
        if (user !== null && user.email_confirmed_at === null && (await sendConfirmation(tx, user))) queued()
      })
      return {}
    },

    /** The user and session of an `Authorization: Bearer` access token, as GoTrue checks it. */
    async authenticate(header: string | undefined): Promise<Authenticated> {
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
      const { rows } = await db.query('select 1 from paraphe_auth.sessions where id = $1 and user_id = $2', [sessionId, user.id])
      if (rows.length === 0) throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
      return { user, sessionId }
    },

    async updateUser({ user, sessionId }: Authenticated, body: Body) {
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
        return rows[0] as UserRow
      })
      return userJson(updated)
    },

    async logout({ user, sessionId }: Authenticated, scope: string): Promise<void> {
      if (scope === 'global') await db.query('delete from paraphe_auth.sessions where user_id = $1', [user.id])
      else if (scope === 'local') await db.query('delete from paraphe_auth.sessions where id = $1', [sessionId])
      else if (scope === 'others') await db.query('delete from paraphe_auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId])
      else throw new AuthApiError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    },

    userJson
  }
}

export type AccountService = ReturnType<typeof createAccountService>
