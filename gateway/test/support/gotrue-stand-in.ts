// A stand-in for Supabase Auth (GoTrue v2) for the tests: an HTTP server on 127.0.0.1 that answers
// the endpoints the site uses with the request and response shapes of GoTrue's published API, the
// ones @supabase/auth-js 2.x parses (auth-js GoTrueClient.js, lib/fetch.js). Test-only, never
// shipped. What it does not do: phone, OAuth, SSO, admin API, captcha. MFA: TOTP factors as
// Supabase Auth's published API has them (POST /factors, /factors/{id}/challenge,
// /factors/{id}/verify, DELETE /factors/{id}; `factors` in the user; aal2 and `totp` in amr after
// a verify, kept by refreshes; password-only sessions end when the first factor is verified),
// one step of clock drift allowed, as GoTrue; no phone or WebAuthn factors.
//
// Choices, where GoTrue itself has settings:
// - Confirmations on (GOTRUE_MAILER_AUTOCONFIRM=false) unless `autoconfirm`.
// - Signing up with an address that already has an account does not reveal it, as GoTrue does
//   with confirmations on: 200 with an obfuscated user (new random id, `identities: []`) and
//   nothing sent for a confirmed account; an unconfirmed one gets its confirmation e-mail again
//   and keeps its first password ("we can't be sure of their claimed identity"). With
//   `autoconfirm` the answer is 422 `user_already_exists`, as in GoTrue.
// - /recover and /resend answer 200 `{}` whether or not the account exists.
// - Passwords: at least `minPasswordLength` (12, as docker-compose.yml sets GoTrue) characters, else 422 `weak_password` with
//   `weak_password.reasons: ['length']` (GOTRUE_PASSWORD_MIN_LENGTH).
// - E-mail links are `<externalUrl>/verify?token=…&type=…&redirect_to=…` (API_EXTERNAL_URL and
//   MAILER_URLPATHS_*); `redirect_to` is kept only when GoTrue would (same host as `siteUrl`, or
//   a match in `uriAllowList`, globs with `*` and `**`), else `siteUrl`. A flow that started with
//   a `code_challenge` (PKCE) gets `pkce_<hash>` tokens and `?code=` redirects.
// - Errors follow X-Supabase-Api-Version: `2024-01-01` and later get `{ code, message }`, older
//   clients `{ code: <status>, error_code, msg }`; both carry the `x-sb-error-code` header.
//
// Use:
//   const standIn = await startGoTrueStandIn({ jwtSecret })          // 127.0.0.1, a free port
//   const gateway = await startGateway({ AUTH_UPSTREAM_URL: standIn.url,
//     SUPABASE_ANON_KEY: standIn.anonKey, SUPABASE_JWT_SECRET: jwtSecret })
//   standIn.serveSite(gateway.origin)    // e-mail links through the gateway, redirects allowed
//   const mail = await standIn.waitForMail(email, 'signup')          // mail.link, mail.tokenHash
//   standIn.settings.accessTokenTtlSeconds = 2                       // any setting, at any time
//   standIn.grants('refresh_token'), standIn.forwardedFor, standIn.behaviour.down = 503
import { randomUUID } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import type { Queryable } from '../../src/db/database.js'
import { readFactorIds, readSessionIds, writeAuthTables } from './gotrue-tables.js'
import {
  challengeMatches,
  hashPassword,
  newAuthCode,
  newOtp,
  newRefreshToken,
  parseChallengeMethod,
  passwordMatches,
  signAccessToken,
  signApiKey,
  tokenHash,
  verifyAccessToken,
  type AccessTokenClaims,
  type ChallengeMethod
} from './gotrue-tokens.js'

export { pkcePair, signApiKey } from './gotrue-tokens.js'

export const GOTRUE_VERSION = 'v2.186.0'
const API_VERSION = '2024-01-01'
const API_VERSION_TIMESTAMP = Date.parse('2024-01-01T00:00:00Z')

export interface StandInSettings {
  /** API_EXTERNAL_URL: where browsers reach this API (the gateway's origin + `/auth/v1`). */
  externalUrl: string
  /** GOTRUE_SITE_URL: the default redirect after an e-mail link. */
  siteUrl: string
  /** GOTRUE_URI_ALLOW_LIST: other accepted `redirect_to` values (exact, or globs). */
  uriAllowList: string[]
  /** GOTRUE_MAILER_AUTOCONFIRM */
  autoconfirm: boolean
  /** GOTRUE_DISABLE_SIGNUP */
  disableSignup: boolean
  /** GOTRUE_JWT_EXP: lifetime of access tokens, in seconds. */
  accessTokenTtlSeconds: number
  /** GOTRUE_PASSWORD_MIN_LENGTH */
  minPasswordLength: number
  /** GOTRUE_MAILER_OTP_EXP: how long an e-mail link works, in seconds. */
  otpTtlSeconds: number
  /** How long a PKCE auth code can be exchanged (GoTrue: 5 minutes). */
  flowStateTtlSeconds: number
  /** GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, in seconds. */
  refreshTokenReuseIntervalSeconds: number
  /** GOTRUE_SMTP_MAX_FREQUENCY: minimum time between two e-mails to one user (GoTrue: 60 s; here 0). */
  emailMinIntervalSeconds: number
  /** GOTRUE_JWT_ISSUER: no `iss` claim when unset (the reference says so). */
  jwtIssuer: string | undefined
}

export interface StandInBehaviour {
  /** Waits this long before answering any request. */
  delayMs: number
  /** `503`: answers every request with 503; `'close'`: destroys every connection unanswered. */
  down: false | 503 | 'close'
}

