// The public API, version 1: API keys only (no session token), one guard for the whole scope.
import type { FastifyInstance } from 'fastify'
import { addIdempotencyHooks } from './idempotency-hooks.js'
import v1QuoteRoutes from './quotes.js'

export default async function v1Routes(fastify: FastifyInstance) {
  fastify.addHook('onRequest', fastify.authenticateApiKey)
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  addIdempotencyHooks(fastify)
  await fastify.register(v1QuoteRoutes)
}
