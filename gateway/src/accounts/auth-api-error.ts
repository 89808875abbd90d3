// Errors of the embedded /auth/v1 in GoTrue's shapes: clients sending X-Supabase-Api-Version
// 2024-01-01 or later get `{ code, message }`, older ones `{ code: <status>, error_code, msg }`;
// both get the `x-sb-error-code` header. supabase-js reads either.
export class AuthApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {}
  ) {
    super(message)
    this.name = 'AuthApiError'
  }
}

export const API_VERSION = '2024-01-01'
const API_VERSION_TIME = Date.parse(`${API_VERSION}T00:00:00Z`)

/** Whether the request asked for the current error format. */
export function wantsCurrentFormat(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(header)) return false
  const time = Date.parse(`${header}T00:00:00Z`)
  return !Number.isNaN(time) && time >= API_VERSION_TIME
}

export function errorPayload(error: AuthApiError, current: boolean): Record<string, unknown> {
  return current
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
}
