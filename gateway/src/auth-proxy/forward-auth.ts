// `ANY /auth/v1/*` → Supabase Auth, in plain node:http: a keep-alive agent to the upstream, the
// answer streamed back. Measured (gateway/bench/auth-proxy.ts), Fastify's routing and
// @fastify/reply-from cost about as much CPU per request as the hop itself; this is the part of
// the proxy both dispatchers share (fast-path.ts ahead of Fastify, the Fastify route for inject).
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { FastifyBaseLogger } from 'fastify'
import { AUTH_MESSAGES, authErrorBody } from '../auth-errors.js'
import { authEndpointOf } from '../rate-limit/auth-limits.js'
import type { RateLimitResult } from '../rate-limit/rate-limiter.js'

/** Auth requests are small JSON documents; anything bigger is refused before it is forwarded. */
export const AUTH_BODY_LIMIT = 64 * 1024
export const AUTH_PREFIX = '/auth/v1'
/** When to try again after the auth server could not be reached (it restarts in seconds). */
export const AUTH_RETRY_AFTER_SECONDS = 5

/** What the gateway knows of the client, from the trusted hop only. */
export interface AuthClient {
  id: string
  ip: string
  protocol: string
  host: string
}

export interface AuthForwarderOptions {
  upstream: URL
  timeoutMs: number
  /** Counts the request against its IP's budget; null when the endpoint is not limited. */
  limit: (url: string, ip: string) => Promise<RateLimitResult | null>
  /** Headers every answer carries (the security headers). */
  headers: Readonly<Record<string, string>>
  /** Failures only: a child with the request id is made when one happens. */
  log: FastifyBaseLogger
  draining: () => boolean
}

export interface AuthForwarder {
  forward: (request: IncomingMessage, response: ServerResponse, client: AuthClient) => void
  /** Closes the idle upstream sockets. */
  close: () => void
}

/** Connection-level headers of either side, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'http2-settings', 'host'])
/** Whatever the client claims of itself is replaced by what the trusted hop says. */
const CLIENT_CLAIMS = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'])
const NO_BODY = Buffer.alloc(0)
const NOTHING_MORE = new Set<string>()

/** `/auth/v1/x/../admin` → `/auth/v1/admin`: the rules apply to the path the upstream resolves. */
export function resolvedAuthPath(url: string): string | null {
  const resolved = new URL(url, 'http://gateway')
  const { pathname } = resolved
  if (pathname !== AUTH_PREFIX && !pathname.startsWith(`${AUTH_PREFIX}/`)) return null
  return pathname + resolved.search
}

function withoutConnectionHeaders(headers: IncomingHttpHeaders, dropped: ReadonlySet<string>): OutgoingHttpHeaders {
  const listed = typeof headers.connection === 'string' ? headers.connection.toLowerCase().split(',').map((name) => name.trim()) : []
  const kept: OutgoingHttpHeaders = {}
  for (const name in headers) {
    if (HOP_BY_HOP.has(name) || dropped.has(name) || listed.includes(name)) continue
    kept[name] = headers[name]
  }
  return kept
}

class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT'
}

