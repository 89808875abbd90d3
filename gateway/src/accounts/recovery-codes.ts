// Recovery codes of the embedded accounts (a Paraphe extension: Supabase Auth has none): ten codes
// made when the user asks, right after turning the second factor on, shown that once
// (recovery-code-store.ts keeps their digests). A code stands in for the authenticator's once;
// using one says so by e-mail. Attempts count against the same per-account and per-address
// budget as TOTP codes.
import { enqueueEmail } from '../mail/outbox.js'
import { recoveryCodeUsedEmail } from '../mail/templates/security-emails.js'
import { AuthApiError } from './auth-api-error.js'
import { withMail, type AccountContext, type Body } from './account-context.js'
import type { SessionJson } from './access-tokens.js'
import type { Authenticated } from './current-user.js'
import { checkCodeBudget, codeFailureRules, countCodeFailure } from './factors.js'
import { burnRecoveryCode, normaliseRecoveryCode, replaceRecoveryCodes, unusedRecoveryCodes } from './recovery-code-store.js'
import type { ClientInfo } from './sessions.js'
import { upgradeSession } from './session-level.js'

const TABLE = 'paraphe_auth.recovery_codes'

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
  return { codes: await context.db.transaction((tx) => replaceRecoveryCodes(tx, TABLE, user.id)) }
}

export async function remainingRecoveryCodes({ db }: AccountContext, userId: string): Promise<number> {
  return unusedRecoveryCodes(db, TABLE, userId)
}

/** Signs the session in at aal2 with a recovery code instead of the authenticator's code. */
export async function useRecoveryCode(
  context: AccountContext,
  { user, sessionId }: Authenticated,
  body: Body,
  client: ClientInfo
): Promise<SessionJson> {
  const code = normaliseRecoveryCode(body.code)
  if (code === '') throw new AuthApiError(400, 'validation_failed', 'code is required')
  const subject = `recovery:${user.id}`
  await checkCodeBudget(context, subject, client.ip)
  const session = await withMail(context, async (tx, queued) => {
    const remaining = await burnRecoveryCode(tx, TABLE, user.id, code)
    if (remaining === null) return null
    await enqueueEmail(tx, {
      companyId: null,
      kind: 'account-recovery-code-used',
      to: user.email,
      ...recoveryCodeUsedEmail(context.site, new Date(), remaining)
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
