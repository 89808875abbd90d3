// The embedded accounts: GoTrue's behaviour for the endpoints the web app uses, on the gateway's
// own database (schema paraphe_auth). HTTP lives in routes.ts; the rules live in one file per
// flow (sign-up, sign-in and refresh, e-mail links and recovery, the current user); this file
// wires them to one context.
//
// Where GoTrue is weak, stricter: argon2id; refresh and link tokens stored as SHA-256; sign-up,
// recover and resend answer the same for known and unknown addresses (the owner of a known one
// gets an e-mail instead); failed sign-ins are throttled per address; a password change ends the
// other sessions and voids pending links.
import type { Database } from '../db/database.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import type { RateLimiter } from '../rate-limit/rate-limiter.js'
import type { AccountContext, Body, InvitedAddress } from './account-context.js'
import type { AccountSettings } from './account-settings.js'
import { authenticate, logout, updateUser, type Authenticated } from './current-user.js'
import { recover, verify } from './email-links.js'
import { refresh, signInWithPassword } from './sign-in.js'
import { resend, signup } from './sign-up.js'
import { userJson } from './user-json.js'

export type { Body } from './account-context.js'
export { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './account-settings.js'

export interface AccountServiceOptions {
  db: Database
  secret: string
  limiter: RateLimiter
  site: SiteIdentity
  settings: AccountSettings
  /** Called after a transaction queued an e-mail. */
  wakeOutbox: () => void
  /** An invitation's link proves its address: sign-up from it needs no confirmation e-mail. */
  invitedAddress?: InvitedAddress
}

export function createAccountService({ db, secret, limiter, site, settings, wakeOutbox, invitedAddress }: AccountServiceOptions) {
  const context: AccountContext = {
    db,
    key: new TextEncoder().encode(secret),
    limiter,
    site,
    settings,
    wakeOutbox,
    ...(invitedAddress === undefined ? {} : { invitedAddress })
  }
  return {
    settings,
    signup: (body: Body) => signup(context, body),
    signInWithPassword: (body: Body) => signInWithPassword(context, body),
    refresh: (body: Body) => refresh(context, body),
    verify: (body: Body) => verify(context, body),
    recover: (body: Body) => recover(context, body),
    resend: (body: Body) => resend(context, body),
    authenticate: (header: string | undefined) => authenticate(context, header),
    updateUser: (authenticated: Authenticated, body: Body) => updateUser(context, authenticated, body),
    logout: (authenticated: Authenticated, scope: string) => logout(context, authenticated, scope),
    userJson
  }
}

export type AccountService = ReturnType<typeof createAccountService>
