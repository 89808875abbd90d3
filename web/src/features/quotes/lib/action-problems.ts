// What went wrong with an action on a quote, as the page shows it.
import { ApiError } from '@/lib/api-client'
import { errorFields, type FieldMessages } from '@/lib/api-client'

export type QuoteAction = 'pdf' | 'send' | 'duplicate' | 'delete' | 'revise' | 'cancel' | 'remind'

export interface ActionProblem {
  message: string
  /** What is missing before sending (422), by field path; `profile` for the company profile. */
  fields: FieldMessages
  /** The plan's limit was reached, or a feature is not in it: the page links to the plans. */
  planLimit: boolean
}

const FAILED: Record<QuoteAction, string> = {
  pdf: 'Le PDF n’a pas pu être téléchargé',
  send: 'Le devis n’a pas été envoyé',
  duplicate: 'Le devis n’a pas été dupliqué',
  delete: 'Le brouillon n’a pas été supprimé',
  revise: 'La nouvelle version n’a pas été créée',
  cancel: 'Le devis n’a pas été annulé',
  remind: 'La relance n’a pas été envoyée'
}

/** The refusals a higher plan would lift (plan-gates.ts in the gateway). */
const PLAN_REFUSALS: ReadonlySet<string> = new Set(['plan_limit', 'plan_feature_required'])

export function actionProblem(action: QuoteAction, error: unknown): ActionProblem {
  const problem = (message: string, fields: FieldMessages = {}, planLimit = false) => ({ message, fields, planLimit })
  if (!(error instanceof ApiError)) return problem(`${FAILED[action]}\u202f: ${String(error)}`)
  if (error.status === 422 && error.code === 'quote_incomplete') {
    return problem('Il manque des informations pour envoyer ce devis\u202f:', errorFields(error))
  }
  if (error.status === 403 && PLAN_REFUSALS.has(error.code)) return problem(error.message, {}, true)
  // « Not twice within 20 hours »: the gateway's message says when the next one may go.
  if (error.status === 429 && error.code === 'reminded_recently') return problem(error.message)
  if (error.status === 401) return problem(`${FAILED[action]}\u202f: votre session a expiré, reconnectez-vous.`)
  return problem(`${FAILED[action]}\u202f: ${error.message}`)
}

/** A problem found before asking the gateway (the draft could not be saved first). */
export function localProblem(message: string): ActionProblem {
  return { message, fields: {}, planLimit: false }
}
