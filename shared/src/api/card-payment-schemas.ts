// Card payment of invoices on the professional's own Stripe account: the settings' connection
// (`/api/stripe-connection`) and the client's checkout (`/api/invoice-link/:token/card-checkout`).
import { Type, type Static } from '@sinclair/typebox'
import { literals, nullable } from './schema-parts.js'

export const STRIPE_CONNECTION_STATES = ['none', 'pending', 'active'] as const

export const StripeConnectionSchema = Type.Object({
  /** Card payments are configured on this instance (the operator's Stripe Connect settings). */
  available: Type.Boolean(),
  /** none: not connected; pending: the account is not yet allowed to take payments at Stripe; active: it is. */
  state: literals(STRIPE_CONNECTION_STATES),
  accountId: nullable(Type.String()),
  connectedAt: nullable(Type.String())
})
export type StripeConnection = Static<typeof StripeConnectionSchema>
export const StripeConnectionBody = Type.Object({ connection: StripeConnectionSchema })

export const CardCheckoutUrlBody = Type.Object({ url: Type.String() })

/**
 * What Stripe charges the professional on each card payment (Stripe's public price for European
 * cards in France, on the Standard account's own contract): the settings quote it, and Paraphe
 * adds nothing.
 */
export const STRIPE_CARD_FEES_TEXT =
  '1,5\u00a0% + 0,25\u00a0€ par paiement avec une carte européenne standard (tarif public de Stripe en France)'
