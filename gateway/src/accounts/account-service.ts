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
import { authenticate, currentUser, logout, requireFullLevel, updateUser, type Authenticated } from './current-user.js'
import { factorKey } from './factor-secrets.js'
import { challenge, enroll, unenroll, verify as verifyFactor } from './factors.js'
import { generateRecoveryCodes, remainingRecoveryCodes, useRecoveryCode } from './recovery-codes.js'
import { closeSession, listSessions } from './session-list.js'
import type { ClientInfo } from './sessions.js'
import { apiAccess } from './api-access.js'
import { recover, verify } from './email-links.js'
import { refresh, signInWithPassword } from './sign-in.js'
import { resend, signup } from './sign-up.js'

export type { Body } from './account-context.js'
export type { ClientInfo } from './sessions.js'
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
    factorKey: factorKey(secret),
    limiter,
    site,
    settings,
    wakeOutbox,
    ...(invitedAddress === undefined ? {} : { invitedAddress })
  }
  return {
    settings,
    signup: (body: Body, client: ClientInfo) => signup(context, body, client),
    signInWithPassword: (body: Body, client: ClientInfo) => signInWithPassword(context, body, client),
    refresh: (body: Body) => refresh(context, body),
    verify: (body: Body, client: ClientInfo) => verify(context, body, client),
    recover: (body: Body) => recover(context, body),
    resend: (body: Body) => resend(context, body),
    authenticate: (header: string | undefined) => authenticate(context, header),
    updateUser: (authenticated: Authenticated, body: Body) => updateUser(context, authenticated, body),
    logout: (authenticated: Authenticated, scope: string) => logout(context, authenticated, scope),
    currentUser: (authenticated: Authenticated) => currentUser(context, authenticated),
    // Supabase Auth's MFA API
    enroll: (authenticated: Authenticated, body: Body) => enroll(context, authenticated, body),
    challenge: (authenticated: Authenticated, factorId: string, client: ClientInfo) => challenge(context, authenticated, factorId, client),
    verifyFactor: (authenticated: Authenticated, factorId: string, body: Body, client: ClientInfo) =>
      verifyFactor(context, authenticated, factorId, body, client),
    unenroll: (authenticated: Authenticated, factorId: string) => unenroll(context, authenticated, factorId),
    // Paraphe's extensions: recovery codes and the list of open sessions
    generateRecoveryCodes: async (authenticated: Authenticated) => generateRecoveryCodes(context, authenticated),
    recoveryCodesLeft: async (authenticated: Authenticated) => {
      await requireFullLevel(context, authenticated)
      return { remaining: await remainingRecoveryCodes(context, authenticated.user.id) }
    },
    useRecoveryCode: (authenticated: Authenticated, body: Body, client: ClientInfo) =>
      useRecoveryCode(context, authenticated, body, client),
    listSessions: async (authenticated: Authenticated) => {
      await requireFullLevel(context, authenticated)
      return listSessions(context, authenticated)
    },
    closeSession: async (authenticated: Authenticated, id: string) => {
      await requireFullLevel(context, authenticated)
      return closeSession(context, authenticated, id)
    },
    /** What /api lets a verified access token do (session still open, level enough). */
    apiAccess: (userId: string, sessionId: string | null) => apiAccess(db, userId, sessionId)
  }
}

export type AccountService = ReturnType<typeof createAccountService>
