// Recovery codes (a Paraphe extension: Supabase Auth has none): ten codes made when the user asks,
// right after turning the second factor on, shown that once and kept only as SHA-256 digests. A
// code stands in for the authenticator's once; using one says so by e-mail. Attempts count against
// the same per-account and per-address budget as TOTP codes.
import { randomBytes } from 'node:crypto'
import { enqueueEmail } from '../mail/outbox.js'
import { recoveryCodeUsedEmail } from '../mail/templates/security-emails.js'
import { AuthApiError } from './auth-api-error.js'
import { withMail, type AccountContext, type Body } from './account-context.js'
import type { SessionJson } from './access-tokens.js'
import type { Authenticated } from './current-user.js'
import { checkCodeBudget, codeFailureRules, countCodeFailure } from './factors.js'
import { digest } from './secret-tokens.js'
import type { ClientInfo } from './sessions.js'
import { upgradeSession } from './session-level.js'

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

/** `xxxxx-xxxxx`: 10 characters of an alphabet without look-alikes (about 49 bits). */
function newCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length] as string).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** As typed: case, spaces and dashes do not matter. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')

async function hasVerifiedFactor(context: AccountContext, userId: string): Promise<boolean> {
  const { rows } = await context.db.query(`select 1 from paraphe_auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId
  ])
  return rows.length > 0
}

/** New codes (the previous ones stop working); only from a session that proved the second factor. */
export async function generateRecoveryCodes(context: AccountContext, { user, secondFactor }: Authenticated): Promise<{ codes: string[] }> {
  if (secondFactor === null || !(await hasVerifiedFactor(context, user.id))) {
    throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to create recovery codes')
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await context.db.transaction(async (tx) => {
    await tx.query('delete from paraphe_auth.recovery_codes where user_id = $1', [user.id])
    await tx.query('insert into paraphe_auth.recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [
      user.id,
      codes.map((code) => digest(normalise(code)))
    ])
  })
  return { codes }
}

export async function remainingRecoveryCodes({ db }: AccountContext, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from paraphe_auth.recovery_codes where user_id = $1 and used_at is null',
    [userId]
  )
  return rows[0]?.count ?? 0
}

/** Signs the session in at aal2 with a recovery code instead of the authenticator's code. */
export async function useRecoveryCode(
  context: AccountContext,
  { user, sessionId }: Authenticated,
  body: Body,
  client: ClientInfo
): Promise<SessionJson> {
  const code = typeof body.code === 'string' ? normalise(body.code) : ''
  if (code === '') throw new AuthApiError(400, 'validation_failed', 'code is required')
  const subject = `recovery:${user.id}`
  await checkCodeBudget(context, subject, client.ip)
  const session = await withMail(context, async (tx, queued) => {
    const { rows } = await tx.query<{ remaining: number }>(
      `update paraphe_auth.recovery_codes set used_at = now()
        where id = (select id from paraphe_auth.recovery_codes where user_id = $1 and code_hash = $2 and used_at is null limit 1 for update)
        returning (select count(*)::int - 1 from paraphe_auth.recovery_codes where user_id = $1 and used_at is null) as remaining`,
      [user.id, digest(code)]
    )
    const used = rows[0]
    if (used === undefined) return null
    await enqueueEmail(tx, {
      companyId: null,
      kind: 'account-recovery-code-used',
      to: user.email,
      ...recoveryCodeUsedEmail(context.site, new Date(), used.remaining)
    })
    queued()
    return upgradeSession(context, tx, user, sessionId, 'recovery_code')
  })
  if (session === null) {
    await countCodeFailure(context, subject, client.ip)
    throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid recovery code entered')
  }
  await context.limiter.reset(codeFailureRules(context).factor, subject)
  return session
}
