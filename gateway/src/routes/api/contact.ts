// POST /api/contact: the public contact form. The message is stored and its e-mail to the
// operator queued in one transaction (paraphe.submit_contact, the only thing `anon` may call),
// then the outbox is woken to send it.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { asAnonymous, type Database } from '../../db/database.js'
import { ErrorBody, errorBody } from '../../errors.js'
import { contactMessageEmail, type ContactSubmission } from '../../mail/templates/contact-message.js'
import { checkContact, CONTACT_LIMITS, normaliseContact, type ContactProblems } from '@paraphe/shared/contact'

/** Answers of the route itself, beside the shared per-field messages. */
export const CONTACT_ANSWERS = {
  invalid: 'Certains champs sont à corriger.',
  rateLimited:
    'Vous avez envoyé plusieurs messages en peu de temps. Réessayez d’ici une heure, ou écrivez-nous directement par e-mail.'
} as const

// The contract, for documentation and serialisation. Fastify's validation would only say
// « Valeur invalide. »: checkContact applies the same rules with a French message per field.
const ContactBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.name }),
  email: Type.String({ minLength: 3, maxLength: CONTACT_LIMITS.email }),
  company: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.company })),
  phone: Type.Optional(Type.String({ maxLength: CONTACT_LIMITS.phone })),
  subject: Type.String({ minLength: 1, maxLength: CONTACT_LIMITS.subject }),
  message: Type.String({ minLength: CONTACT_LIMITS.messageMin, maxLength: CONTACT_LIMITS.messageMax }),
  consent: Type.Literal(true),
  /** Hidden from people: only robots fill it in. */
  website: Type.Optional(Type.String({ maxLength: 0 }))
})
const Accepted = Type.Object({ ok: Type.Literal(true) })

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
export function honeypotFilled(body: unknown): boolean {
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

export default async function contactRoutes(fastify: FastifyInstance) {
  const { config } = fastify
  fastify.post(
    '/contact',
    {
      schema: { body: ContactBody, response: { 200: Accepted, 201: Accepted, 400: ErrorBody, 429: ErrorBody } },
      // The handler answers schema problems itself, with one French message per field.
      attachValidation: true,
      bodyLimit: 64 * 1024
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      if (honeypotFilled(request.body)) {
        // The same answer as a success, so the robot learns nothing; nothing is stored or sent.
        request.log.info({ ip: request.ip }, 'contact form: hidden field filled in, message dropped')
        return reply.code(200).send({ ok: true })
      }
      const checked = checkContactBody(request.body)
      if (!checked.ok) return reply.code(400).send(errorBody('validation_failed', CONTACT_ANSWERS.invalid, checked.fields))

      const recent = await recentMessages(fastify.db, request.ip)
      if (recent.count >= config.contactRateLimitPerHour) {
        request.log.warn({ ip: request.ip, count: recent.count }, 'contact form: hourly limit reached')
        return reply
          .code(429)
          .header('retry-after', String(recent.retryAfterSeconds))
          .send(errorBody('rate_limited', CONTACT_ANSWERS.rateLimited))
      }

      const { submission } = checked
      const email = contactMessageEmail(submission, { siteName: config.runtime.siteName, siteUrl: config.publicUrl }, new Date())
      const stored = await asAnonymous(fastify.db, (tx) =>
        tx.query<{ id: number }>('select paraphe.submit_contact($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) as id', [
          submission.name,
          submission.email,
          submission.company,
          submission.phone,
          submission.subject,
          submission.message,
          request.ip,
          config.runtime.operator.email,
          email.subject,
          email.text,
          email.html
        ])
      )
      request.log.info({ contactMessageId: stored.rows[0]?.id }, 'contact message stored, e-mail queued')
      void fastify.outbox.wake()
      return reply.code(201).send({ ok: true })
    }
  )
}
