// The two servers of the auth API the conformance suite runs against: the GoTrue stand-in
// (test-only, GoTrue's published shapes) and the gateway's embedded accounts (production code,
// on PGlite or PostgreSQL). Both seen through one interface, so one suite checks both.
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { AccountSettings } from '../../src/accounts/account-service.js'
import { hashPassword } from '../../src/accounts/passwords.js'
import type { DatabaseEngine } from '../../src/db/database.js'
import { buildApp } from '../helper.js'
import { testDatabase } from './databases.js'
import { startGoTrueStandIn } from './gotrue-stand-in.js'

export interface AuthBackendSettings {
  accessTokenTtlSeconds?: number
  refreshReuseIntervalSeconds?: number
  autoconfirm?: boolean
}

export interface AuthBackend {
  name: string
  /** Base URL of the auth API (what supabase-js gets as `${url}/auth/v1`, or GoTrue's root). */
  url: string
  anonKey: string
  /** A confirmed (by default) account, made directly as an operator would. */
  createUser(email: string, password: string, confirmed?: boolean): Promise<void>
  /** The token hash of the latest e-mail link of that kind to `email`, if any. */
  lastLinkToken(email: string, type: 'signup' | 'recovery'): Promise<string | undefined>
  /** How many e-mails were sent (or queued) to `email`. */
  mailCount(email: string): Promise<number>
  /** Makes every pending link of `email` expired. */
  expireLinks(email: string): Promise<void>
  /** Sessions not signed out, of `email`. */
  activeSessions(email: string): Promise<number>
  /** The gateway, for the embedded backend. */
  app: FastifyInstance | null
  close(): Promise<void>
}

const SECRET = 'conformance-suite-jwt-secret-0123456789abcdef'

export async function standInBackend(settings: AuthBackendSettings = {}): Promise<AuthBackend> {
  const { refreshReuseIntervalSeconds, ...same } = settings
  const server = await startGoTrueStandIn({
    jwtSecret: SECRET,
    ...same,
    ...(refreshReuseIntervalSeconds === undefined ? {} : { refreshTokenReuseIntervalSeconds: refreshReuseIntervalSeconds })
  })
  server.serveSite('http://127.0.0.1:4321')
  return {
    name: 'stand-in',
    url: server.url,
    anonKey: server.anonKey,
    app: null,
    async createUser(email, password, confirmed = true) {
      server.createUser({ email, password, confirmed })
    },
    async lastLinkToken(email, type) {
      return server.lastMail(email, type)?.tokenHash
    },
    async mailCount(email) {
      return server.mailbox.filter((mail) => mail.to === email.toLowerCase()).length
    },
    async expireLinks(email) {
      server.expireLinks(email)
    },
    async activeSessions() {
      return server.activeSessions
    },
    close: () => server.close()
  }
}

/** The gateway with its embedded accounts, listening on 127.0.0.1 (a free port). */
export async function embeddedBackend(
  engine: DatabaseEngine,
  settings: AuthBackendSettings = {},
  env: NodeJS.ProcessEnv = {}
): Promise<AuthBackend> {
  const db = await testDatabase(engine)
  const overrides: Partial<AccountSettings> = {
    // GoTrue's SMTP_MAX_FREQUENCY is 60 s; the suite sends several e-mails in a row.
    emailMinIntervalSeconds: 0,
    ...(settings.accessTokenTtlSeconds === undefined ? {} : { accessTokenTtlSeconds: settings.accessTokenTtlSeconds }),
    ...(settings.refreshReuseIntervalSeconds === undefined ? {} : { refreshReuseIntervalSeconds: settings.refreshReuseIntervalSeconds })
  }
  const app = await buildApp(
    { AUTH_RATE_LIMIT_PER_MINUTE: '10000', ...(settings.autoconfirm === true ? { AUTH_AUTOCONFIRM: 'true' } : {}), ...env },
    { database: db, accounts: overrides }
  )
  await app.listen({ host: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const accounts = app.embeddedAccounts
  if (accounts === null) throw new Error('embedded accounts are off (AUTH_UPSTREAM_URL set?)')
  return {
    name: `embedded (${engine})`,
    url: `${origin}/auth/v1`,
    anonKey: accounts.anonKey,
    app,
    async createUser(email, password, confirmed = true) {
      await db.query(
        `insert into paraphe_auth.users (id, email, password_hash, email_confirmed_at) values (gen_random_uuid(), $1, $2, ${confirmed ? 'now()' : 'null'})`,
        [email.toLowerCase(), await hashPassword(password)]
      )
    },
    async lastLinkToken(email, type) {
      const kind = type === 'signup' ? 'account-confirmation' : 'account-recovery'
      const { rows } = await db.query<{ text_body: string }>(
        'select text_body from paraphe.outbox where recipient = $1 and kind = $2 order by id desc limit 1',
        [email.toLowerCase(), kind]
      )
      return /token_hash=([A-Za-z0-9_-]+)/.exec(rows[0]?.text_body ?? '')?.[1]
    },
    async mailCount(email) {
      const { rows } = await db.query<{ count: number }>(
        `select count(*)::int as count from paraphe.outbox where recipient = $1 and kind like 'account-%'`,
        [email.toLowerCase()]
      )
      return Number(rows[0]?.count ?? 0)
    },
    async expireLinks(email) {
      await db.query(
        `update paraphe_auth.one_time_tokens set expires_at = now() - interval '1 second'
          where user_id = (select id from paraphe_auth.users where email = $1)`,
        [email.toLowerCase()]
      )
    },
    async activeSessions(email) {
      const { rows } = await db.query<{ count: number }>(
        'select count(*)::int as count from paraphe_auth.sessions s join paraphe_auth.users u on u.id = s.user_id where u.email = $1',
        [email.toLowerCase()]
      )
      return Number(rows[0]?.count ?? 0)
    },
    close: () => app.close()
  }
}

export type BackendFactory = (settings?: AuthBackendSettings) => Promise<AuthBackend>

/** Every backend the conformance suite runs against. */
export const AUTH_BACKENDS: ReadonlyArray<{ name: string; start: BackendFactory }> = [
  { name: 'stand-in', start: standInBackend },
  { name: 'embedded (pglite)', start: (settings) => embeddedBackend('pglite', settings) },
  { name: 'embedded (postgres)', start: (settings) => embeddedBackend('postgres', settings) }
]
