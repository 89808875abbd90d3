// Supabase Auth's MFA API (TOTP) on the embedded accounts: POST /factors (enrol), POST
// /factors/{id}/challenge, POST /factors/{id}/verify, DELETE /factors/{id}, with GoTrue's shapes,
// rules and error codes, so supabase.auth.mfa.* works unchanged. Stricter than GoTrue: a code
// of a time step already used is refused (replay), and wrong codes are throttled per factor and
// per client address, as failed sign-ins are.
import { randomUUID } from 'node:crypto'
import { theRow, type Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import { factorAddedEmail, factorRemovedEmail } from '../mail/templates/security-emails.js'
import type { RateLimitRule } from '../rate-limit/rate-limiter.js'
import { AuthApiError } from './auth-api-error.js'
import { withMail, type AccountContext, type Body } from './account-context.js'
import type { SessionJson } from './access-tokens.js'
import type { Authenticated } from './current-user.js'
import { sealSecret, unsealSecret } from './factor-secrets.js'
import type { ClientInfo } from './sessions.js'
import { acceptedStep, enrolment, newTotpSecret } from './totp.js'
import { upgradeSession } from './session-level.js'

/** GoTrue's GOTRUE_MFA_MAX_ENROLLED_FACTORS and GOTRUE_MFA_CHALLENGE_EXPIRY_DURATION. */
const MAX_VERIFIED_FACTORS = 10
export const CHALLENGE_TTL_SECONDS = 300

interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  status: 'verified' | 'unverified'
  secret_sealed: string
  last_step: string | null
}

/** What counts wrong codes: the embedded accounts' context, or the proxy's for recovery codes. */
export type CodeBudget = Pick<AccountContext, 'limiter'> & { settings: Pick<AccountContext['settings'], 'codeFailures'> }

export const codeFailureRules = (context: CodeBudget): { factor: RateLimitRule; address: RateLimitRule } => ({
  factor: { bucket: 'mfa-failures-factor', ...context.settings.codeFailures },
  address: { bucket: 'mfa-failures-address', ...context.settings.codeFailures }
})

/** Refuses a code attempt while its factor or its address has too many recent failures. */
export async function checkCodeBudget(context: CodeBudget, subject: string, ip: string): Promise<void> {
  const rules = codeFailureRules(context)
  const [byFactor, byAddress] = await Promise.all([context.limiter.peek(rules.factor, subject), context.limiter.peek(rules.address, ip)])
  if (byFactor.hits >= rules.factor.max || byAddress.hits >= rules.address.max) {
    throw new AuthApiError(429, 'over_request_rate_limit', 'Too many failed verification attempts; try again later')
  }
}

export async function countCodeFailure(context: CodeBudget, subject: string, ip: string): Promise<void> {
  const rules = codeFailureRules(context)
  await Promise.all([context.limiter.hit(rules.factor, subject), context.limiter.hit(rules.address, ip)])
}

async function ownFactor(tx: Queryable, userId: string, factorId: string, lock = false): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `select id, user_id, friendly_name, status, secret_sealed, last_step from paraphe_auth.mfa_factors
      where id::text = $1 and user_id = $2${lock ? ' for update' : ''}`,
    [factorId, userId]
  )
  const factor = rows[0]
  if (factor === undefined) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found')
  return factor
}

