// The gateway with its own accounts (GoTrue-compatible /auth/v1, no upstream), for the pages that
// use supabase-js: the client is created on `window.location.origin`, so the DOM's address becomes
// the gateway's, and the pages' relative requests ('/auth/v1/paraphe/…', '/api/…') reach it too.
// Accounts are made over HTTP as a browser would; second-factor codes are computed as an
// authenticator app would. Import './register.js' first.
import type { SupabaseClient } from '@supabase/supabase-js'
import { placeholderRuntimeConfig, type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { subscribe } from '../../../../gateway/test/support/workspace-users.js'
import { totpCode } from '../../../../gateway/test/support/totp-codes.js'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { getSupabase, supabaseRequested } from '@/lib/supabase'
import { startGateway, type Gateway } from './page.js'

export { totpCode }

export const PASSWORD = 'une phrase de passe solide'
export const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'

type Json = Record<string, unknown>

export interface Account {
  id: string
  email: string
  /** The session the sign-up opened (aal1), or the aal2 one once `withFactor` proved a code. */
  token: string
  refreshToken: string
  /** The web client sending this account's token. */
  api: ApiClient
  /** `call` as this account, from a device of its own. */
  call: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => Promise<{ status: number; json: Json }>
}

export interface AccountsGateway {
  gateway: Gateway
  anonKey: string
  /** The runtime config the served pages get from this gateway. */
  config: RuntimeConfig
  /** A new confirmed account (with autoconfirm, sign-up signs in at once), with `userAgent` as its device. */
  account: (name: string, userAgent?: string) => Promise<Account>
  /** `email` signed in with the password from another device (`userAgent`): a session of its own. */
  signInFrom: (email: string, userAgent: string) => Promise<Account>
  /** Adds a verified authenticator to `account` (one code proved); its secret, for the next codes. */
  withFactor: (account: Account) => Promise<string>
  /** The owner's company on `plan` (its row is made by a first request). */
  subscribe: (account: Account, plan: 'pro' | 'entreprise') => Promise<void>
  /** The page's own supabase-js client, signed in as `email` with the password (a new session). */
  signInPage: (email: string) => Promise<SupabaseClient>
  /** The page's own supabase-js client, in `account`'s session (aal2 once `withFactor` proved a code). */
  useSession: (account: Account) => Promise<SupabaseClient>
  /** The web client sending the page session's token. */
  api: ApiClient
  /** The path and query of the last link e-mailed to `to` (confirmation, recovery…): what the reader clicks. */
  linkTo: (to: string) => Promise<string>
  /** Opens `pathAndQuery` in the DOM's address bar, as following a link does. */
  visit: (pathAndQuery: string) => void
}

let counter = 0

/** `autoconfirm: false`: a sign-up waits for its address to be confirmed (the production setting). */
export async function startOwnAccounts(
  t: { teardown: (fn: () => unknown) => void },
  { autoconfirm = true }: { autoconfirm?: boolean } = {}
): Promise<AccountsGateway> {
  const gateway = await startGateway({
    AUTH_UPSTREAM_URL: undefined,
    SUPABASE_ANON_KEY: undefined,
    SUPABASE_JWT_SECRET: undefined,
    AUTH_AUTOCONFIRM: String(autoconfirm),
    AUTH_RATE_LIMIT_PER_MINUTE: '10000'
  })
  t.teardown(gateway.close)
  const anonKey = gateway.app.embeddedAccounts?.anonKey
  if (anonKey === undefined) throw new Error('the gateway has no accounts of its own')
  const origin = `http://127.0.0.1:${(gateway.app.server.address() as { port: number }).port}`
  const window = globalThis as unknown as { happyDOM: { setURL: (url: string) => void } }
  window.happyDOM.setURL(`${origin}/`)
  const nodeFetch = globalThis.fetch
  globalThis.fetch = gateway.fetch
  // Node's BroadcastChannel (supabase-js shares the session between tabs with it) would keep the
  // process alive; tabs are a browser matter. The client's refresh timer is stopped at the end.
  const globals = globalThis as { BroadcastChannel?: unknown }
  const broadcastChannel = globals.BroadcastChannel
  globals.BroadcastChannel = undefined
  t.teardown(async () => {
    if (supabaseRequested()) await (await getSupabase(anonKey)).auth.stopAutoRefresh()
    globals.BroadcastChannel = broadcastChannel
    globalThis.fetch = nodeFetch
  })

  const caller =
    (userAgent: string, token: () => string | undefined): Account['call'] =>
    async (method, path, body) => {
      const bearer = token()
      const response = await nodeFetch(`${origin}${path}`, {
        method,
        headers: {
          apikey: anonKey,
          'user-agent': userAgent,
          'x-supabase-api-version': '2024-01-01',
          ...(bearer === undefined ? {} : { authorization: `Bearer ${bearer}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, json: text === '' ? {} : (JSON.parse(text) as Json) }
    }

  const pageSession = async (): Promise<string | null> =>
    (await (await getSupabase(anonKey)).auth.getSession()).data.session?.access_token ?? null

  const session = (email: string, userAgent: string): Account => {
    const account: Account = {
      id: '',
      email,
      token: '',
      refreshToken: '',
      api: createApiClient({ getAccessToken: async () => account.token, fetch: gateway.fetch }),
      call: caller(userAgent, () => (account.token === '' ? undefined : account.token))
    }
    return account
  }
  const opened = (account: Account, json: Json): Account => {
    account.token = json.access_token as string
    account.refreshToken = json.refresh_token as string
    account.id = (json.user as { id: string }).id
    return account
  }

  return {
    gateway,
    anonKey,
    config: { ...placeholderRuntimeConfig(), supabaseAnonKey: anonKey, ownAccounts: true },
    account: async (name, userAgent = FIREFOX) => {
      const email = `${name}-${Date.now().toString(36)}-${counter++}@example.fr`
      const account = session(email, userAgent)
      const signedUp = await account.call('POST', '/auth/v1/signup', { email, password: PASSWORD })
      if (signedUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.json)}`)
      if (signedUp.json.access_token !== undefined) return opened(account, signedUp.json)
      // Addresses to confirm: this one is, as its link would do, and it signs in.
      await gateway.app.db.query('update paraphe_auth.users set email_confirmed_at = now() where email = $1', [email])
      const signedIn = await account.call('POST', '/auth/v1/token?grant_type=password', { email, password: PASSWORD })
      if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.json)}`)
      return opened(account, signedIn.json)
    },
    signInFrom: async (email, userAgent) => {
      const account = session(email, userAgent)
      const signedIn = await account.call('POST', '/auth/v1/token?grant_type=password', { email, password: PASSWORD })
      if (signedIn.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signedIn.json)}`)
      return opened(account, signedIn.json)
    },
    withFactor: async (account) => {
      const enrolled = await account.call('POST', '/auth/v1/factors', { factor_type: 'totp' })
      const factor = enrolled.json as { id: string; totp: { secret: string } }
      const challenge = await account.call('POST', `/auth/v1/factors/${factor.id}/challenge`)
      const verified = await account.call('POST', `/auth/v1/factors/${factor.id}/verify`, {
        challenge_id: challenge.json.id,
        code: totpCode(factor.totp.secret)
      })
      if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.json)}`)
      account.token = verified.json.access_token as string
      account.refreshToken = verified.json.refresh_token as string
      return factor.totp.secret
    },
    subscribe: async (account, plan) => {
      const read = await account.call('GET', '/api/company/two-factor')
      if (read.status !== 200) throw new Error(`no company: ${JSON.stringify(read.json)}`)
      await subscribe(gateway.app.db, account.id, plan)
    },
    signInPage: async (email) => {
      const supabase = await getSupabase(anonKey)
      const { error } = await supabase.auth.signInWithPassword({ email, password: PASSWORD })
      if (error !== null) throw error
      return supabase
    },
    useSession: async (account) => {
      const supabase = await getSupabase(anonKey)
      const { error } = await supabase.auth.setSession({ access_token: account.token, refresh_token: account.refreshToken })
      if (error !== null) throw error
      return supabase
    },
    api: createApiClient({ getAccessToken: pageSession, fetch: gateway.fetch }),
    linkTo: async (to) => {
      const { rows } = await gateway.app.db.query<{ text_body: string }>(
        'select text_body from paraphe.outbox where recipient = $1 order by id desc limit 1',
        [to]
      )
      const link = /https?:\/\/\S*token_hash=\S+/.exec(rows[0]?.text_body ?? '')?.[0]
      if (link === undefined) throw new Error(`no link e-mailed to ${to}`)
      const url = new URL(link)
      return url.pathname + url.search
    },
    visit: (pathAndQuery) => window.happyDOM.setURL(`${origin}${pathAndQuery}`)
  }
}

/**
 * The page as it runs before a gateway in front of a Supabase Auth whose tables it cannot reach:
 * `/auth/v1/paraphe/recovery-codes*` answers what that gateway answers there (its own test:
 * gateway/test/accounts/recovery-codes-proxy.test.ts), the rest goes to these accounts. Until
 * teardown; resolves once the page asked.
 */
export function withoutRecoveryCodes(t: { teardown: (done: () => void) => void }): Promise<void> {
  const working = globalThis.fetch
  let asked: () => void = () => undefined
  const answered = new Promise<void>((resolve) => (asked = resolve))
  globalThis.fetch = (input, init) => {
    if (!String(input).includes('/auth/v1/paraphe/recovery-codes')) return working(input, init)
    asked()
    return Promise.resolve(
      Response.json(
        { code: 'recovery_codes_not_available', message: 'Recovery codes need the auth server’s tables, not readable here' },
        { status: 404, headers: { 'x-sb-error-code': 'recovery_codes_not_available' } }
      )
    )
  }
  t.teardown(() => {
    globalThis.fetch = working
  })
  return answered
}
