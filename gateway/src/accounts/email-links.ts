// Following an e-mail link (confirmation or recovery) and asking for a recovery link. A link
// works once and proves the address; asking answers the same for known and unknown addresses.
import { AuthApiError } from './auth-api-error.js'
import { findUser, requireEmail, withMail, type AccountContext, type Body } from './account-context.js'
import type { SessionJson } from './access-tokens.js'
import { sendRecovery } from './link-emails.js'
import { digest } from './secret-tokens.js'
import { startSession, type ClientInfo } from './sessions.js'
import { USER_COLUMNS, type UserRow } from './user-json.js'

export async function verify(context: AccountContext, body: Body, client: ClientInfo | null = null): Promise<SessionJson> {
  const type = typeof body.type === 'string' ? body.type : ''
  const kinds =
    type === 'signup' || type === 'email' ? ['confirmation', 'recovery'] : type === 'recovery' || type === 'magiclink' ? ['recovery'] : []
  if (kinds.length === 0) throw new AuthApiError(400, 'validation_failed', 'Unsupported verification type')
  const tokenHash = typeof body.token_hash === 'string' ? body.token_hash : ''
  if (tokenHash === '') throw new AuthApiError(400, 'validation_failed', 'Verify requires a token hash')
  const outcome = await context.db.transaction(async (tx) => {
    // Used up whatever happens next: a link works once.
    const { rows } = await tx.query<{ user_id: string; kind: string; expired: boolean }>(
      `delete from paraphe_auth.one_time_tokens where token_hash = $1 and kind = any($2::text[])
       returning user_id, kind, expires_at < now() as expired`,
      [digest(tokenHash), kinds]
    )
    const link = rows[0]
    if (link === undefined || link.expired) return null
    // Following any e-mail link proves the address.
    const { rows: users } = await tx.query<UserRow>(
      `update paraphe_auth.users
          set email_confirmed_at = coalesce(email_confirmed_at, now()),
              user_metadata = user_metadata || '{"email_verified": true}'::jsonb,
              updated_at = now()
        where id = $1 returning ${USER_COLUMNS}`,
      [link.user_id]
    )
    const user = users[0]
    if (user === undefined) return null
    return startSession(context, tx, user, link.kind === 'recovery' ? 'recovery' : 'otp', client)
  })
  if (outcome === null) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid')
  return outcome
}

export async function recover(context: AccountContext, body: Body): Promise<Record<string, never>> {
  const email = requireEmail(body.email, 'Password recovery requires an email')
  await withMail(context, async (tx, queued) => {
    const user = await findUser(tx, email, true)
    if (user !== null && (await sendRecovery(context, tx, user))) queued()
  })
  return {}
}
