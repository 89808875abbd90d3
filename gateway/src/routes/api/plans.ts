// The plans table, public (the pricing page and integrators read it); cached five minutes.
import { PlansBody } from '@paraphe/shared/api/plans-schemas'
import type { FastifyInstance } from 'fastify'
import { PLANS, planPriceTtcCents, yearlySavingHtCents } from '@paraphe/shared/plans'

export default async function planRoutes(fastify: FastifyInstance) {
  fastify.get('/plans', { schema: { response: { 200: PlansBody } } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return {
      currency: 'EUR' as const,
      pricesExcludeVat: true as const,
      checkoutAvailable: fastify.config.runtime.paymentsEnabled,
      plans: PLANS.map((plan) => ({
        ...plan,
        priceTtcCents: { month: planPriceTtcCents(plan, 'month'), year: planPriceTtcCents(plan, 'year') },
        yearlySavingHtCents: yearlySavingHtCents(plan),
        features: [...plan.features]
      }))
    }
  })
}
