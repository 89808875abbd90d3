import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

const Health = Type.Object({ status: Type.String() })
const Result = Type.Union(['ok', 'failed', 'timeout', 'busy', 'stalled'].map((value) => Type.Literal(value)))
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  /** What decides readiness: this process's own ability to serve. */
  checks: Type.Record(Type.String(), Result),
  /** Shared dependencies, for operators and metrics: never failing readiness. */
  dependencies: Type.Record(Type.String(), Result)
})

/**
 * Liveness (the process answers) and readiness (this process can serve). A dependency every
 * gateway shares (database, auth server…) is reported but never makes /readyz fail: the proxy
 * would then drop every gateway at once, and pages that need none of them would go down too.
 */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get('/healthz', { schema: { response: { 200: Health } }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  fastify.get('/readyz', { schema: { response: { 200: Ready, 503: Ready } }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    // Shutting down: the proxy must stop routing here before the connections close.
    if (fastify.shutdown.draining) return reply.code(503).send({ status: 'unavailable', checks: { shutdown: 'failed' }, dependencies: {} })
    const { ready, checks, dependencies } = await fastify.readiness.run()
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks, dependencies })
  })
}