export interface StandInOptions extends Partial<StandInSettings> {
  /** GOTRUE_JWT_SECRET (≥ 32 characters): signs access tokens; the gateway verifies with it. */
  jwtSecret: string
  /**
   * The PostgreSQL GoTrue shares with the gateway in a Supabase deployment: its sessions and
   * factors are written to `auth.sessions` and `auth.mfa_factors` (gotrue-tables.ts) after each
   * request, as GoTrue keeps them there, and a row deleted there is gone at the next request.
   */
  database?: Queryable
}

export type MailType = 'signup' | 'recovery' | 'magiclink'

/** An e-mail GoTrue would have sent through SMTP. */
export interface SentMail {
  to: string
  type: MailType
  subject: string
  /** The link in the e-mail: `<externalUrl>/verify?token=…&type=…&redirect_to=…`. */
  link: string
  /** The six-digit code (`{{ .Token }}`). */
  otp: string
  /** `{{ .TokenHash }}`, for links of the form `/confirm-email?token_hash=…&type=…`. */
  tokenHash: string
  /** `{{ .RedirectTo }}`: the validated redirect. */
  redirectTo: string
  sentAt: Date
}

export interface SeenRequest {
  method: string
  /** Path without the query. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The JSON body, when there was one. */
  body: unknown
  at: Date
}

interface StoredUser {
  id: string
  email: string
  passwordHash: string
  emailConfirmedAt: Date | null
  confirmationSentAt: Date | null
  confirmationToken: string | null
  recoverySentAt: Date | null
  recoveryToken: string | null
  lastSignInAt: Date | null
  createdAt: Date
  updatedAt: Date
  userMetadata: Record<string, unknown>
  appMetadata: Record<string, unknown>
}

interface StoredSession {
  id: string
  userId: string
  createdAt: Date
  amr: Array<{ method: string; timestamp: number }>
  aal: 'aal1' | 'aal2'
  /** The browser that signed in, and the last refresh (GoTrue's `user_agent`, `refreshed_at`). */
  userAgent: string
  refreshedAt: Date | null
}

interface StoredFactor {
  id: string
  userId: string
  friendlyName: string
  status: 'unverified' | 'verified'
  secret: string
  createdAt: Date
  updatedAt: Date
}

interface StoredChallenge {
  id: string
  factorId: string
  createdAt: Date
}

interface StoredRefreshToken {
  token: string
  sessionId: string
  userId: string
  revokedAt: Date | null
  /** The token that replaced it. */
  child: string | null
}

interface FlowState {
  authCode: string
  userId: string
  codeChallenge: string
  method: ChallengeMethod
  authenticationMethod: 'email/signup' | 'recovery' | 'magiclink'
  createdAt: Date
  /** Set when the e-mail link was followed; the code can be exchanged from then on. */
  verifiedAt: Date | null
}

export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {}
  ) {
    super(message)
  }
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const SUBJECTS: Record<MailType, string> = {
  signup: 'Confirm Your Signup',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link'
}

export class GoTrueStandIn {
  readonly settings: StandInSettings
  readonly behaviour: StandInBehaviour = { delayMs: 0, down: false }
  /** Every e-mail, oldest first. */
  readonly mailbox: SentMail[] = []
  /** Every request received, oldest first. */
  readonly requests: SeenRequest[] = []
  /** The anon key (an HS256 JWT with `role: 'anon'`, signed with the secret): SUPABASE_ANON_KEY. */
  anonKey = ''
  url = ''

  private readonly jwtSecret: string
  private readonly users = new Map<string, StoredUser>()
  private readonly sessions = new Map<string, StoredSession>()
  private readonly refreshTokens = new Map<string, StoredRefreshToken>()
  private readonly flowStates = new Map<string, FlowState>()
  private readonly factors = new Map<string, StoredFactor>()
  private readonly challenges = new Map<string, StoredChallenge>()
  /** Token hash → the PKCE flow started with it. */
  private readonly flowByToken = new Map<string, FlowState>()
  private readonly sockets = new Set<Socket>()
  private readonly server: http.Server
  private readonly database: Queryable | null
  /** The user agent of the request being answered (a new session keeps it). */
  private userAgent = ''
  /** The sessions and factors last written to the database. */
  private written = new Set<string>()
  private writtenFactors = new Set<string>()

