// The public contact form's rules: robots are dropped silently, the shared per-field checks
// apply, one address may send a few messages an hour, and a message is stored with its e-mail to
// the operator queued in one transaction (paraphe.submit_contact, the only thing `anon` may call).
import { checkContact, normaliseContact, type ContactProblems } from '@paraphe/shared/contact'
import type { Log } from '../logging.js'
import type { Config } from '../config.js'
import { asAnonymous, type Database } from '../db/database.js'
import { contactMessageEmail, type ContactSubmission } from '../mail/templates/contact-message.js'

/** Answers of the form itself, beside the shared per-field messages. */
export const CONTACT_ANSWERS = {
  invalid: 'Certains champs sont à corriger.',
  rateLimited: 'Vous avez envoyé plusieurs messages en peu de temps. Réessayez d’ici une heure, ou écrivez-nous directement par e-mail.'
} as const

export type ContactCheck = { ok: true; submission: ContactSubmission } | { ok: false; fields: ContactProblems }

/** Reads what the form sent (any JSON) and checks it with the shared rules. */
export function checkContactBody(body: unknown): ContactCheck {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const text = (key: string) => {
    const value = record[key]
    return typeof value === 'string' ? value : ''
  }
  const values = normaliseContact({
    name: text('name'),
    email: text('email'),
    company: text('company'),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message'),
    consent: record.consent === true
  })
  const fields = checkContact(values)
  const { consent: _consent, ...submission } = values
  return Object.keys(fields).length === 0 ? { ok: true, submission } : { ok: false, fields }
}

/** Robots fill in every field, including the one people never see. */
function honeypotFilled(body: unknown): boolean {
  const website = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).website : undefined
  if (website === undefined || website === null) return false
  return typeof website !== 'string' || website.trim() !== ''
}

/**
 * Messages stored from this address in the last hour, read from the table itself: the budget
 * holds across restarts and across several gateways.
 */
async function recentMessages(db: Database, ip: string): Promise<{ count: number; retryAfterSeconds: number }> {
  const result = await db.query<{ count: number; retry_after: number }>(
    `select count(*)::integer as count,
            coalesce(ceil(extract(epoch from min(created_at) + interval '1 hour' - now())), 0)::integer as retry_after
       from paraphe.contact_messages
      where client_ip = $1 and created_at > now() - interval '1 hour'`,
    [ip]
  )
  const row = result.rows[0]
  return { count: row?.count ?? 0, retryAfterSeconds: Math.max(1, row?.retry_after ?? 0) }
}

/** What became of a message. A robot's is `accepted` too: it must not learn it was dropped. */
export type ContactOutcome =
  { kind: 'accepted' } | { kind: 'invalid'; fields: ContactProblems } | { kind: 'rate_limited'; retryAfterSeconds: number }

export async function receiveContact(
  context: { db: Database; config: Config; log: Log; wakeOutbox: () => void },
  body: unknown,
  ip: string
): Promise<ContactOutcome> {
  const { db, config, log } = context
  if (honeypotFilled(body)) {
    log.info({ ip }, 'contact form: hidden field filled in, message dropped')
    return { kind: 'accepted' }
  }
  const checked = checkContactBody(body)
  if (!checked.ok) return { kind: 'invalid', fields: checked.fields }

  const recent = await recentMessages(db, ip)
  if (recent.count >= config.contactRateLimitPerHour) {
    log.warn({ ip, count: recent.count }, 'contact form: hourly limit reached')
    return { kind: 'rate_limited', retryAfterSeconds: recent.retryAfterSeconds }
  }

  const { submission } = checked
  const email = contactMessageEmail(submission, config.site, new Date())
  const stored = await asAnonymous(db, (tx) =>
    tx.query<{ id: number }>('select paraphe.submit_contact($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) as id', [
      submission.name,
      submission.email,
      submission.company,
      submission.phone,
      submission.subject,
      submission.message,
      ip,
      config.runtime.operator.email,
      email.subject,
      email.text,
      email.html
    ])
  )
  log.info({ contactMessageId: stored.rows[0]?.id }, 'contact message stored, e-mail queued')
  context.wakeOutbox()
  return { kind: 'accepted' }
}
