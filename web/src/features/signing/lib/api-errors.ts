import { API_MESSAGES, ApiError } from '@/lib/api-client'

/** Any thrown value as an ApiError (a bug reads as the generic failure message). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', API_MESSAGES.failed)
}