  constructor(options: StandInOptions) {
    if (options.jwtSecret.length < 32) throw new Error('jwtSecret: at least 32 characters, like GOTRUE_JWT_SECRET')
    this.jwtSecret = options.jwtSecret
    const { jwtSecret: _secret, database, ...settings } = options
    this.database = database ?? null
    this.settings = {
      externalUrl: 'http://127.0.0.1:9999',
      siteUrl: 'http://127.0.0.1:3000',
      uriAllowList: [],
      autoconfirm: false,
      disableSignup: false,
      accessTokenTtlSeconds: 3600,
      minPasswordLength: 12,
      otpTtlSeconds: 86_400,
      flowStateTtlSeconds: 300,
      refreshTokenReuseIntervalSeconds: 10,
      emailMinIntervalSeconds: 0,
      jwtIssuer: undefined,
      ...settings
    }
    this.server = http.createServer((request, response) => void this.handle(request, response))
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  /** On 127.0.0.1 and a free port unless told (a container listens on 0.0.0.0:9999, as GoTrue). */
  async listen({ host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}): Promise<this> {
    this.anonKey = await signApiKey(this.jwtSecret, 'anon')
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, host, () => resolve())
    })
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /**
   * Points the e-mail links and redirects at a site (the gateway): externalUrl = origin +
   * `/auth/v1`, siteUrl = origin, and the allow list the deploy files use.
   */
  serveSite(origin: string, allow: string[] = [`${origin}/confirm-email`, `${origin}/reset-password`, `${origin}/**`]): void {
    this.settings.externalUrl = `${origin}/auth/v1`
    this.settings.siteUrl = origin
    this.settings.uriAllowList = allow
  }

  // -------------------------------------------------------------------------------------------
  // What tests read and arrange

  /** The X-Forwarded-For header of every request, in order (undefined when absent). */
  get forwardedFor(): Array<string | undefined> {
    return this.requests.map((request) => {
      const value = request.headers['x-forwarded-for']
      return Array.isArray(value) ? value.join(', ') : value
    })
  }

  /** Requests to `/token` with a given grant type. */
  grants(type: string): SeenRequest[] {
    return this.requests.filter((request) => request.path === '/token' && request.query.get('grant_type') === type)
  }

  /** The latest e-mail to an address (of a type), if any. */
  lastMail(to: string, type?: MailType): SentMail | undefined {
    const email = to.toLowerCase()
    return this.mailbox.findLast((mail) => mail.to === email && (type === undefined || mail.type === type))
  }

  /** Waits for an e-mail to arrive (sent after `since`, by default any). */
  async waitForMail(to: string, type: MailType, { timeoutMs = 5_000, since = new Date(0) } = {}): Promise<SentMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const mail = this.lastMail(to, type)
      if (mail !== undefined && mail.sentAt >= since) return mail
      if (Date.now() > deadline) throw new Error(`no ${type} e-mail to ${to} within ${timeoutMs} ms`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  /** Creates an account directly (as the admin API would). */
  createUser({ email, password, confirmed = true }: { email: string; password: string; confirmed?: boolean }): string {
    const now = new Date()
    const user: StoredUser = {
      id: randomUUID(),
      email: email.toLowerCase(),
      passwordHash: hashPassword(password),
      emailConfirmedAt: confirmed ? now : null,
      confirmationSentAt: null,
      confirmationToken: null,
      recoverySentAt: null,
      recoveryToken: null,
      lastSignInAt: null,
      createdAt: now,
      updatedAt: now,
      userMetadata: {},
      appMetadata: { provider: 'email', providers: ['email'] }
    }
    this.users.set(user.id, user)
    return user.id
  }

  /** What the stand-in knows about an account (e-mail confirmed, etc.), as GET /user shows it. */
  user(email: string): Record<string, unknown> | undefined {
    const user = this.findByEmail(email)
    return user === undefined ? undefined : this.userJson(user)
  }

  /** Deletes an account (as the admin API would); its sessions stop working. */
  deleteUser(email: string): void {
    const user = this.findByEmail(email)
    if (user !== undefined) this.users.delete(user.id)
  }

  /** Makes every pending e-mail link of an account expired, as if `otpTtlSeconds` had passed. */
  expireLinks(email: string): void {
    const user = this.findByEmail(email)
    if (user === undefined) throw new Error(`no account for ${email}`)
    const past = new Date(Date.now() - (this.settings.otpTtlSeconds + 1) * 1000)
    if (user.confirmationSentAt !== null) user.confirmationSentAt = past
    if (user.recoverySentAt !== null) user.recoverySentAt = past
  }

  /** Number of sessions not signed out. */
  get activeSessions(): number {
    return this.sessions.size
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in.invalid')
    let body: unknown = undefined
    let bodyError: string | null = null
    try {
      const raw = await readBody(request)
      if (raw.length > 0) body = JSON.parse(raw)
    } catch (error) {
      bodyError = error instanceof Error ? error.message : String(error)
    }
    this.requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      at: new Date()
    })
    if (this.behaviour.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.behaviour.delayMs))
    if (this.behaviour.down === 'close') {
      request.socket.destroy()
      return
    }
    const version = apiVersionOf(request.headers)
    try {
      if (this.behaviour.down === 503) throw new GoTrueError(503, 'unexpected_failure', 'Service Unavailable')
      if (bodyError !== null) throw new GoTrueError(400, 'bad_json', `Could not parse request body as JSON: ${bodyError}`)
      const params = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
      // GoTrue's sessions live in the database: a row deleted there (the gateway closing a session
      // from « Sécurité ») is a session GoTrue no longer has.
      // Only sessions already written there count: one a concurrent request just opened is not yet.
      // So are its factors: one deleted there (the gateway removing it after a recovery code, as an
      // administrator would) is gone, with its challenges (GoTrue's foreign key cascades).
      if (this.database !== null) {
        const kept = new Set(await readSessionIds(this.database))
        for (const id of this.written) if (!kept.has(id)) this.sessions.delete(id)
        const keptFactors = new Set(await readFactorIds(this.database))
        for (const id of this.writtenFactors) if (!keptFactors.has(id)) this.removeFactor(id)
      }
      this.userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : ''
      const result = await this.route(request, url, params)
      if (this.database !== null) {
        const sessions = [...this.sessions.values()]
        const factors = [...this.factors.values()]
        await writeAuthTables(this.database, sessions, factors)
        this.written = new Set(sessions.map((session) => session.id))
        this.writtenFactors = new Set(factors.map((factor) => factor.id))
      }
      if (result.redirect !== undefined) {
        response.writeHead(303, { location: result.redirect, 'cache-control': 'no-store', ...versionHeader(version) })
        response.end()
        return
      }
      if (result.status === 204) {
        response.writeHead(204, versionHeader(version))
        response.end()
        return
      }
      sendJson(response, result.status ?? 200, result.json ?? {}, versionHeader(version))
    } catch (error) {
      const failure =
        error instanceof GoTrueError
          ? error
          : new GoTrueError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information')
      const headers = { 'x-sb-error-code': failure.code, ...versionHeader(version) }
      const payload =
        version !== null && version >= API_VERSION_TIMESTAMP
          ? { code: failure.code, message: failure.message, ...failure.extra }
          : { code: failure.status, error_code: failure.code, msg: failure.message, ...failure.extra }
      sendJson(response, failure.status, payload, headers)
    }
  }

  private async route(
    request: IncomingMessage,
    url: URL,
    body: Record<string, unknown>
  ): Promise<{ status?: number; json?: unknown; redirect?: string }> {
    // HEAD is answered as GET, as GoTrue does (the compose healthcheck, `wget --spider`, sends HEAD).
    const method = request.method === 'HEAD' ? 'GET' : (request.method ?? 'GET')
    const key = `${method} ${url.pathname}`
    switch (key) {
      case 'GET /health':
        return { json: { version: GOTRUE_VERSION, name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' } }
      case 'GET /settings':
        return {
          json: {
            external: { anonymous_users: false, email: true, phone: false },
            disable_signup: this.settings.disableSignup,
            mailer_autoconfirm: this.settings.autoconfirm,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false
          }
        }
      case 'GET /.well-known/jwks.json':
        return { json: { keys: [] } }
      case 'POST /signup':
        return this.signup(body, this.referrer(request, url))
      case 'POST /token':
        return this.token(url.searchParams.get('grant_type'), body)
      case 'POST /recover':
        return this.recover(body, this.referrer(request, url))
      case 'POST /resend':
        return this.resend(body, this.referrer(request, url))
      case 'POST /otp':
        return this.otp(body, this.referrer(request, url))
      case 'GET /verify':
        return this.verifyLink(url.searchParams, this.referrer(request, url))
      case 'POST /verify':
        return this.verifyPost(body)
      case 'GET /user': {
        const { user } = await this.authenticate(request)
        return { json: this.userJson(user) }
      }
      case 'PUT /user':
        return this.updateUser(await this.authenticate(request), body)
      case 'POST /logout':
        return this.logout(await this.authenticate(request), url.searchParams.get('scope') ?? 'global')
      case 'POST /factors':
        return this.enrollFactor(await this.authenticate(request), body)
      default: {
        const factorPath = /^\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(url.pathname)
        if (factorPath !== null) {
          const [, factorId = '', action] = factorPath
          if (method === 'POST' && action === 'challenge') return this.challengeFactor(await this.authenticate(request), factorId)
          if (method === 'POST' && action === 'verify') return this.verifyFactor(await this.authenticate(request), factorId, body)
          if (method === 'DELETE' && action === undefined) return this.unenrollFactor(await this.authenticate(request), factorId)
        }
        throw new GoTrueError(404, 'not_found', 'Not Found')
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Endpoints

  private async signup(body: Record<string, unknown>, redirectTo: string) {
    if (this.settings.disableSignup) throw new GoTrueError(422, 'signup_disabled', 'Signups not allowed for this instance')
    const email = this.requireEmail(body.email, 'To signup, please provide your email')
    if (typeof body.password !== 'string' || body.password === '') {
      throw new GoTrueError(422, 'validation_failed', 'Signup requires a valid password')
    }
    this.checkPasswordStrength(body.password)
    const pkce = pkceParams(body)
    const data = typeof body.data === 'object' && body.data !== null ? (body.data as Record<string, unknown>) : {}

    const existing = this.findByEmail(email)
    if (existing !== undefined && existing.emailConfirmedAt !== null) {
      if (this.settings.autoconfirm) throw new GoTrueError(422, 'user_already_exists', 'User already registered')
      return { json: this.obfuscatedUser(email, data) }
    }
    // An unconfirmed account is not updated ("we can't be sure of their claimed identity"): its
    // confirmation is sent again.
    const user = existing ?? this.users.get(this.createUser({ email, password: body.password, confirmed: this.settings.autoconfirm }))!
    if (existing === undefined) user.userMetadata = { ...data, email, email_verified: false, phone_verified: false, sub: user.id }
    if (this.settings.autoconfirm) {
      user.userMetadata.email_verified = true
      return { json: await this.issueSession(user, 'password') }
    }
    this.sendMail(user, 'signup', redirectTo, pkce)
    return { json: this.userJson(user) }
  }

  private async token(grantType: string | null, body: Record<string, unknown>) {
    switch (grantType) {
      case 'password': {
        const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
        const password = typeof body.password === 'string' ? body.password : ''
        if (email === '' || password === '') throw new GoTrueError(400, 'validation_failed', 'missing email or phone')
        const user = this.findByEmail(email)
        if (user === undefined || !passwordMatches(password, user.passwordHash)) {
          throw new GoTrueError(400, 'invalid_credentials', 'Invalid login credentials')
        }
        if (user.emailConfirmedAt === null) throw new GoTrueError(400, 'email_not_confirmed', 'Email not confirmed')
        return { json: await this.issueSession(user, 'password') }
      }
      case 'refresh_token':
        return { json: await this.refresh(body.refresh_token) }
      case 'pkce':
        return { json: await this.exchangeCode(body.auth_code, body.code_verifier) }
      default:
        throw new GoTrueError(400, 'unsupported_grant_type', 'unsupported_grant_type')
    }
  }

  private async refresh(value: unknown) {
    if (typeof value !== 'string' || value === '') throw new GoTrueError(400, 'validation_failed', 'refresh_token required')
    const token = this.refreshTokens.get(value)
    if (token === undefined || !this.sessions.has(token.sessionId)) {
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    }
    const user = this.users.get(token.userId)
    if (user === undefined) throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const session = this.sessions.get(token.sessionId)!
    if (token.revokedAt !== null) {
      // Reuse of a rotated token: fine within the reuse interval (concurrent tabs), answered with
      // the active token; later it means theft, and the whole session is revoked.
      const active = this.activeDescendant(token)
      const withinInterval = Date.now() - token.revokedAt.getTime() < this.settings.refreshTokenReuseIntervalSeconds * 1000
      if (!withinInterval || active === null) {
        this.revokeSession(session.id)
        throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
      }
      return this.sessionJson(user, session, active.token)
    }
    token.revokedAt = new Date()
    session.refreshedAt = token.revokedAt
    const next: StoredRefreshToken = { token: newRefreshToken(), sessionId: session.id, userId: user.id, revokedAt: null, child: null }
    token.child = next.token
    this.refreshTokens.set(next.token, next)
    return this.sessionJson(user, session, next.token)
  }

  private async exchangeCode(authCode: unknown, verifier: unknown) {
    if (typeof authCode !== 'string' || authCode === '' || typeof verifier !== 'string' || verifier === '') {
      throw new GoTrueError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty')
    }
    const flow = this.flowStates.get(authCode)
    if (flow === undefined || flow.verifiedAt === null) {
      throw new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    }
    if (Date.now() - flow.verifiedAt.getTime() > this.settings.flowStateTtlSeconds * 1000) {
      this.flowStates.delete(authCode)
      throw new GoTrueError(400, 'flow_state_expired', 'invalid flow state, flow state has expired')
    }
    if (!challengeMatches(verifier, flow.codeChallenge, flow.method)) {
      throw new GoTrueError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
    }
    this.flowStates.delete(authCode)
    const user = this.users.get(flow.userId)
    if (user === undefined) throw new GoTrueError(404, 'user_not_found', 'User not found')
    return this.issueSession(user, flow.authenticationMethod === 'recovery' ? 'recovery' : 'otp')
  }

  private recover(body: Record<string, unknown>, redirectTo: string) {
    const email = this.requireEmail(body.email, 'Password recovery requires an email')
    const pkce = pkceParams(body)
    const user = this.findByEmail(email)
    if (user !== undefined) this.sendMail(user, 'recovery', redirectTo, pkce)
    return { json: {} }
  }

  private resend(body: Record<string, unknown>, redirectTo: string) {
    const type = body.type
    if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
      throw new GoTrueError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
    }
    if (type !== 'signup') throw new GoTrueError(400, 'validation_failed', `The stand-in only resends signup confirmations, not ${type}`)
    const email = this.requireEmail(body.email, 'Type provided requires an email address')
    const pkce = pkceParams(body)
    const user = this.findByEmail(email)
    if (user !== undefined && user.emailConfirmedAt === null) this.sendMail(user, 'signup', redirectTo, pkce)
    return { json: {} }
  }

  private otp(body: Record<string, unknown>, redirectTo: string) {
    const email = this.requireEmail(body.email, 'An email address or phone number is required')
    const pkce = pkceParams(body)
    const existing = this.findByEmail(email)
    if (existing === undefined) {
      if (body.create_user === false || this.settings.disableSignup) {
        throw new GoTrueError(422, 'otp_disabled', 'Signups not allowed for otp')
      }
      const user = this.users.get(this.createUser({ email, password: newRefreshToken() + newRefreshToken(), confirmed: false }))!
      this.sendMail(user, 'signup', redirectTo, pkce)
    } else if (existing.emailConfirmedAt === null) {
      this.sendMail(existing, 'signup', redirectTo, pkce)
    } else {
      this.sendMail(existing, 'magiclink', redirectTo, pkce)
    }
    return { json: {} }
  }

  /** GET /verify: the link in the e-mail. Answers 303 to the redirect, with tokens or an error. */
  private async verifyLink(query: URLSearchParams, redirectTo: string) {
    const rawToken = query.get('token') ?? ''
    const type = query.get('type') ?? ''
    const isPkce = rawToken.startsWith('pkce_')
    const hash = isPkce ? rawToken.slice('pkce_'.length) : rawToken
    try {
      if (rawToken === '') throw new GoTrueError(400, 'validation_failed', 'Verify requires a token or a token hash')
      const user = this.consumeLink(hash, type, 'Email link is invalid or has expired')
      const flow = this.flowByToken.get(hash)
      this.flowByToken.delete(hash)
      if (isPkce && flow !== undefined) {
        flow.verifiedAt = new Date()
        this.flowStates.set(flow.authCode, flow)
        const target = new URL(redirectTo)
        target.searchParams.set('code', flow.authCode)
        return { redirect: target.href }
      }
      const session = await this.issueSession(user, type === 'recovery' ? 'recovery' : 'otp')
      const fragment = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type
      })
      return { redirect: `${stripHash(redirectTo)}#${fragment.toString()}` }
    } catch (error) {
      if (!(error instanceof GoTrueError)) throw error
      // prepErrorRedirectURL: always in the fragment, also in the query for PKCE flows.
      const target = new URL(redirectTo)
      const params = new URLSearchParams()
      const oauthError = error.status === 403 ? 'access_denied' : error.status >= 500 ? 'server_error' : 'invalid_request'
      params.set('error', oauthError)
      params.set('error_code', error.code)
      params.set('error_description', error.message)
      if (isPkce) for (const [name, value] of params) target.searchParams.set(name, value)
      target.hash = params.toString()
      return { redirect: target.href }
    }
  }

  /** POST /verify with `token_hash` + `type` (verifyOtp), or `email` + `token` (the code). */
  private async verifyPost(body: Record<string, unknown>) {
    const type = typeof body.type === 'string' ? body.type : ''
    let hash: string
    if (typeof body.token_hash === 'string' && body.token_hash !== '') {
      hash = body.token_hash.replace(/^pkce_/, '')
    } else if (typeof body.token === 'string' && typeof body.email === 'string') {
      hash = tokenHash(body.email.trim().toLowerCase(), body.token)
    } else {
      throw new GoTrueError(400, 'validation_failed', 'Verify requires a token or a token hash')
    }
    const user = this.consumeLink(hash, type, 'Token has expired or is invalid')
    this.flowByToken.delete(hash)
    return { json: await this.issueSession(user, type === 'recovery' ? 'recovery' : 'otp') }
  }

  private async updateUser({ user, session }: { user: StoredUser; session: StoredSession }, body: Record<string, unknown>) {
    if (body.password !== undefined) {
      if (typeof body.password !== 'string' || body.password === '') throw new GoTrueError(422, 'validation_failed', 'Password is required')
      this.checkPasswordStrength(body.password)
      if (passwordMatches(body.password, user.passwordHash)) {
        throw new GoTrueError(422, 'same_password', 'New password should be different from the old password.')
      }
      user.passwordHash = hashPassword(body.password)
      // Signing in again elsewhere needs the new password; this session stays.
      for (const other of [...this.sessions.values()]) {
        if (other.userId === user.id && other.id !== session.id) this.revokeSession(other.id)
      }
    }
    if (typeof body.data === 'object' && body.data !== null) {
      user.userMetadata = { ...user.userMetadata, ...(body.data as Record<string, unknown>) }
    }
    if (body.email !== undefined) throw new GoTrueError(422, 'validation_failed', 'The stand-in does not change e-mail addresses')
    user.updatedAt = new Date()
    return { json: this.userJson(user) }
  }

  private logout({ user, session }: { user: StoredUser; session: StoredSession }, scope: string) {
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw new GoTrueError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    }
    for (const other of [...this.sessions.values()]) {
      if (other.userId !== user.id) continue
      const isCurrent = other.id === session.id
      if (scope === 'global' || (scope === 'local' && isCurrent) || (scope === 'others' && !isCurrent)) this.revokeSession(other.id)
    }
    return { status: 204 }
  }

  // -------------------------------------------------------------------------------------------
  // MFA (TOTP), as Supabase Auth's API has it

  private factorsOf(userId: string): StoredFactor[] {
    return [...this.factors.values()].filter((factor) => factor.userId === userId)
  }

  private ownFactor(userId: string, factorId: string): StoredFactor {
    const factor = this.factors.get(factorId)
    if (factor === undefined || factor.userId !== userId) throw new GoTrueError(404, 'mfa_factor_not_found', 'Factor not found')
    return factor
  }

  private async enrollFactor({ user, session }: { user: StoredUser; session: StoredSession }, body: Record<string, unknown>) {
    if (body.factor_type !== 'totp') throw new GoTrueError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    const verified = this.factorsOf(user.id).filter((factor) => factor.status === 'verified')
    if (verified.length > 0 && session.aal !== 'aal2')
      throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : ''
    if (friendlyName !== '' && this.factorsOf(user.id).some((factor) => factor.friendlyName === friendlyName)) {
      throw new GoTrueError(
        422,
        'mfa_factor_name_conflict',
        `A factor with the friendly name "${friendlyName}" for this user already exists`
      )
    }
    const issuer = typeof body.issuer === 'string' && body.issuer !== '' ? body.issuer : new URL(this.settings.siteUrl).hostname
    const secret = new Secret({ size: 20 }).base32
    const now = new Date()
    const factor: StoredFactor = {
      id: randomUUID(),
      userId: user.id,
      friendlyName,
      status: 'unverified',
      secret,
      createdAt: now,
      updatedAt: now
    }
    this.factors.set(factor.id, factor)
    const uri = new TOTP({ issuer, label: user.email, secret: Secret.fromBase32(secret) }).toString()
    return {
      json: {
        id: factor.id,
        type: 'totp',
        friendly_name: friendlyName,
        totp: { qr_code: await QRCode.toString(uri, { type: 'svg' }), secret, uri }
      }
    }
  }

  private challengeFactor({ user }: { user: StoredUser }, factorId: string) {
    const factor = this.ownFactor(user.id, factorId)
    const challenge: StoredChallenge = { id: randomUUID(), factorId: factor.id, createdAt: new Date() }
    this.challenges.set(challenge.id, challenge)
    return { json: { id: challenge.id, type: 'totp', expires_at: Math.floor(challenge.createdAt.getTime() / 1000) + 300 } }
  }

  private async verifyFactor(
    { user, session }: { user: StoredUser; session: StoredSession },
    factorId: string,
    body: Record<string, unknown>
  ) {
    const factor = this.ownFactor(user.id, factorId)
    const challenge = typeof body.challenge_id === 'string' ? this.challenges.get(body.challenge_id) : undefined
    if (challenge === undefined || challenge.factorId !== factor.id)
      throw new GoTrueError(404, 'mfa_challenge_not_found', 'Challenge not found')
    if (Date.now() - challenge.createdAt.getTime() > 300_000) {
      this.challenges.delete(challenge.id)
      throw new GoTrueError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`
      )
    }
    const code = typeof body.code === 'string' ? body.code : ''
    if (new TOTP({ secret: Secret.fromBase32(factor.secret) }).validate({ token: code, window: 1 }) === null) {
      throw new GoTrueError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    }
    this.challenges.delete(challenge.id)
    if (factor.status === 'unverified') {
      factor.status = 'verified'
      factor.updatedAt = new Date()
      for (const other of [...this.sessions.values()]) {
        if (other.userId === user.id && other.id !== session.id && other.aal === 'aal1') this.revokeSession(other.id)
      }
    }
    session.aal = 'aal2'
    session.amr = [{ method: 'totp', timestamp: Math.floor(Date.now() / 1000) }, ...session.amr.filter((entry) => entry.method !== 'totp')]
    const refresh: StoredRefreshToken = { token: newRefreshToken(), sessionId: session.id, userId: user.id, revokedAt: null, child: null }
    this.refreshTokens.set(refresh.token, refresh)
    return { json: await this.sessionJson(user, session, refresh.token) }
  }

  private unenrollFactor({ user, session }: { user: StoredUser; session: StoredSession }, factorId: string) {
    const factor = this.ownFactor(user.id, factorId)
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new GoTrueError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    this.removeFactor(factor.id)
    return { json: { id: factor.id } }
  }

  /** A factor and its challenges (`auth.mfa_challenges.factor_id` cascades in GoTrue's schema). */
  private removeFactor(factorId: string): void {
    this.factors.delete(factorId)
    for (const [id, challenge] of this.challenges) if (challenge.factorId === factorId) this.challenges.delete(id)
  }

  // -------------------------------------------------------------------------------------------
  // Sessions and tokens

  private async authenticate(request: IncomingMessage): Promise<{ user: StoredUser; session: StoredSession; claims: AccessTokenClaims }> {
    const header = request.headers.authorization ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (match === null) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    let claims: AccessTokenClaims
    try {
      claims = await verifyAccessToken(match[1]!, this.jwtSecret)
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new GoTrueError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
    }
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new GoTrueError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    const user = this.users.get(claims.sub)
    if (user === undefined) throw new GoTrueError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    const session = typeof claims.session_id === 'string' ? this.sessions.get(claims.session_id) : undefined
    if (session === undefined) throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    return { user, session, claims }
  }

  private async issueSession(user: StoredUser, method: string) {
    const now = new Date()
    const session: StoredSession = {
      id: randomUUID(),
      userId: user.id,
      createdAt: now,
      amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
      aal: 'aal1',
      userAgent: this.userAgent,
      refreshedAt: null
    }
    this.sessions.set(session.id, session)
    const refresh: StoredRefreshToken = { token: newRefreshToken(), sessionId: session.id, userId: user.id, revokedAt: null, child: null }
    this.refreshTokens.set(refresh.token, refresh)
    user.lastSignInAt = now
    return this.sessionJson(user, session, refresh.token)
  }

  /** GoTrue's AccessTokenResponse. */
  private async sessionJson(user: StoredUser, session: StoredSession, refreshToken: string) {
    const iat = Math.floor(Date.now() / 1000)
    const expiresIn = this.settings.accessTokenTtlSeconds
    const claims: AccessTokenClaims = {
      aud: 'authenticated',
      exp: iat + expiresIn,
      iat,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false
    }
    return {
      access_token: await signAccessToken(claims, this.jwtSecret, this.settings.jwtIssuer),
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: iat + expiresIn,
      refresh_token: refreshToken,
      user: this.userJson(user)
    }
  }

  private activeDescendant(token: StoredRefreshToken): StoredRefreshToken | null {
    let current: StoredRefreshToken | undefined = token
    while (current !== undefined && current.revokedAt !== null) {
      current = current.child === null ? undefined : this.refreshTokens.get(current.child)
    }
    return current ?? null
  }

  private revokeSession(sessionId: string): void {
    this.sessions.delete(sessionId)
    for (const [value, token] of this.refreshTokens) if (token.sessionId === sessionId) this.refreshTokens.delete(value)
  }

  // -------------------------------------------------------------------------------------------
  // E-mails and links

  private sendMail(
    user: StoredUser,
    type: MailType,
    redirectTo: string,
    pkce: { challenge: string; method: ChallengeMethod } | null
  ): void {
    const now = new Date()
    const last = type === 'signup' ? user.confirmationSentAt : user.recoverySentAt
    const minInterval = this.settings.emailMinIntervalSeconds * 1000
    if (last !== null && minInterval > 0 && now.getTime() - last.getTime() < minInterval) {
      const wait = Math.ceil((minInterval - (now.getTime() - last.getTime())) / 1000)
      throw new GoTrueError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`)
    }
    const otp = newOtp()
    const hash = tokenHash(user.email, otp)
    if (type === 'signup') {
      if (user.confirmationToken !== null) this.flowByToken.delete(user.confirmationToken)
      user.confirmationToken = hash
      user.confirmationSentAt = now
    } else {
      if (user.recoveryToken !== null) this.flowByToken.delete(user.recoveryToken)
      user.recoveryToken = hash
      user.recoverySentAt = now
    }
    if (pkce !== null) {
      this.flowByToken.set(hash, {
        authCode: newAuthCode(),
        userId: user.id,
        codeChallenge: pkce.challenge,
        method: pkce.method,
        authenticationMethod: type === 'signup' ? 'email/signup' : type,
        createdAt: now,
        verifiedAt: null
      })
    }
    const link = new URL(`${this.settings.externalUrl.replace(/\/+$/, '')}/verify`)
    link.searchParams.set('token', pkce === null ? hash : `pkce_${hash}`)
    link.searchParams.set('type', type)
    link.searchParams.set('redirect_to', redirectTo)
    this.mailbox.push({ to: user.email, type, subject: SUBJECTS[type], link: link.href, otp, tokenHash: hash, redirectTo, sentAt: now })
  }

  /** Finds the account an e-mail token belongs to and uses the token up (once only). */
  private consumeLink(hash: string, type: string, invalidMessage: string): StoredUser {
    const expired = (sentAt: Date | null) => sentAt === null || Date.now() - sentAt.getTime() > this.settings.otpTtlSeconds * 1000
    const kinds: Array<'confirmation' | 'recovery'> =
      type === 'signup'
        ? ['confirmation']
        : type === 'recovery' || type === 'magiclink'
          ? ['recovery']
          : type === 'email'
            ? ['confirmation', 'recovery']
            : []
    if (kinds.length === 0) throw new GoTrueError(400, 'validation_failed', 'Unsupported verification type')
    for (const user of this.users.values()) {
      for (const kind of kinds) {
        const stored = kind === 'confirmation' ? user.confirmationToken : user.recoveryToken
        if (stored !== hash) continue
        const sentAt = kind === 'confirmation' ? user.confirmationSentAt : user.recoverySentAt
        if (expired(sentAt)) throw new GoTrueError(403, 'otp_expired', invalidMessage)
        const now = new Date()
        if (kind === 'confirmation') user.confirmationToken = null
        else user.recoveryToken = null
        // Following any e-mail link proves the address.
        if (user.emailConfirmedAt === null) {
          user.emailConfirmedAt = now
          user.userMetadata = { ...user.userMetadata, email_verified: true }
        }
        user.updatedAt = now
        return user
      }
    }
    throw new GoTrueError(403, 'otp_expired', invalidMessage)
  }

  /** Where an e-mail link leads: `redirect_to` (or the Referer) when allowed, else the site. */
  private referrer(request: IncomingMessage, url: URL): string {
    const candidate = url.searchParams.get('redirect_to') ?? request.headers.referer ?? ''
    return candidate !== '' && this.isRedirectAllowed(candidate) ? candidate : this.settings.siteUrl
  }

  private isRedirectAllowed(target: string): boolean {
    let parsed: URL
    try {
      parsed = new URL(target)
    } catch {
      return false
    }
    // GoTrue: "as long as the referrer came from the site, we will redirect back there".
    if (parsed.hostname === new URL(this.settings.siteUrl).hostname) return true
    return this.settings.uriAllowList.some((pattern) => globMatches(pattern, target))
  }

  // -------------------------------------------------------------------------------------------
  // Users

  private findByEmail(email: string): StoredUser | undefined {
    const wanted = email.trim().toLowerCase()
    for (const user of this.users.values()) if (user.email === wanted) return user
    return undefined
  }

  private requireEmail(value: unknown, missing: string): string {
    if (typeof value !== 'string' || value.trim() === '') throw new GoTrueError(400, 'validation_failed', missing)
    const email = value.trim().toLowerCase()
    if (email.length > 255) throw new GoTrueError(400, 'validation_failed', 'An email address is too long')
    if (!EMAIL.test(email)) throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    // GoTrue's deliverability check refuses domains that cannot receive mail; here, `.invalid`.
    if (email.endsWith('.invalid')) throw new GoTrueError(400, 'email_address_invalid', `Email address "${value}" is invalid`)
    return email
  }

  private checkPasswordStrength(password: string): void {
    if ([...password].length < this.settings.minPasswordLength) {
      throw new GoTrueError(422, 'weak_password', `Password should be at least ${this.settings.minPasswordLength} characters.`, {
        weak_password: { reasons: ['length'] }
      })
    }
  }

  private userJson(user: StoredUser): Record<string, unknown> {
    const iso = (date: Date | null) => (date === null ? undefined : date.toISOString())
    const factors = this.factorsOf(user.id).map((factor) => ({
      id: factor.id,
      friendly_name: factor.friendlyName,
      factor_type: 'totp',
      status: factor.status,
      created_at: factor.createdAt.toISOString(),
      updated_at: factor.updatedAt.toISOString()
    }))
    return {
      ...(factors.length > 0 ? { factors } : {}),
      id: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: user.email,
      email_confirmed_at: iso(user.emailConfirmedAt) ?? null,
      phone: '',
      confirmation_sent_at: iso(user.confirmationSentAt),
      confirmed_at: iso(user.emailConfirmedAt),
      recovery_sent_at: iso(user.recoverySentAt),
      last_sign_in_at: iso(user.lastSignInAt),
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      identities: [
        {
          identity_id: user.id,
          id: user.id,
          user_id: user.id,
          identity_data: { email: user.email, email_verified: user.emailConfirmedAt !== null, phone_verified: false, sub: user.id },
          provider: 'email',
          last_sign_in_at: iso(user.createdAt),
          created_at: iso(user.createdAt),
          updated_at: iso(user.updatedAt),
          email: user.email
        }
      ],
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
      is_anonymous: false
    }
  }

  /** sanitizeUser in GoTrue: what a repeated signup gets back, indistinguishable from a new one. */
  private obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
    const now = new Date().toISOString()
    return {
      id: randomUUID(),
      aud: 'authenticated',
      role: '',
      email,
      phone: '',
      confirmation_sent_at: now,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: data,
      identities: [],
      created_at: now,
      updated_at: now,
      is_anonymous: false
    }
  }
}

