// How /success waits for the webhook: it asks again every 2 s while the payment is being
// confirmed, and stops after about a minute (then the visitor refreshes by hand).
import { ApiError } from '@/lib/api-client'
import type { CheckoutSessionState } from '../api/billing-api'

export const POLL_INTERVAL_MS = 2_000
export const POLL_ATTEMPTS = 30

export type SuccessState =
  | { kind: 'no-session' }
  | { kind: 'signed-out' }
  | { kind: 'checking' }
  | { kind: 'pending'; planName: string; gaveUp: boolean }
  | { kind: 'active'; planName: string }
  | { kind: 'unknown'; message: string }
  | { kind: 'failed'; message: string }

/** Whether to ask again after `attempts` answers of « pending ». */
export function shouldPollAgain(attempts: number): boolean {
  return attempts < POLL_ATTEMPTS
}

export interface FollowDeps {
  /** Whether someone is signed in in this browser (the session is theirs to see). */
  signedIn: () => Promise<boolean>
  ask: (signal: AbortSignal) => Promise<CheckoutSessionState>
  /** Resolves after `ms`; the page passes a timer, tests a shorter one. */
  wait: (ms: number) => Promise<void>
  report: (state: SuccessState) => void
  signal: AbortSignal
}

/** What an answer of the gateway means for the page; null while it is still pending. */
function settled(answer: CheckoutSessionState): SuccessState | null {
  return answer.status === 'active' ? { kind: 'active', planName: answer.plan.name } : null
}

function refused(error: unknown): SuccessState {
  if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' }
  // 404: unknown or another account's session; 400: an id that cannot be one.
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'unknown', message: error.message }
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) }
}

/** Follows one checkout session until it is active, refused, or the attempts run out. */
export async function followCheckout({ signedIn, ask, wait, report, signal }: FollowDeps): Promise<void> {
  const isSignedIn = await signedIn().catch(() => false)
  if (signal.aborted) return
  if (!isSignedIn) return report({ kind: 'signed-out' })
  report({ kind: 'checking' })
  for (let attempts = 1; ; attempts += 1) {
    let answer: CheckoutSessionState
    try {
      answer = await ask(signal)
    } catch (error) {
      if (!signal.aborted) report(refused(error))
      return
    }
    if (signal.aborted) return
    const done = settled(answer)
    if (done !== null) return report(done)
    const again = shouldPollAgain(attempts)
    report({ kind: 'pending', planName: answer.plan.name, gaveUp: !again })
    if (!again) return
    await wait(POLL_INTERVAL_MS)
    if (signal.aborted) return
  }
}
