// The embedded accounts, when no AUTH_UPSTREAM_URL is set: the signing secret from DATA_DIR, the
// anon key the browser gets (runtime config), and the service the routes and the token check use.
// Registered before the site (which hands the anon key to pages) and the token check on /api.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
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

export default fp(
  async function embeddedAccounts(fastify: FastifyInstance) {
    const { config } = fastify
    if (config.accounts === null) {
      fastify.decorate('embeddedAccounts', null)
      return
    }
    const secret = await loadOrCreateSigningKey(config.database.dataDir)
    const anonKey = await mintAnonKey(secret)
    // The pages read the anon key from the runtime config, as with GoTrue's SUPABASE_ANON_KEY.
    config.runtime.supabaseAnonKey = anonKey
    const service = createAccountService({
      db: fastify.db,
      secret,
      limiter: fastify.rateLimiter,
      site: { siteName: config.runtime.siteName, siteUrl: config.publicUrl },
      settings: {
        ...DEFAULT_ACCOUNT_SETTINGS,
        ...config.accounts.overrides,
        autoconfirm: config.accounts.autoconfirm,
        issuer: new URL('/auth/v1', config.publicUrl).href
      },
      wakeOutbox: () => void fastify.outbox.wake()
    })
    fastify.decorate('embeddedAccounts', { secret, anonKey, service })
  },
  { name: 'embedded-accounts', dependencies: ['config', 'database', 'outbox', 'rate-limiter'] }
)
