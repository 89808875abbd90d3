// The API's error body: `{ error: { code, message, fields?, upgrade? } }`, message in French.
import { ErrorBody, ErrorResponses, UpgradeOffer } from '@paraphe/shared/api/error-schemas'

export { ErrorBody, ErrorResponses, UpgradeOffer }

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
