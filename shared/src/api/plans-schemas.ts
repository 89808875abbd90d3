// GET /api/plans: the plans table as the pricing page and integrators read it (prices in cents HT
// and TTC, limits, features). Built from shared/src/plans.ts, the plans' one home.
import { Type } from '@sinclair/typebox'

const Price = Type.Object({ month: Type.Integer(), year: Type.Integer() })

export const PlanBody = Type.Object({
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

export const PlansBody = Type.Object({
  currency: Type.Literal('EUR'),
  pricesExcludeVat: Type.Literal(true),
  checkoutAvailable: Type.Boolean(),
  plans: Type.Array(PlanBody)
})
