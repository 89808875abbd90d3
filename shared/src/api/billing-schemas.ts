// The billing routes' contract (`/api/billing…`): checkout of a paid plan, its state for /success,
// the customer portal and the account's subscription with its monthly usage.
import { Type, type Static } from '@sinclair/typebox'
import { BILLING_INTERVALS, PAID_PLAN_IDS } from '../plans.js'
import { literals, nullable } from './schema-parts.js'

const Interval = literals(BILLING_INTERVALS)

export const CheckoutBody = Type.Object({ plan: literals(PAID_PLAN_IDS), interval: Interval }, { additionalProperties: false })
export const CheckoutSessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 255 }) })

/** A page on Stripe the browser goes to (checkout or customer portal). */
export const UrlBody = Type.Object({ url: Type.String() })

const PlanRef = Type.Object({ id: Type.String(), name: Type.String() })

export const CheckoutStatusBody = Type.Object({
  status: literals(['active', 'pending']),
  plan: PlanRef,
  interval: Interval
})
export type CheckoutSessionState = Static<typeof CheckoutStatusBody>

export const SubscriptionBody = Type.Object({
  plan: PlanRef,
  /** Stripe's subscription status (`active`, `past_due`, `canceled`…), or `free`. */
  status: Type.String(),
  interval: nullable(Interval),
  /** ISO date of the next renewal (or of the end, when cancelled at period end). */
  currentPeriodEnd: nullable(Type.String()),
  cancelAtPeriodEnd: Type.Boolean(),
  paymentFailed: Type.Boolean(),
  usage: Type.Object({ quotesSentThisMonth: Type.Integer(), quotesPerMonth: nullable(Type.Integer()) }),
  paymentsEnabled: Type.Boolean(),
  /** The company's owner manages the subscription; members only see it. */
  canManage: Type.Boolean()
})
export type SubscriptionState = Static<typeof SubscriptionBody>

export const WebhookReceivedBody = Type.Object({ received: Type.Literal(true) })
