// What the page's buttons do, apart from React: each calls the gateway and says what the page
// shows next. None throws.
import type { ApiClient } from '@/lib/api-client'
import { signingApi, type DrawnSignature, type SigningView } from '../api/signing-api'
import { asApiError } from './api-errors'
import {
  checkSignForm,
  firstProblem,
  signatureOf,
  signRefusal,
  signRequest,
  type SignField,
  type SignRefusal,
  type SignValues
} from './sign-form'

export type SignOutcome =
  | { kind: 'signed' }
  | Exclude<SignRefusal, { kind: 'fields' }>
  | { kind: 'invalid'; problems: ReturnType<typeof checkSignForm>; focus: SignField }

/** Checks the form, then signs; the gateway's refusals become what the page shows. */
export async function submitSignature(
  api: ApiClient,
  token: string,
  view: SigningView,
  values: SignValues,
  drawing: DrawnSignature | null
): Promise<SignOutcome> {
  const signature = signatureOf(values, drawing)
  const problems = checkSignForm(values, view.quote, signature)
  const first = firstProblem(problems)
  // A blank pad is one of the problems checkSignForm reports.
  if (first !== undefined || signature === null) return { kind: 'invalid', problems, focus: first ?? 'signature' }
  try {
    await signingApi.sign(api, token, signRequest(values, view, signature))
    return { kind: 'signed' }
  } catch (error) {
    const refusal = signRefusal(asApiError(error))
    return refusal.kind === 'fields'
      ? { kind: 'invalid', problems: refusal.problems, focus: firstProblem(refusal.problems) ?? 'signature' }
      : refusal
  }
}

export type CodeStatus = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; sentTo: string } | { kind: 'failed'; message: string }

/** Asks for an e-mail code (one a minute: the gateway's 429 message says so). */
export async function requestEmailCode(api: ApiClient, token: string): Promise<CodeStatus> {
  try {
    return { kind: 'sent', sentTo: (await signingApi.requestCode(api, token)).sentTo }
  } catch (error) {
    return { kind: 'failed', message: asApiError(error).message }
  }
}

export type DeclineOutcome = { kind: 'declined' } | { kind: 'closed' } | { kind: 'failed'; message: string }

/** Declines with the reason; a link no longer open shows its state instead. */
export async function declineQuote(api: ApiClient, token: string, reason: string): Promise<DeclineOutcome> {
  try {
    await signingApi.decline(api, token, reason.trim())
    return { kind: 'declined' }
  } catch (error) {
    const problem = asApiError(error)
    return problem.status === 409 || problem.status === 410 || problem.status === 404
      ? { kind: 'closed' }
      : { kind: 'failed', message: problem.message }
  }
}
