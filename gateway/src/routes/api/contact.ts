// POST /api/contact: the public contact form (contact/contact-messages.ts holds its rules).
import type { FastifyInstance } from 'fastify'
import { ContactAcceptedBody, ContactBody } from '@paraphe/shared/api/contact-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { CONTACT_ANSWERS, receiveContact } from '../../contact/contact-messages.js'
import { errorBody } from '../../errors.js'

// The schema documents the contract. Fastify's validation would only say « Valeur invalide. »:
// receiveContact applies the same rules with a French message per field.

export default async function contactRoutes(fastify: FastifyInstance) {
  fastify.post(
    '/contact',
    {
      schema: { body: ContactBody, response: { 201: ContactAcceptedBody, ...ErrorResponses } },
      // The handler answers schema problems itself, with one French message per field.
      attachValidation: true,
      bodyLimit: 64 * 1024
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const context = { db: fastify.db, config: fastify.config, log: request.log, wakeOutbox: fastify.queueWake.outbox }
      const outcome = await receiveContact(context, request.body, request.ip)
      switch (outcome.kind) {
        case 'accepted':
          return reply.code(201).send({ ok: true })
        case 'invalid':
          return reply.code(400).send(errorBody('validation_failed', CONTACT_ANSWERS.invalid, outcome.fields))
        case 'rate_limited':
          return reply
            .code(429)
            .header('retry-after', String(outcome.retryAfterSeconds))
            .send(errorBody('rate_limited', CONTACT_ANSWERS.rateLimited))
      }
    }
  )
}
