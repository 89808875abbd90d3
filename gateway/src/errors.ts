// The API's error body: `{ error: { code, message, fields?, upgrade? } }`, message in French.
import { Type, type Static } from '@sinclair/typebox'

/** A refusal a paid plan would lift: which plan, and the absolute address of the pricing page. */
export const UpgradeOffer = Type.Object({ planId: Type.String(), planName: Type.String(), url: Type.String() })
export type UpgradeOffer = Static<typeof UpgradeOffer>

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    upgrade: Type.Optional(UpgradeOffer)
  })
})
export type ErrorBody = Static<typeof ErrorBody>

/** The one error part of every route's response schema: any 4xx or 5xx answer is an ErrorBody. */
export const ErrorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const

export function errorBody(code: string, message: string, fields?: Record<string, string>, upgrade?: UpgradeOffer): ErrorBody {
  return { error: { code, message, ...(fields === undefined ? {} : { fields }), ...(upgrade === undefined ? {} : { upgrade }) } }
}

/** A refusal the API explains: thrown anywhere in a request, answered by the error handler. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly upgrade?: UpgradeOffer
  ) {
    super(message)
    this.name = 'ApiProblem'
  }
}

export const notFound = (what = 'Ce devis est introuvable.') => new ApiProblem(404, 'not_found', what)
