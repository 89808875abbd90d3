// The workspace's access to the gateway: JSON through the app's one API client (lib/api-client,
// whose errors carry the gateway's per-field messages), plus binary bodies — the quote PDF and
// the logo — with the same token and the same errors.
import { ApiError, API_MESSAGES, apiErrorOf, createApiClient, type ApiClient } from '@/lib/api-client'

/** Messages by field path (`client.email`, `lines.2.description`), as the gateway sends them. */
export type FieldMessages = Readonly<Record<string, string>>

/** A file the gateway sent: its bytes and the name it suggested (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob
  filename: string | null
}

export interface WorkspaceApi extends ApiClient {
  /** GET of a binary resource (PDF, image). */
  download: (path: string, options?: { signal?: AbortSignal }) => Promise<DownloadedFile>
  /** PUT of raw bytes with their content type (an image upload). */
  upload: <T>(path: string, body: Blob, contentType: string) => Promise<T>
}

export interface WorkspaceApiOptions {
  getAccessToken: () => Promise<string | null>
  fetch?: typeof fetch
}

/** The per-field messages of a refused request (400 validation_failed, 422 quote_incomplete); none otherwise. */
export function errorFields(error: unknown): FieldMessages {
  return error instanceof ApiError ? (error.fields ?? {}) : {}
}

/** Any thrown value as an ApiError (a bug or a storage failure reads as « unknown »). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', String(error))
}

/**
 * The file name of `Content-Disposition: attachment; filename="Devis-DEV-2026-0001.pdf"`
 * (RFC 6266; the UTF-8 `filename*` form wins when both are there).
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (header === null) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      // Malformed escapes: fall back to the plain form.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;\s]+))/.exec(header)
  const name = plain?.[1] ?? plain?.[2]
  return name === undefined || name === '' ? null : name
}

export function createWorkspaceApi({ getAccessToken, fetch: fetcher = (...args) => fetch(...args) }: WorkspaceApiOptions): WorkspaceApi {
  const json = createApiClient({ getAccessToken, fetch: fetcher })

  async function raw(path: string, init: RequestInit): Promise<Response> {
    const token = await getAccessToken()
    const headers = new Headers(init.headers)
    if (token !== null) headers.set('authorization', `Bearer ${token}`)
    let response: Response
    try {
      response = await fetcher(path, { ...init, headers, credentials: 'same-origin' })
    } catch (error) {
      if (init.signal?.aborted === true) throw error
      throw new ApiError(0, 'network_error', API_MESSAGES.unreachable)
    }
    if (response.ok) return response
    throw apiErrorOf(response.status, await response.json().catch(() => null))
  }

  return {
    ...json,
    download: async (path, options = {}) => {
      const response = await raw(path, { method: 'GET', signal: options.signal })
      return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) }
    },
    upload: async <T>(path: string, body: Blob, contentType: string) => {
      const response = await raw(path, { method: 'PUT', body, headers: { 'content-type': contentType, accept: 'application/json' } })
      return (await response.json()) as T
    }
  }
}
