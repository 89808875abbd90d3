// POST /api/contact: the public contact form. The message is stored and its e-mail to the
// operator queued in one transaction (paraphe.submit_contact, the only thing `anon` may call),
// then the outbox is woken to send it.
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { asAnonymous, type Database } from '../../db/database.js'
import { ErrorBody, errorBody } from '../../errors.js'
import { contactMessageEmail, type ContactSubmission } from '../../mail/templates/contact-message.js'

export const CONTACT_LIMITS = { name: 200, email: 254, company: 200, phone: 40, subject: 200, messageMin: 10, messageMax: 5000 } as const

export type ContactField = 'name' | 'email' | 'company' | 'phone' | 'subject' | 'message' | 'consent'
export type ContactProblems = Partial<Record<ContactField, string>>

const formatCount = (count: number) => new Intl.NumberFormat('fr-FR').format(count)

/** The French message of each problem; the web form shows the same ones (contact-rules.ts). */
export const CONTACT_MESSAGES = {
  nameMissing: 'Indiquez votre nom.',
  nameTooLong: `Votre nom ne peut pas dépasser ${CONTACT_LIMITS.name} caractères.`,
  emailMissing: 'Indiquez votre adresse e-mail.',
  emailInvalid: 'Cette adresse e-mail n’est pas valide.',
  companyTooLong: `Le nom de l’entreprise ne peut pas dépasser ${CONTACT_LIMITS.company} caractères.`,
  phoneInvalid: 'Ce numéro de téléphone n’est pas valide.',
  subjectMissing: 'Choisissez le sujet de votre message.',
  subjectTooLong: `Le sujet ne peut pas dépasser ${CONTACT_LIMITS.subject} caractères.`,
  messageMissing: 'Écrivez votre message.',
  messageTooShort: `Votre message doit faire au moins ${CONTACT_LIMITS.messageMin} caractères.`,
  messageTooLong: (length: number) =>
    `Votre message ne peut pas dépasser ${formatCount(CONTACT_LIMITS.messageMax)} caractères (${formatCount(length)} pour l’instant).`,
  consentMissing: 'Cochez la case pour que nous puissions utiliser ces informations et vous répondre.',
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

const EMAIL = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?)+$/u
const PHONE = /^[0-9+().\s/-]+$/

/** Characters as people count them (and as JSON Schema's maxLength does). */
const length = (text: string) => [...text].length
const oneLine = (text: string) => text.replace(/[\s\p{Cc}]+/gu, ' ').trim()

function isEmail(address: string): boolean {
  const local = address.slice(0, address.lastIndexOf('@'))
  return EMAIL.test(address) && length(address) <= CONTACT_LIMITS.email && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..')
}

function isPhone(phone: string): boolean {
  return PHONE.test(phone) && length(phone) <= CONTACT_LIMITS.phone && (phone.match(/[0-9]/g) ?? []).length >= 6
}

export type ContactCheck = { ok: true; submission: ContactSubmission } | { ok: false; fields: ContactProblems }

/** Normalises what the form sent and finds every problem at once. */
export function checkContact(body: unknown): ContactCheck {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {}
  const text = (key: ContactField) => {
    const value = record[key]
    return typeof value === 'string' ? value : ''
  }
  const submission: ContactSubmission = {
    name: oneLine(text('name')),
    email: text('email').trim(),
    company: oneLine(text('company')),
    phone: oneLine(text('phone')),
    subject: oneLine(text('subject')),
    message: text('message').replace(/\r\n?/g, '\n').trim()
  }
  const fields: ContactProblems = {}
  if (submission.name === '') fields.name = CONTACT_MESSAGES.nameMissing
  else if (length(submission.name) > CONTACT_LIMITS.name) fields.name = CONTACT_MESSAGES.nameTooLong
  if (submission.email === '') fields.email = CONTACT_MESSAGES.emailMissing
  else if (!isEmail(submission.email)) fields.email = CONTACT_MESSAGES.emailInvalid
  if (length(submission.company) > CONTACT_LIMITS.company) fields.company = CONTACT_MESSAGES.companyTooLong
  if (submission.phone !== '' && !isPhone(submission.phone)) fields.phone = CONTACT_MESSAGES.phoneInvalid
  if (submission.subject === '') fields.subject = CONTACT_MESSAGES.subjectMissing
  else if (length(submission.subject) > CONTACT_LIMITS.subject) fields.subject = CONTACT_MESSAGES.subjectTooLong
  const messageLength = length(submission.message)
  if (messageLength === 0) fields.message = CONTACT_MESSAGES.messageMissing
  else if (messageLength < CONTACT_LIMITS.messageMin) fields.message = CONTACT_MESSAGES.messageTooShort
  else if (messageLength > CONTACT_LIMITS.messageMax) fields.message = CONTACT_MESSAGES.messageTooLong(messageLength)
  if (record.consent !== true) fields.consent = CONTACT_MESSAGES.consentMissing
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
      const checked = checkContact(request.body)
      if (!checked.ok) return reply.code(400).send(errorBody('validation_failed', CONTACT_MESSAGES.invalid, checked.fields))

      const recent = await recentMessages(fastify.db, request.ip)
      if (recent.count >= config.contactRateLimitPerHour) {
        request.log.warn({ ip: request.ip, count: recent.count }, 'contact form: hourly limit reached')
        return reply
          .code(429)
          .header('retry-after', String(recent.retryAfterSeconds))
          .send(errorBody('rate_limited', CONTACT_MESSAGES.rateLimited))
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
