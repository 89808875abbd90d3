import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createQuoteActions, type QuoteActions } from '../../quotes/quote-actions.js'

declare module 'fastify' {
  interface FastifyInstance {
    quoteActions: QuoteActions
  }
}

/** The quote's actions, wired once to the site and the workers for /api and /api/v1 alike. */
export default fp(
  async function quoteActions(fastify: FastifyInstance) {
    fastify.decorate(
      'quoteActions',
      createQuoteActions({
        site: fastify.config.site,
        wake: fastify.queueWake
      })
    )
  },
  { name: 'quote-actions', dependencies: ['config', 'queue-wake'] }
)
