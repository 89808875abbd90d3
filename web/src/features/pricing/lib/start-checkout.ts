// What choosing a paid plan does: ask the gateway for a Stripe Checkout session and go there, or
// say in French why not. Never throws; the card shows the outcome.
import { paths } from '@paraphe/shared/paths'
import { ApiError, API_MESSAGES, type ApiClient } from '@/lib/api-client'
import { signUpHref, type CheckoutChoice } from './checkout-choice'

export type CheckoutOutcome =
  | { kind: 'idle' }
  | { kind: 'working' }
  /** Leaving for Stripe's page. */
  | { kind: 'redirecting'; url: string }
  /** Not signed in: sign up (or in) first, the choice goes along. */
  | { kind: 'sign-in-first'; href: string }
  | { kind: 'unavailable' }
  | { kind: 'already-subscribed'; message: string }
  | { kind: 'failed'; message: string }

export const PAYMENT_UNAVAILABLE = 'Le paiement en ligne n’est pas configuré sur cette instance.'

export interface CheckoutDeps {
  paymentsEnabled: boolean
  /** Null when nobody is signed in in this browser. */
  getAccessToken: () => Promise<string | null>
  api: ApiClient
}

export async function startCheckout(deps: CheckoutDeps, choice: CheckoutChoice): Promise<CheckoutOutcome> {
  if (!deps.paymentsEnabled) return { kind: 'unavailable' }
  let token: string | null
  try {
    token = await deps.getAccessToken()
  } catch {
    token = null
  }
  if (token === null) return { kind: 'sign-in-first', href: signUpHref(choice) }
  try {
    const { url } = await deps.api.post<{ url: string }>('/api/billing/checkout', { body: choice })
    return { kind: 'redirecting', url }
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'failed', message: API_MESSAGES.failed }
    if (error.code === 'payments_not_configured') return { kind: 'unavailable' }
    if (error.code === 'already_subscribed' || error.status === 409) return { kind: 'already-subscribed', message: error.message }
    // The session ended in another tab: sign in again, then come back.
    if (error.status === 401) return { kind: 'sign-in-first', href: paths.login.href(paths.pricing.href(choice)) }
    return { kind: 'failed', message: error.message }
  }
}
