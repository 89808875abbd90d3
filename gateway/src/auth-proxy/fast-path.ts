// The auth proxy ahead of Fastify: requests to /auth/v1/* are answered by the server's own
// request listener, without Fastify's routing, hooks and request objects (about half of the
// proxy's CPU per request when measured). Everything Fastify would have given them is computed
// here the same way: the request id, and the client's address, scheme and host from the trusted
// hop only (Fastify's rules, with its own proxy-addr).
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import proxyAddr from '@fastify/proxy-addr'
import { requestIdOf } from '../request-id.js'
import type { AuthClient } from './forward-auth.js'
import { AUTH_PREFIX, resolvedAuthPath } from './forward-auth.js'

type Listener = (request: IncomingMessage, response: ServerResponse) => void

const lastEntry = (value: string): string => value.slice(value.lastIndexOf(',') + 1).trim()

/** The client as Fastify's request.ip, request.protocol and request.host see it. */
export function clientReader(trustProxy: string | false): (request: IncomingMessage) => AuthClient {
  const trusted = trustProxy === false ? () => false : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()))
  return (request) => {
    const remote = request.socket.remoteAddress ?? ''
    const hopTrusted = trusted(remote, 0)
    const forwardedProto = request.headers['x-forwarded-proto']
    const forwardedHost = request.headers['x-forwarded-host']
    return {
      id: requestIdOf(request),
      ip: trustProxy === false ? remote : proxyAddr(request, trusted),
      protocol: hopTrusted && typeof forwardedProto === 'string' && forwardedProto !== '' ? lastEntry(forwardedProto) : (request.socket as TLSSocket).encrypted ? 'https' : 'http',
      host: hopTrusted && typeof forwardedHost === 'string' && forwardedHost !== '' ? lastEntry(forwardedHost) : request.headers.host ?? ''
    }
  }
}

/**
 * Puts `handle` in front of Fastify's listener for /auth/v1/*, from now until `release()` (then
 * Fastify answers again, e.g. its 503 while closing). False when the server has no such
 * listener to wrap (then Fastify's route serves every request).
 */
export function takeAuthRequests(server: Server, handle: Listener): { taken: boolean; release: () => void } {
  // Fastify's handler is the listener given to http.createServer, the first one.
  const [fastify] = server.listeners('request') as Listener[]
  if (fastify === undefined) return { taken: false, release: () => {} }
  let active = true
  const dispatch: Listener = (request, response) => {
    const url = request.url ?? ''
    // Cheap test first: only auth URLs pay for resolving the path.
    if (active && url.startsWith(AUTH_PREFIX) && resolvedAuthPath(url) !== null) handle(request, response)
    else fastify(request, response)
  }
  server.removeListener('request', fastify)
  server.prependListener('request', dispatch)
  return {
    taken: true,
    release: () => {
      active = false
    }
  }
}
