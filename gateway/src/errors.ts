// The API's error body: `{ error: { code, message, fields? } }`, message in French.
import { Type, type Static } from '@sinclair/typebox'

export const ErrorBody = Type.Object({
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    fields: Type.Optional(Type.Record(Type.String(), Type.String()))
  })
})
export type ErrorBody = Static<typeof ErrorBody>

/** The one error part of every route's response schema: any 4xx or 5xx answer is an ErrorBody. */
export const ErrorResponses = { '4xx': ErrorBody, '5xx': ErrorBody } as const

export function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields === undefined ? { code, message } : { code, message, fields } }
}

/** A refusal the API explains: thrown anywhere in a request, answered by the error handler. */
export class ApiProblem extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>
  ) {
    super(message)
    this.name = 'ApiProblem'
  }
}

export const notFound = (what = 'Ce devis est introuvable.') => new ApiProblem(404, 'not_found', what)