/** Starts a stand-in on 127.0.0.1 (a free port); `close()` it in the test's teardown. */
export async function startGoTrueStandIn(options: StandInOptions): Promise<GoTrueStandIn> {
  return new GoTrueStandIn(options).listen()
}

// ---------------------------------------------------------------------------------------------
// Helpers

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function sendJson(response: ServerResponse, status: number, payload: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(payload)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers
  })
  response.end(text)
}

/** The request's X-Supabase-Api-Version as a timestamp, null when absent or malformed. */
function apiVersionOf(headers: IncomingHttpHeaders): number | null {
  const value = headers['x-supabase-api-version']
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(time) ? null : time
}

function versionHeader(version: number | null): Record<string, string> {
  return version !== null && version >= API_VERSION_TIMESTAMP ? { 'x-supabase-api-version': API_VERSION } : {}
}

function pkceParams(body: Record<string, unknown>): { challenge: string; method: ChallengeMethod } | null {
  const challenge = body.code_challenge
  const method = body.code_challenge_method
  const hasChallenge = typeof challenge === 'string' && challenge !== ''
  const hasMethod = typeof method === 'string' && method !== ''
  if (!hasChallenge && !hasMethod) return null
  const parsed = parseChallengeMethod(method)
  if (!hasChallenge || parsed === null) {
    throw new GoTrueError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge')
  }
  return { challenge, method: parsed }
}

function stripHash(url: string): string {
  const index = url.indexOf('#')
  return index === -1 ? url : url.slice(0, index)
}

/** gobwas/glob with `.` and `/` as separators, as GoTrue matches GOTRUE_URI_ALLOW_LIST. */
export function globMatches(pattern: string, value: string): boolean {
  if (pattern === value) return true
  let source = ''
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!
    if (char === '*' && pattern[index + 1] === '*') {
      source += '.*'
      index++
    } else if (char === '*') source += '[^./]*'
    else if (char === '?') source += '[^./]'
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`).test(value)
}
