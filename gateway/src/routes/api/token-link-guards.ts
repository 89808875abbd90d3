// What every route reached by a link's token (a quote's signing link, an invoice's payment link)
// needs: a budget per client address, and answers never cached nor sent on as a referrer (the
// token is in the path).
import type { FastifyInstance } from 'fastify'
import { budgetKey } from '../../plugins/app/rate-limit-store.js'

/** Requests per client address and minute on a link's routes. */
export const LINK_REQUESTS_PER_MINUTE = 300

/**
 * Tokens cannot be guessed (256 bits), but each request may render a PDF or write an event: one
 * address gets a generous budget per calendar minute, far above what a person needs, shared by every
 * gateway on the database. `scope` keeps the budgets apart.
 */
export async function guardTokenLinks(fastify: FastifyInstance, scope: string): Promise<void> {
  // Counted in the database (one upsert per request, plugins/app/rate-limiter.ts), so the budget
  // is one across gateways.
  fastify.addHook(
    'onRequest',
    fastify.rateLimit({
      max: LINK_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => budgetKey('links', `${scope}:${request.ip}`),
      errorResponseBuilder: (_request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode })
    })
  )
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
  })
}