async function verifiedCount(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::int as count from paraphe_auth.mfa_factors where user_id = $1 and status = 'verified'`,
    [userId]
  )
  return rows[0]?.count ?? 0
}

export async function enroll(context: AccountContext, { user, secondFactor }: Authenticated, body: Body) {
  if (body.factor_type === 'phone') throw new AuthApiError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (body.factor_type === 'webauthn') throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  if (body.factor_type !== 'totp') throw new AuthApiError(400, 'validation_failed', 'factor_type needs to be totp, phone or webauthn')
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.trim().slice(0, 100) : ''
  const issuer = typeof body.issuer === 'string' && body.issuer.trim() !== '' ? body.issuer.trim().slice(0, 100) : context.site.siteName
  const secret = newTotpSecret()
  const { uri, qrSvg } = await enrolment(secret, issuer, user.email)
  const id = randomUUID()
  await context.db.transaction(async (tx) => {
    const verified = await verifiedCount(tx, user.id)
    if (verified > 0 && secondFactor === null) throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    if (verified >= MAX_VERIFIED_FACTORS) {
      throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    }
    // An enrolment never verified was abandoned: the new one replaces it.
    await tx.query(`delete from paraphe_auth.mfa_factors where user_id = $1 and status = 'unverified'`, [user.id])
    if (friendlyName !== '') {
      const { rows } = await tx.query('select 1 from paraphe_auth.mfa_factors where user_id = $1 and friendly_name = $2', [
        user.id,
        friendlyName
      ])
      if (rows.length > 0) {
        throw new AuthApiError(
          422,
          'mfa_factor_name_conflict',
          `A factor with the friendly name "${friendlyName}" for this user already exists`
        )
      }
    }
    await tx.query(
      `insert into paraphe_auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret_sealed)
       values ($1, $2, $3, 'totp', 'unverified', $4)`,
      [id, user.id, friendlyName === '' ? null : friendlyName, sealSecret(context.factorKey, secret)]
    )
  })
  return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrSvg, secret, uri } }
}

export async function challenge(context: AccountContext, { user }: Authenticated, factorId: string, client: ClientInfo) {
  const factor = await ownFactor(context.db, user.id, factorId)
  const id = randomUUID()
  const { rows } = await context.db.query<{ created_at: Date }>(
    'insert into paraphe_auth.mfa_challenges (id, factor_id, ip) values ($1, $2, $3) returning created_at',
    [id, factor.id, client.ip]
  )
  const created = new Date(theRow(rows).created_at)
  return { id, type: 'totp', expires_at: Math.floor(created.getTime() / 1000) + CHALLENGE_TTL_SECONDS }
}

export async function verify(
  context: AccountContext,
  { user, sessionId }: Authenticated,
  factorId: string,
  body: Body,
  client: ClientInfo
): Promise<SessionJson> {
  const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : ''
  const code = typeof body.code === 'string' ? body.code.trim() : ''
  if (challengeId === '' || code === '') throw new AuthApiError(400, 'validation_failed', 'challenge_id and code are required')
  await checkCodeBudget(context, factorId, client.ip)
  const outcome = await withMail(context, async (tx, queued) => {
    const factor = await ownFactor(tx, user.id, factorId, true)
    const { rows } = await tx.query<{ ip: string; expired: boolean }>(
      `select ip, created_at < now() - make_interval(secs => $3::int) as expired
         from paraphe_auth.mfa_challenges where id::text = $1 and factor_id = $2`,
      [challengeId, factor.id, CHALLENGE_TTL_SECONDS]
    )
    const found = rows[0]
    if (found === undefined) throw new AuthApiError(404, 'mfa_challenge_not_found', 'Challenge not found')
    if (found.expired) {
      await tx.query('delete from paraphe_auth.mfa_challenges where id = $1', [challengeId])
      return new AuthApiError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`
      )
    }
    if (found.ip !== client.ip) throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch')
    const step = acceptedStep(
      unsealSecret(context.factorKey, factor.secret_sealed),
      code,
      factor.last_step === null ? null : Number(factor.last_step)
    )
    if (step === null) return null
    await tx.query('delete from paraphe_auth.mfa_challenges where id = $1', [challengeId])
    await tx.query(`update paraphe_auth.mfa_factors set last_step = $2, status = 'verified', updated_at = now() where id = $1`, [
      factor.id,
      step
    ])
    if (factor.status === 'unverified') {
      // The account now needs the second factor: sessions opened with the password alone end (GoTrue does the same).
      await tx.query(`delete from paraphe_auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [user.id, sessionId])
      await enqueueEmail(tx, {
        companyId: null,
        kind: 'account-factor-added',
        to: user.email,
        ...factorAddedEmail(context.site, new Date())
      })
      queued()
    }
    return upgradeSession(context, tx, user, sessionId, 'totp')
  })
  if (outcome instanceof AuthApiError) throw outcome
  if (outcome === null) {
    await countCodeFailure(context, factorId, client.ip)
    throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  }
  await context.limiter.reset(codeFailureRules(context).factor, factorId)
  return outcome
}

export async function unenroll(context: AccountContext, { user, secondFactor }: Authenticated, factorId: string) {
  await withMail(context, async (tx, queued) => {
    const factor = await ownFactor(tx, user.id, factorId, true)
    if (factor.status === 'verified' && secondFactor === null) {
      throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
    }
    await tx.query('delete from paraphe_auth.mfa_factors where id = $1', [factor.id])
    if (factor.status !== 'verified') return
    // Without a factor, recovery codes would be a second way in that protects nothing.
    if ((await verifiedCount(tx, user.id)) === 0) await tx.query('delete from paraphe_auth.recovery_codes where user_id = $1', [user.id])
    await enqueueEmail(tx, {
      companyId: null,
      kind: 'account-factor-removed',
      to: user.email,
      ...factorRemovedEmail(context.site, new Date())
    })
    queued()
  })
  return { id: factorId }
}
