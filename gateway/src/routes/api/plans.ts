import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { PLANS, planPriceTtcCents, yearlySavingHtCents } from '@paraphe/shared/plans'

const Price = Type.Object({ month: Type.Integer(), year: Type.Integer() })
const PlanBody = Type.Object({
  id: Type.String(),
  name: Type.String(),
  tagline: Type.String(),
  priceHtCents: Price,
  priceTtcCents: Price,
  yearlySavingHtCents: Type.Integer(),
  limits: Type.Object({
    quotesPerMonth: Type.Union([Type.Integer(), Type.Null()]),
    seats: Type.Integer(),
    logo: Type.Boolean(),
    automaticReminders: Type.Boolean(),
    signerEmailCode: Type.Boolean()
  }),
  features: Type.Array(Type.String()),
  highlighted: Type.Boolean()
})
const PlansBody = Type.Object({
  currency: Type.Literal('EUR'),
  pricesExcludeVat: Type.Literal(true),
  checkoutAvailable: Type.Boolean(),
  plans: Type.Array(PlanBody)
})

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
