// The public API, version 1: API keys only (no session token), one guard for the whole scope but
// its OpenAPI document, which is public. The document is generated from the routes' schemas by
// @fastify/swagger, registered here so that it describes /api/v1 and nothing else.
import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { openApiOptions } from './openapi.js'
import { addIdempotencyHooks } from './idempotency-hooks.js'
import v1InvoiceRoutes from './invoices.js'
import v1QuoteRoutes from './quotes.js'

export default async function v1Routes(fastify: FastifyInstance) {
  await fastify.register(swagger, openApiOptions(fastify.config))
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  fastify.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('access-control-allow-origin', '*')
    return fastify.swagger()
  })
  await fastify.register(async (guarded) => {
    guarded.addHook('onRequest', guarded.authenticateApiKey)
    addIdempotencyHooks(guarded)
    await guarded.register(v1QuoteRoutes)
    await guarded.register(v1InvoiceRoutes)
  })
}
