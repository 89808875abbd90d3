import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import type { QueueWake } from '../../queue/queue-wake.js'

declare module 'fastify' {
  interface FastifyInstance {
    queueWake: QueueWake
  }
}

/** The queues' wake calls as one port handed to domain functions (never awaited: a request does not wait for a pass). */
export default fp(
  async function queueWake(fastify: FastifyInstance) {
    fastify.decorate('queueWake', {
      outbox: () => void fastify.outbox.wake(),
      webhooks: () => void fastify.webhooks.wake(),
      jobs: () => void fastify.jobs.wake()
    } satisfies QueueWake)
  },
  { name: 'queue-wake', dependencies: ['outbox', 'webhooks', 'jobs'] }
)
