// The embedded accounts, when no AUTH_UPSTREAM_URL is set: the signing secret from DATA_DIR, the
// anon key the browser gets (runtime config), and the service the routes and the token check use.
// The keys are read by the app before anything else (embeddedAccountKeys): the site's pages are
// rendered with the anon key while the database opens, so it must be in the runtime config first.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { InvitedAddress } from './account-context.js'
import { createAccountService, DEFAULT_ACCOUNT_SETTINGS, type AccountService } from './account-service.js'
import { loadOrCreateSigningKey, mintAnonKey } from './signing-key.js'

export interface EmbeddedAccounts {
  /** HS256 secret of access tokens (DATA_DIR/auth/jwt-secret). */
  secret: string
  anonKey: string
  service: AccountService
}

declare module 'fastify' {
  interface FastifyInstance {
    /** null when AUTH_UPSTREAM_URL points at GoTrue. */
    embeddedAccounts: EmbeddedAccounts | null
  }
}

export interface EmbeddedAccountKeys {
  secret: string
  anonKey: string
}

/**
 * The signing secret and anon key of the embedded accounts (null with GoTrue), also written into
 * the runtime config: the pages read the anon key from it, as with GoTrue's SUPABASE_ANON_KEY.
 */
export async function embeddedAccountKeys(config: Config): Promise<EmbeddedAccountKeys | null> {
  if (config.accounts === null) return null
  const secret = await loadOrCreateSigningKey(config.database.dataDir)
  const anonKey = await mintAnonKey(secret)
  config.runtime.supabaseAnonKey = anonKey
  return { secret, anonKey }
}

export interface EmbeddedAccountsOptions {
  keys: EmbeddedAccountKeys | null
  /** The address of an open team invitation (app.ts wires the company's). */
  invitedAddress?: InvitedAddress
}

export default fp(
  async function embeddedAccounts(fastify: FastifyInstance, options: EmbeddedAccountsOptions) {
    const { config } = fastify
    if (config.accounts === null || options.keys === null) {
      fastify.decorate('embeddedAccounts', null)
      return
    }
    const { secret, anonKey } = options.keys
    const service = createAccountService({
      db: fastify.db,
      secret,
      limiter: fastify.rateLimiter,
      site: config.site,
      settings: {
        ...DEFAULT_ACCOUNT_SETTINGS,
        ...config.accounts.overrides,
        autoconfirm: config.accounts.autoconfirm,
        issuer: new URL('/auth/v1', config.publicUrl).href
      },
      wakeOutbox: fastify.queueWake.outbox,
      ...(options.invitedAddress === undefined ? {} : { invitedAddress: options.invitedAddress })
    })
    fastify.decorate('embeddedAccounts', { secret, anonKey, service })
  },
  { name: 'embedded-accounts', dependencies: ['config', 'database', 'queue-wake', 'rate-limiter'] }
)
