// Recovery codes with Supabase Auth in front, which has none. Supabase's answer to a lost
// authenticator is that an administrator unenrols the factor; here the recovery code is that
// administrator: the gateway keeps the codes itself (recovery-code-store.ts, GoTrue's user ids),
// made after a verified factor at aal2 as with the embedded accounts, and a right code, typed after
// the password (an aal1 session), deletes the user's verified TOTP factors from GoTrue's own
// `auth.mfa_factors` in the shared PostgreSQL (its published schema; challenges cascade). The
// session stays aal1 and, with no factor left, reaches the data: the page refreshes it and invites
// the user to turn the second factor on again. The use is e-mailed, and wrong codes count against
// the embedded accounts' budget (per user and per address).
//
// Like the open sessions (upstream-sessions.ts), this needs GoTrue's tables readable — and
// `auth.mfa_factors` deletable — by the gateway's role; where they are not, every call answers
// `recovery_codes_not_available` and the page says recovery codes are not offered.
import type { Database, Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import type { SiteIdentity } from '../mail/templates/layout.js'
import { recoveryCodeRemovedFactorEmail } from '../mail/templates/security-emails.js'
import { AuthApiError } from './auth-api-error.js'
import { withMail, type Body } from './account-context.js'
import { checkCodeBudget, codeFailureRules, countCodeFailure, type CodeBudget } from './factors.js'
import { burnRecoveryCode, normaliseRecoveryCode, replaceRecoveryCodes } from './recovery-code-store.js'
import { unreachableAs } from './upstream-sessions.js'

const TABLE = 'paraphe_auth.upstream_recovery_codes'

export interface UpstreamRecoveryContext extends CodeBudget {
  db: Database
  site: SiteIdentity
  /** Called after a transaction queued an e-mail. */
  wakeOutbox: () => void
}

/** The caller, from their verified access token. */
export interface UpstreamUser {
  id: string
  email: string | null
}

export interface UpstreamRecoveryState {
  remaining: number
  /** When a recovery code last removed the authenticator, while none is on again; else null. */
  factor_removed_at: string | null
}

const notAvailable = (error: unknown) =>
  unreachableAs(
    error,
    new AuthApiError(404, 'recovery_codes_not_available', 'Recovery codes need the auth server’s tables, not readable here')
  )

/**
 * The user's verified TOTP factors in GoTrue's table (`::text`: its enums and uuids). Not locked:
 * `for update` would need the update grant, and two codes used at once only remove them twice.
 */
async function verifiedFactors(tx: Queryable, userId: string): Promise<string[]> {
  const { rows } = await tx
    .query<{ id: string }>(
      `select id::text as id from auth.mfa_factors where user_id::text = $1 and status::text = 'verified' and factor_type::text = 'totp'
        order by updated_at, id`,
      [userId]
    )
    .catch((error: unknown) => {
      throw notAvailable(error)
    })
  return rows.map((row) => row.id)
}

/** The user's unused codes made for one of these factors: those of a factor since removed do not count. */
async function codesOfFactors(db: Queryable, userId: string, factors: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `select count(*)::int as count from ${TABLE} where user_id = $1 and used_at is null and factor_id = any($2::text[])`,
    [userId, factors]
  )
  return rows[0]?.count ?? 0
}

/** The count « Sécurité » shows, or when a code removed the factor. */
export async function upstreamRecoveryState({ db }: UpstreamRecoveryContext, user: UpstreamUser): Promise<UpstreamRecoveryState> {
  const factors = await verifiedFactors(db, user.id)
  if (factors.length > 0) return { remaining: await codesOfFactors(db, user.id, factors), factor_removed_at: null }
  const { rows } = await db.query<{ at: Date | null }>(`select max(used_at) as at from ${TABLE} where user_id = $1`, [user.id])
  const at = rows[0]?.at ?? null
  return { remaining: 0, factor_removed_at: at === null ? null : new Date(at).toISOString() }
}

/** New codes (the previous ones stop working), for an account with a verified factor; the route checked aal2. */
export async function generateUpstreamRecoveryCodes({ db }: UpstreamRecoveryContext, user: UpstreamUser): Promise<{ codes: string[] }> {
  const factors = await verifiedFactors(db, user.id)
  const newest = factors.at(-1)
  if (newest === undefined) throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to create recovery codes')
  return {
    codes: await db.transaction(async (tx) => {
      const codes = await replaceRecoveryCodes(tx, TABLE, user.id)
      await tx.query(`update ${TABLE} set factor_id = $2 where user_id = $1`, [user.id, newest])
      return codes
    })
  }
}

/**
 * A recovery code typed after the password: burnt, and the authenticator it stands for removed
 * (with the codes left: they belonged to it). Codes work only while a verified factor exists.
 */
export async function useUpstreamRecoveryCode(
  context: UpstreamRecoveryContext,
  user: UpstreamUser,
  body: Body,
  ip: string
): Promise<{ removed_factors: string[] }> {
  const code = normaliseRecoveryCode(body.code)
  if (code === '') throw new AuthApiError(400, 'validation_failed', 'code is required')
  const subject = `recovery:${user.id}`
  await checkCodeBudget(context, subject, ip)
  const removed = await withMail(context, async (tx, queued) => {
    const factors = await verifiedFactors(tx, user.id)
    // The codes of a factor GoTrue removed since (turned off, then on again) are void.
    await tx.query(`delete from ${TABLE} where user_id = $1 and used_at is null and (factor_id is null or factor_id <> all($2::text[]))`, [
      user.id,
      factors
    ])
    if (factors.length === 0 || (await burnRecoveryCode(tx, TABLE, user.id, code)) === null) return null
    // Without the delete grant, nothing happened: the code is not burnt (the transaction rolls back).
    await tx.query('delete from auth.mfa_factors where id::text = any($1::text[])', [factors]).catch((error: unknown) => {
      throw notAvailable(error)
    })
    await tx.query(`delete from ${TABLE} where user_id = $1 and used_at is null`, [user.id])
    if (user.email !== null) {
      await enqueueEmail(tx, {
        companyId: null,
        kind: 'account-recovery-code-used',
        to: user.email,
        ...recoveryCodeRemovedFactorEmail(context.site, new Date())
      })
      queued()
    }
    return factors
  })
  if (removed === null) {
    await countCodeFailure(context, subject, ip)
    throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid recovery code entered')
  }
  await context.limiter.reset(codeFailureRules(context).factor, subject)
  return { removed_factors: removed }
}
