// The account e-mails: the two carrying a one-time link (confirmation, recovery) and the « you
// already have an account » notice, each at most once per `emailMinIntervalSeconds` per account.
import type { Queryable } from '../db/database.js'
import { enqueueEmail } from '../mail/outbox.js'
import { confirmationEmail, existingAccountEmail, recoveryEmail } from '../mail/templates/account-emails.js'
import type { AccountContext } from './account-context.js'
import { digest, newSecretToken } from './secret-tokens.js'
import type { UserRow } from './user-json.js'

type LinkKind = 'confirmation' | 'recovery'

/** The two e-mails carrying a one-time link: when each was last sent, its outbox kind, its text. */
const LINK_EMAILS = {
  confirmation: { sentAtColumn: 'confirmation_sent_at', mailKind: 'account-confirmation', render: confirmationEmail },
  recovery: { sentAtColumn: 'recovery_sent_at', mailKind: 'account-recovery', render: recoveryEmail }
} as const satisfies Record<string, { sentAtColumn: keyof UserRow; mailKind: string; render: typeof confirmationEmail }>

const recently = (context: AccountContext, at: Date | null) =>
  at !== null && Date.now() - new Date(at).getTime() < context.settings.emailMinIntervalSeconds * 1000

/** A new one-time link token of `kind` (the previous ones of that kind stop working). */
async function newLinkToken(context: AccountContext, tx: Queryable, userId: string, kind: LinkKind): Promise<string> {
  const token = newSecretToken()
  const ttl = kind === 'confirmation' ? context.settings.confirmationTtlSeconds : context.settings.recoveryTtlSeconds
  await tx.query('delete from paraphe_auth.one_time_tokens where user_id = $1 and kind = $2', [userId, kind])
  await tx.query(
    `insert into paraphe_auth.one_time_tokens (token_hash, user_id, kind, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4::int))`,
    [digest(token), userId, kind, ttl]
  )
  return token
}

/** The e-mail with a one-time link (confirmation or recovery): false when one went out too recently. */
async function sendLinkEmail(context: AccountContext, tx: Queryable, user: UserRow, kind: LinkKind): Promise<boolean> {
  const email = LINK_EMAILS[kind]
  if (recently(context, user[email.sentAtColumn])) return false
  const token = await newLinkToken(context, tx, user.id, kind)
  await tx.query(`update paraphe_auth.users set ${email.sentAtColumn} = now() where id = $1`, [user.id])
  await enqueueEmail(tx, { companyId: null, kind: email.mailKind, to: user.email, ...email.render(context.site, token) })
  return true
}

export const sendConfirmation = (context: AccountContext, tx: Queryable, user: UserRow) => sendLinkEmail(context, tx, user, 'confirmation')
export const sendRecovery = (context: AccountContext, tx: Queryable, user: UserRow) => sendLinkEmail(context, tx, user, 'recovery')

export async function sendExistingAccount(context: AccountContext, tx: Queryable, user: UserRow): Promise<boolean> {
  if (recently(context, user.existing_account_mail_at)) return false
  await tx.query('update paraphe_auth.users set existing_account_mail_at = now() where id = $1', [user.id])
  await enqueueEmail(tx, { companyId: null, kind: 'account-existing', to: user.email, ...existingAccountEmail(context.site) })
  return true
}