export function createAuthForwarder(options: AuthForwarderOptions): AuthForwarder {
  const { upstream, timeoutMs, log } = options
  const secure = upstream.protocol === 'https:'
  // Enough sockets for every request in flight: a request waiting for a socket waits for nothing.
  // An idle socket is closed after 4 s (undici's default), before the upstream would close it
  // under a request just sent on it.
  const agentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 4_000 }
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions)
  const send = secure ? https.request : http.request
  const basePath = upstream.pathname.replace(/\/$/, '')
  const upstreamLabel = upstream.href.replace(/\/$/, '')

  /** `/auth/v1/token?x` → `<base>/token?x`; `/auth/v1?x` → `<base>/?x` (a request line's path starts with `/`). */
  const upstreamPath = (path: string): string => {
    const rest = path.slice(AUTH_PREFIX.length)
    return basePath + (rest.startsWith('/') ? rest : `/${rest}`)
  }

  function answer(response: ServerResponse, status: number, body: object, extra: OutgoingHttpHeaders = {}): void {
    if (response.headersSent) {
      response.destroy()
      return
    }
    const json = JSON.stringify(body)
    response.writeHead(status, { ...extra, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) })
    response.end(json)
  }

  /** 503 with Retry-After: a temporary outage (GoTrue restarting), so clients come back rather than give up. */
  function unavailable(response: ServerResponse): void {
    answer(response, 503, authErrorBody('upstream_unavailable', AUTH_MESSAGES.unavailable), { 'retry-after': String(AUTH_RETRY_AFTER_SECONDS) })
  }

  function failed(response: ServerResponse, client: AuthClient, error: Error & { code?: string }): void {
    const timedOut = error instanceof TimeoutError
    // One line per failed request, with what failed, for the operator.
    log.child({ reqId: client.id }).error({ upstream: upstreamLabel, code: error.code, cause: error.message }, 'auth upstream failed')
    if (timedOut) answer(response, 504, authErrorBody('upstream_timeout', AUTH_MESSAGES.timeout))
    else unavailable(response)
  }

  function proxy(request: IncomingMessage, response: ServerResponse, client: AuthClient, path: string, body: Buffer): void {
    const headers = withoutConnectionHeaders(request.headers, CLIENT_CLAIMS)
    headers.host = upstream.host
    headers['x-forwarded-for'] = client.ip
    headers['x-forwarded-proto'] = client.protocol
    headers['x-forwarded-host'] = client.host
    if (body.length > 0 || request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined) {
      headers['content-length'] = body.length
    }
    const outgoing = send({
      agent,
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: request.method,
      path: upstreamPath(path),
      headers,
      timeout: timeoutMs
    })
    // The socket's idle timer covers connecting, waiting for the answer and each gap in its body.
    outgoing.on('timeout', () => outgoing.destroy(new TimeoutError(`no answer within ${timeoutMs} ms`)))
    let clientGone = false
    outgoing.on('error', (error) => {
      if (!clientGone) failed(response, client, error)
    })
    outgoing.on('response', (incoming) => {
      // An answer we cannot relay (e.g. a status Node refuses) is the upstream's failure.
      try {
        response.writeHead(incoming.statusCode ?? 502, withoutConnectionHeaders(incoming.headers, NOTHING_MORE))
      } catch (error) {
        incoming.destroy()
        failed(response, client, error as Error)
        return
      }
      incoming.on('error', () => response.destroy())
      incoming.pipe(response)
    })
    // A client gone before the whole answer: nothing left to relay it to.
    response.on('close', () => {
      if (response.writableFinished) return
      clientGone = true
      outgoing.destroy()
    })
    outgoing.end(body.length > 0 ? body : undefined)
  }

  async function guarded(request: IncomingMessage, response: ServerResponse, client: AuthClient, path: string, body: Buffer): Promise<void> {
    // The admin API (service_role key) serves operators' tools on the private network only.
    if (authEndpointOf(path) === 'admin') return answer(response, 404, authErrorBody('not_found', AUTH_MESSAGES.notFound))
    const limited = await options.limit(path, client.ip)
    if (limited !== null && !limited.allowed) {
      return answer(response, 429, authErrorBody('over_request_rate_limit', AUTH_MESSAGES.rateLimited), { 'retry-after': String(limited.retryAfterSeconds) })
    }
    proxy(request, response, client, path, body)
  }

  /**
   * Bodies are read whole (bounded), then forwarded from memory: streaming the client's own
   * request instead would take its connection down with an upstream failure rather than
   * answering 503, and the size is checked before anything reaches the upstream.
   */
  function readBody(request: IncomingMessage, response: ServerResponse, then: (body: Buffer) => void): void {
    const declared = request.headers['content-length']
    if (declared === undefined && request.headers['transfer-encoding'] === undefined) {
      then(NO_BODY)
      return
    }
    const tooLarge = () => {
      // The rest of the body is not read: the connection cannot carry another request.
      answer(response, 413, authErrorBody('request_too_large', AUTH_MESSAGES.tooLarge), { connection: 'close' })
    }
    if (declared !== undefined && Number(declared) > AUTH_BODY_LIMIT) return tooLarge()
    const chunks: Buffer[] = []
    let size = 0
    let refused = false
    request.on('data', (chunk: Buffer) => {
      if (refused) return
      size += chunk.length
      if (size > AUTH_BODY_LIMIT) {
        refused = true
        tooLarge()
        return
      }
      chunks.push(chunk)
    })
    request.on('error', () => {
      refused = true
      answer(response, 400, authErrorBody('invalid_request', AUTH_MESSAGES.invalidRequest))
    })
    request.on('end', () => {
      if (!refused) then(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    })
  }

  return {
    forward(request, response, client) {
      for (const name in options.headers) response.setHeader(name, options.headers[name] as string)
      response.setHeader('x-request-id', client.id)
      if (options.draining()) response.setHeader('connection', 'close')
      const path = resolvedAuthPath(request.url ?? '/')
      if (path === null) return answer(response, 404, authErrorBody('not_found', AUTH_MESSAGES.notFound))
      readBody(request, response, (body) => {
        guarded(request, response, client, path, body).catch((error: unknown) => {
          // The rate limit's budget is in the database: unreachable, the request cannot be counted.
          log.child({ reqId: client.id }).error({ err: error }, 'auth request failed')
          unavailable(response)
        })
      })
    },
    close() {
      agent.destroy()
    }
  }
}
