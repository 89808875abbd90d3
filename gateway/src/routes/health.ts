import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'

const Health = Type.Object({ status: Type.String() })
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  checks: Type.Record(Type.String(), Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('timeout')]))
})

/** Liveness (the process answers) and readiness (what requests depend on is there). */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get('/healthz', { schema: { response: { 200: Health } }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  fastify.get('/readyz', { schema: { response: { 200: Ready, 503: Ready } }, logLevel: 'warn' }, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    // Shutting down: the proxy must stop routing here before the connections close.
    if (fastify.shutdown.draining) return reply.code(503).send({ status: 'unavailable', checks: { shutdown: 'failed' } })
    const checks = await fastify.readiness.run()
    const ready = Object.values(checks).every((check) => check === 'ok')
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', checks })
  })
}
