// POST /api/contact: the public contact form (contact/contact-messages.ts holds its rules).
import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { CONTACT_LIMITS } from '@paraphe/shared/contact'
import { CONTACT_ANSWERS, receiveContact } from '../../contact/contact-messages.js'
import { errorBody, ErrorResponses } from '../../errors.js'

// The contract, for documentation and serialisation. Fastify's validation would only say
// « Valeur invalide. »: checkContactBody applies the same rules with a French message per field.
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

export default async function contactRoutes(fastify: FastifyInstance) {
  fastify.post(
    '/contact',
    {
      schema: { body: ContactBody, response: { 201: Accepted, ...ErrorResponses } },
      // The handler answers schema problems itself, with one French message per field.
      attachValidation: true,
      bodyLimit: 64 * 1024
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const context = { db: fastify.db, config: fastify.config, log: request.log, wakeOutbox: () => void fastify.outbox.wake() }
      const outcome = await receiveContact(context, request.body, request.ip)
      switch (outcome.kind) {
        case 'accepted':
          return reply.code(201).send({ ok: true })
        case 'invalid':
          return reply.code(400).send(errorBody('validation_failed', CONTACT_ANSWERS.invalid, outcome.fields))
        case 'rate_limited':
          return reply.code(429).header('retry-after', String(outcome.retryAfterSeconds)).send(errorBody('rate_limited', CONTACT_ANSWERS.rateLimited))
      }
    }
  )
}
