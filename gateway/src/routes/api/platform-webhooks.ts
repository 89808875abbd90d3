// The plateforme agréée's webhook (public: the PA authenticates with its signature over the raw
// body, transmission/platform-webhook.ts). A budget per calling address, as the other public routes.
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { PlatformWebhookReceivedBody } from '@paraphe/shared/api/platform-schemas'
import { Type } from '@sinclair/typebox'
import { budgetKey } from '../../plugins/app/rate-limit-store.js'
import { PLATFORM_SIGNATURE_HEADER, receivePlatformWebhook } from '../../transmission/platform-webhook.js'

/** Calls per calling address and minute: a platform sending a day's statuses at once stays well under. */
export const PLATFORM_WEBHOOK_CALLS_PER_MINUTE = 600
/** A flow's description, not a file: far under the default limit. */
const BODY_LIMIT = 256 * 1024

export default async function platformWebhookRoutes(fastify: FastifyInstance) {
  // The signature covers the exact bytes the platform sent: keep them, in this scope only.
  fastify.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, body)
  )
  fastify.addHook(
    'onRequest',
    fastify.rateLimit({
      max: PLATFORM_WEBHOOK_CALLS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => budgetKey('platform-webhooks', request.ip),
      errorResponseBuilder: (_request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode })
    })
  )
  fastify.post<{ Params: { token: string }; Body: Buffer }>(
    '/platform-webhooks/:token',
    {
      schema: {
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        response: { 200: PlatformWebhookReceivedBody, ...ErrorResponses }
      }
    },
    async (request) => {
      const signature = request.headers[PLATFORM_SIGNATURE_HEADER]
      const received = await receivePlatformWebhook(
        fastify.db,
        fastify.transmission.secretsKey,
        fastify.queueWake,
        request.params.token,
        Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        typeof signature === 'string' ? signature : undefined
      )
      request.log.info({ companyId: received.companyId, recorded: received.recorded }, 'platform webhook received')
      return { received: true as const, recorded: received.recorded }
    }
  )
}
