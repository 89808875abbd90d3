// The Idempotency-Key of /api/v1's POSTs, around the handler: claimed after validation (a refused
// body runs nothing and is not kept), the answer stored when it is sent, replayed to retries.
import type { FastifyInstance } from 'fastify'
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestDigest,
  storeAnswer
} from '../../../api-keys/idempotency.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key this request claimed (its answer is stored on send). */
    idempotencyKey?: string
  }
}

export function addIdempotencyHooks(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', async (request, reply) => {
    const apiKey = request.apiKey
    if (request.method !== 'POST' || apiKey === null) return
    const key = checkIdempotencyKey(request.headers['idempotency-key'])
    if (key === null) return
    const claim = await claimIdempotencyKey(
      fastify.db,
      apiKey.id,
      key,
      requestDigest(request.method, request.url, request.body),
      apiKey.answerKey
    )
    if (claim.kind === 'first') {
      request.idempotencyKey = key
      return
    }
    const { answer } = claim
    if (answer.contentType !== null) reply.type(answer.contentType)
    return reply
      .code(answer.statusCode)
      .header('idempotent-replayed', 'true')
      .serializer((body: string) => body)
      .send(answer.body)
  })

  fastify.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey
    const apiKey = request.apiKey
    if (key === undefined || apiKey === null) return payload
    // Claimed once: this hook runs again if the answer below is replaced by an error.
    delete request.idempotencyKey
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await releaseIdempotencyKey(fastify.db, apiKey.id, key)
      return payload
    }
    const contentType = reply.getHeader('content-type')
    await storeAnswer(
      fastify.db,
      apiKey.id,
      key,
      { statusCode: reply.statusCode, contentType: typeof contentType === 'string' ? contentType : null, body: payload },
      apiKey.answerKey
    )
    return payload
  })
}
