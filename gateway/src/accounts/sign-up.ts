// Signing up, and asking for the confirmation e-mail again. Known and unknown addresses get the
// same answer (the owner of a known one gets an e-mail instead), so the form tells nobody who has
// an account.
import { theRow } from '../db/database.js'
import { randomUUID } from 'node:crypto'
import { AuthApiError } from './auth-api-error.js'
import { findUser, requireEmail, withMail, type AccountContext, type Body } from './account-context.js'
import { sendConfirmation, sendExistingAccount } from './link-emails.js'
import { checkNewPassword, hashPassword } from './passwords.js'
import { startSession, type ClientInfo } from './sessions.js'
import { signupAnswer, USER_COLUMNS, type UserRow } from './user-json.js'

/** The field of `data` that carries a team invitation's token: read, never stored in the metadata. */
export const INVITATION_TOKEN_FIELD = 'invitation_token'

export async function signup(context: AccountContext, body: Body, client: ClientInfo | null = null) {
  const { settings } = context
  const email = requireEmail(body.email, 'To signup, please provide your email')
  const password = checkNewPassword(body.password, 'Signup requires a valid password')
  const given =
    typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {}
  const { [INVITATION_TOKEN_FIELD]: invitationToken, ...data } = given
  // Hashed whether or not the address is known: the same time either way.
  const passwordHash = await hashPassword(password)
  return withMail(context, async (tx, queued) => {
    const existing = await findUser(tx, email, true)
    if (existing !== null) {
      if (settings.autoconfirm) throw new AuthApiError(422, 'user_already_exists', 'User already registered')
      // The first password stays ("we can't be sure of their claimed identity"); the owner is told.
      const sent =
        existing.email_confirmed_at === null
          ? await sendConfirmation(context, tx, existing)
          : await sendExistingAccount(context, tx, existing)
      if (sent) queued()
      return signupAnswer(existing.email_confirmed_at === null ? existing.id : randomUUID(), email, data, new Date())
    }
    // The invitation's link reached this address: that is what the confirmation e-mail would
    // prove, so the account is confirmed and signed in at once (one e-mail, not two).
    const invited =
      typeof invitationToken === 'string' && context.invitedAddress !== undefined
        ? (await context.invitedAddress(tx, invitationToken)) === email
        : false
    const confirmed = settings.autoconfirm || invited
    const id = randomUUID()
    const metadata = { ...data, email, email_verified: confirmed, phone_verified: false, sub: id }
    const { rows } = await tx.query<UserRow>(
      `insert into paraphe_auth.users (id, email, password_hash, email_confirmed_at, user_metadata)
       values ($1, $2, $3, ${confirmed ? 'now()' : 'null'}, $4::jsonb) returning ${USER_COLUMNS}`,
      [id, email, passwordHash, JSON.stringify(metadata)]
    )
    const user = theRow(rows)
    if (confirmed) return startSession(context, tx, user, 'password', client)
    await sendConfirmation(context, tx, user)
    queued()
    return signupAnswer(id, email, data, new Date())
  })
}

export async function resend(context: AccountContext, body: Body): Promise<Record<string, never>> {
  const type = body.type
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw new AuthApiError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (type !== 'signup') throw new AuthApiError(400, 'validation_failed', `Resending ${type} is not available on this instance`)
  const email = requireEmail(body.email, 'Type provided requires an email address')
  await withMail(context, async (tx, queued) => {
    const user = await findUser(tx, email, true)
    if (user !== null && user.email_confirmed_at === null && (await sendConfirmation(context, tx, user))) queued()
  })
  return {}
}
