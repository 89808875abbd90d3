// « The database cannot be reached right now » as opposed to « this query is wrong »: the first is
// a moment to wait out (a server restart, a failover, a backend terminated by an operator or a
// pooler, the server not accepting connections yet), answered with a French 503 and Retry-After;
// the second stays a 500 with its details in the log.

/** SQLSTATEs of a lost or refused connection (class 08) and of the server going away (57P0x). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300'])
/** Socket errors towards the database server (ENOENT: the embedded database's Unix socket is gone while its process restarts). */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ENOENT',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN'
])
/** node-postgres reports these conditions by message only (no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout'
]

/** How long a client should wait before trying again, in seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as Error & { code?: unknown }).code
    // A coded error is judged by its code alone: a server message may say anything.
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)) return true
    } else if (UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message))) return true
  }
  return false
}
