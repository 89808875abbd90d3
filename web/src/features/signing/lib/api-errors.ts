import { API_MESSAGES, ApiError } from '@/lib/api-client'

/** Any thrown value as an ApiError (a bug reads as the generic failure message). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', API_MESSAGES.failed)
}

/**
 * The site answered but its API could not (database unreachable, gateways restarting: 502, 503,
 * 504): temporary, and nothing the client can fix on their side, whatever the body says.
 */
export const SERVICE_UNAVAILABLE = 'Service momentanément indisponible, réessayez dans quelques instants.'

/** What the signing page says when its quote could not be read. */
export function unreadableMessage(error: ApiError): string {
  return [502, 503, 504].includes(error.status) ? SERVICE_UNAVAILABLE : error.message
}
