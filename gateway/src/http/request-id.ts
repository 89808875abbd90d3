import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/

/**
 * Keeps a well-formed id from the proxy in front (Caddy), so one id follows the request; any
 * other value is replaced (Fastify's genReqId).
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id']
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
}
