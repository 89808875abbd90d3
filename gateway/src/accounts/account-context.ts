// What every account flow works with — the database, the token key, the throttle, the site for
// e-mails, the settings — and the few lookups they all share, so each flow's file holds its rules.
import { isEmailAddress } from '@paraphe/shared/email'
import type { Database, Queryable } from '../db/database.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import type { RateLimiter } from '../rate-limit/rate-limiter.js'
import { AuthApiError } from './auth-api-error.js'
import type { AccountSettings } from './account-settings.js'
import type { FactorKey } from './factor-secrets.js'
import { USER_COLUMNS, type UserRow } from './user-json.js'

export interface AccountContext {
  db: Database
  /** The HS256 key of access tokens. */
  key: Uint8Array
  /** Seals TOTP secrets at rest (derived from the same secret). */
  factorKey: FactorKey
  limiter: RateLimiter
  site: SiteIdentity
  settings: AccountSettings
  /** Called after a transaction queued an e-mail. */
  wakeOutbox: () => void
  /**
   * The address an open team invitation was sent to, for its link's token; null for an unknown,
   * used, cancelled or expired one. Given by the app (the invitations are the company's).
   */
  invitedAddress?: InvitedAddress
}

export type InvitedAddress = (tx: Queryable, token: string) => Promise<string | null>

/** A request's JSON body, as GoTrue's endpoints take it: read field by field, never trusted. */
export type Body = Record<string, unknown>

const MAX_EMAIL_LENGTH = 255

export function requireEmail(value: unknown, missing: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new AuthApiError(400, 'validation_failed', missing)
  const email = value.trim().toLowerCase()
  if (email.length > MAX_EMAIL_LENGTH) throw new AuthApiError(400, 'validation_failed', 'An email address is too long')
  if (!isEmailAddress(email)) throw new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email
}

export async function findUser(tx: Queryable, email: string, lock = false): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from paraphe_auth.users where email = $1${lock ? ' for update' : ''}`, [
    email
  ])
  return rows[0] ?? null
}

export async function userById(tx: Queryable, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`select ${USER_COLUMNS} from paraphe_auth.users where id = $1`, [id])
  return rows[0] ?? null
}

/** Runs `work` in a transaction and wakes the outbox when it queued an e-mail. */
export async function withMail<T>(
  context: Pick<AccountContext, 'db' | 'wakeOutbox'>,
  work: (tx: Queryable, queued: () => void) => Promise<T>
): Promise<T> {
  let mail = false
  const result = await context.db.transaction((tx) => work(tx, () => void (mail = true)))
  if (mail) context.wakeOutbox()
  return result
}
