// The one client of the gateway's API (`/api/*`): JSON in and out, the user's access token in
// `Authorization: Bearer`, errors as ApiError with the gateway's French message. It never
// navigates and never shows anything: the page decides what a 401 or a 503 means for it.
import { useMemo } from 'react'
import { getAccessToken } from './supabase'
import { useRuntimeConfig } from './runtime-config'

export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    /** The gateway's error code (`unauthenticated`, `validation_failed`…), or `http_<status>`. */
    readonly code: string,
    message: string,
    /** The gateway's messages by field, when it refused a form (`error.fields`). */
    readonly fields?: Readonly<Record<string, string>>
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export const API_MESSAGES = {
  unreachable: 'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.',
  failed: 'Le serveur n’a pas pu traiter la demande. Réessayez dans un instant.'
} as const

export interface RequestOptions {
  body?: unknown
  signal?: AbortSignal
  /** Extra request headers (e.g. the signing page's visitor id). */
  headers?: Readonly<Record<string, string>>
}

/** The ApiError of a refused response, from its status and parsed JSON body (null if none). */
export function apiErrorOf(status: number, payload: unknown): ApiError {
  const error = (payload as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | null)?.error
  const fields = typeof error?.fields === 'object' && error.fields !== null ? error.fields : undefined
  return new ApiError(
    status,
    typeof error?.code === 'string' ? error.code : `http_${status}`,
    typeof error?.message === 'string' ? error.message : status >= 500 ? API_MESSAGES.unreachable : API_MESSAGES.failed,
    fields === undefined
      ? undefined
      : Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  )
}

/** A file the gateway sent: its bytes and the name it suggested (Content-Disposition). */
export interface DownloadedFile {
  blob: Blob
  filename: string | null
}

export interface ApiClient {
  get: <T>(path: string, options?: RequestOptions) => Promise<T>
  post: <T>(path: string, options?: RequestOptions) => Promise<T>
  put: <T>(path: string, options?: RequestOptions) => Promise<T>
  delete: <T>(path: string, options?: RequestOptions) => Promise<T>
  /** GET of a binary resource (PDF, image). */
  download: (path: string, options?: { signal?: AbortSignal }) => Promise<DownloadedFile>
  /** Raw bytes with their content type (an image, a CSV file), PUT unless told; the answer is JSON. */
  upload: <T>(path: string, body: Blob, contentType: string, method?: 'PUT' | 'POST') => Promise<T>
}

export interface ApiClientOptions {
  /** The current access token (null: the request goes without one). */
  getAccessToken: () => Promise<string | null>
  fetch?: typeof fetch
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

export function createApiClient({ getAccessToken: token, fetch: fetcher = (...args) => fetch(...args) }: ApiClientOptions): ApiClient {
  /** Every request: the token, one network-error answer, one reading of a refusal. */
  async function send(
    method: string,
    path: string,
    init: { body?: BodyInit; signal?: AbortSignal | undefined; headers: Record<string, string> }
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers }
    const accessToken = await token()
    if (accessToken !== null) headers.authorization = `Bearer ${accessToken}`
    let response: Response
    try {
      response = await fetcher(path, { method, headers, body: init.body, signal: init.signal, credentials: 'same-origin' })
    } catch (error) {
      if (init.signal?.aborted === true) throw error
      throw new ApiError(0, 'network_error', API_MESSAGES.unreachable)
    }
    if (!response.ok) throw apiErrorOf(response.status, await response.json().catch(() => null))
    return response
  }

  async function request<T>(method: string, path: string, { body, signal, headers }: RequestOptions = {}): Promise<T> {
    const response = await send(method, path, {
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      headers: { ...headers, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) }
    })
    // An empty answer (204, or a 200 without a body) is null. One cut off while its body arrived
    // (the request was cancelled: the user moved on) or that is not JSON fails like any request,
    // never as a silent null that a caller would read as data.
    const text = response.status === 204 ? '' : await response.text()
    if (text === '') return null as T
    try {
      return JSON.parse(text) as T
    } catch {
      throw apiErrorOf(response.status, null)
    }
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    delete: (path, options) => request('DELETE', path, options),
    download: async (path, options = {}) => {
      const response = await send('GET', path, { signal: options.signal, headers: {} })
      return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) }
    },
    upload: async <T>(path: string, body: Blob, contentType: string, method: 'PUT' | 'POST' = 'PUT') => {
      const response = await send(method, path, { body, headers: { 'content-type': contentType, accept: 'application/json' } })
      return (await response.json()) as T
    }
  }
}

/** The API client for this page, with the signed-in user's token when there is one. */
export function useApiClient(): ApiClient {
  const { supabaseAnonKey } = useRuntimeConfig()
  return useMemo(
    () => createApiClient({ getAccessToken: async () => (supabaseAnonKey === null ? null : getAccessToken(supabaseAnonKey)) }),
    [supabaseAnonKey]
  )
}

/** Messages by field path (`client.email`, `lines.2.description`), as the gateway sends them. */
export type FieldMessages = Readonly<Record<string, string>>

/** The per-field messages of a refused request (400 validation_failed, 422 quote_incomplete); none otherwise. */
export function errorFields(error: unknown): FieldMessages {
  return error instanceof ApiError ? (error.fields ?? {}) : {}
}

/** Any thrown value as an ApiError (a bug or a storage failure reads as « unknown »). */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'unknown', String(error))
}
