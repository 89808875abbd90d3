import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { EMAIL_TEMPLATE_NAMES, isEmailTemplateName, renderEmailTemplate } from '../mail/templates/auth-emails.js'
import { errorBody, ErrorResponses } from '../errors.js'

/** The bodies GoTrue fetches for its e-mails (see mail/templates/auth-emails.ts). */
export default async function authEmailTemplateRoutes(fastify: FastifyInstance) {
  const rendered = new Map(EMAIL_TEMPLATE_NAMES.map((name) => [name, renderEmailTemplate(name, fastify.config.runtime.siteName)]))
  fastify.get<{ Params: { name: string } }>(
    '/auth-email-templates/:name',
    { schema: { params: Type.Object({ name: Type.String({ maxLength: 40 }) }), response: ErrorResponses } },
    async (request, reply) => {
      const { name } = request.params
      if (!isEmailTemplateName(name)) return reply.code(404).send(errorBody('not_found', 'Ce modèle d’e-mail n’existe pas.'))
      return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(rendered.get(name))
    }
  )
}
