// The API's error body: `{ error: { code, message, fields? } }`, message in French.
import { ErrorBody, ErrorResponses } from '@paraphe/shared/api/error-schemas'

export { ErrorBody, ErrorResponses }

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
