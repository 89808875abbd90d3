// The workspace's view of the app's one API client (lib/api-client): JSON, binary downloads and
// uploads with the same token and the same errors, plus the helpers its forms use on refusals.
import { ApiError, createApiClient, type ApiClient, type DownloadedFile } from '@/lib/api-client'

/** Messages by field path (`client.email`, `lines.2.description`), as the gateway sends them. */
export type FieldMessages = Readonly<Record<string, string>>

// Kept as names for the workspace's code; there is one client (lib/api-client.ts).
export type WorkspaceApi = ApiClient
export type { DownloadedFile }
export const createWorkspaceApi = createApiClient

/** The per-field messages of a refused request (400 validation_failed, 422 quote_incomplete); none otherwise. */
export function errorFields(error: unknown): FieldMessages {
  return error instanceof ApiError ? (error.fields ?? {}) : {}
}

/** Any thrown value as an ApiError (a bug or a storage failure reads as « unknown »). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', String(error))
}
