import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance } from 'fastify'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../db/unavailable.js'
import { ApiProblem, errorBody } from '../../errors.js'
import { fieldMessages } from '../../http/validation-messages.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Removed from the field names of validation errors (`content.` → the form's own names). */
    fieldPrefix?: string
  }
}

export const NOT_FOUND_MESSAGE = 'Cette adresse ne correspond à aucune ressource.'
const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'La requête est invalide.',
  404: NOT_FOUND_MESSAGE,
  405: 'Cette méthode n’est pas acceptée ici.',
  413: 'Le contenu envoyé est trop volumineux.',
  415: 'Ce type de contenu n’est pas accepté.',
  416: 'La plage demandée est en dehors du fichier.',
  429: 'Trop de requêtes : réessayez dans un instant.'
}

/**
 * One error handler: 4xx keep a French message (and field details for validation errors),
 * 5xx get a generic body and the details go to the log only.
 */
export default fp(
  async function errors(fastify: FastifyInstance) {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof ApiProblem) {
        request.log.info({ code: error.code }, 'request refused')
        // A temporary refusal (a full PDF queue) tells clients when to come back.
        if ('retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number')
          reply.header('retry-after', String(error.retryAfterSeconds))
        return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.fields, error.upgrade))
      }
      // A lost database connection fails this request only; the client is told to come back.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable')
        return reply
          .code(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send(errorBody('service_unavailable', 'Le service est momentanément indisponible. Réessayez dans quelques secondes.'))
      }
      const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed')
        return reply.code(status).send(errorBody('internal_error', 'Une erreur interne est survenue. Réessayez dans un instant.'))
      }
      request.log.warn({ err: error }, 'request rejected')
      // Headers an error carries for its client (http-errors' convention: a 416's Content-Range).
      const carried = (error as { headers?: unknown }).headers
      if (typeof carried === 'object' && carried !== null) reply.headers(carried)
      if (error.validation !== undefined) {
        return reply
          .code(400)
          .send(
            errorBody(
              'validation_failed',
              'Certains champs sont invalides.',
              fieldMessages(error.validation, request.routeOptions.config.fieldPrefix)
            )
          )
      }
      return reply
        .code(status)
        .send(errorBody(error.code?.toLowerCase() ?? 'request_error', MESSAGES_BY_STATUS[status] ?? 'La requête n’a pas pu être traitée.'))
    })
    // The not-found handler is the site's (routes/site.ts): the 404 page for GET, JSON otherwise.
  },
  { name: 'errors' }
)
