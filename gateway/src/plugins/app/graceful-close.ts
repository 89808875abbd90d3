import type { IncomingMessage, ServerResponse } from 'node:http'
import net, { type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

export interface Shutdown {
  /** True from the signal on: readiness answers 503 and every response closes its connection. */
  readonly draining: boolean
  /**
   * Stops taking connections, closes each keep-alive connection as soon as its last response
   * has been flushed, and resolves when no connection is left (nothing in flight). The caller
   * (server.ts) then closes the app; close-with-grace bounds the whole.
   */
  drain: () => Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    shutdown: Shutdown
  }
}

/**
 * Restarts without a failed request. Without this, a keep-alive client (every browser, Caddy)
 * keeps its connection idle after the response in flight, the server waits for it until the
 * grace deadline, and requests sent on it meanwhile get Fastify's 503 "closing".
 *
 * So on SIGTERM: readiness goes 503 (the proxy stops routing here), every response from then on
 * says `Connection: close`, connections with nothing in flight are closed once their bytes are
 * flushed (Node would otherwise destroy an ended response whose bytes are still queued for a
 * slow phone), the listening socket closes (new connections are refused, which a proxy retries
 * elsewhere), and the process exits as soon as the last connection is gone.
 */
export default fp(
  async function gracefulClose(fastify: FastifyInstance) {
    /** Each open connection and how many of its requests are still being answered. */
    const inFlight = new Map<Socket, number>()
    let draining = false
    let drained: Promise<void> | null = null
    let resolveDrained: () => void = () => {}

    /** Sends what is queued, then the FIN; destroys once flushed (a peer may never answer). */
    const closeWhenFlushed = (socket: Socket): void => {
      if (socket.destroyed) return
      socket.once('finish', () => socket.destroy())
      socket.end()
    }
    const settle = (): void => {
      if (draining && inFlight.size === 0) resolveDrained()
    }

    fastify.server.on('connection', (socket: Socket) => {
      if (draining) {
        closeWhenFlushed(socket)
        return
      }
      inFlight.set(socket, 0)
      socket.once('close', () => {
        inFlight.delete(socket)
        settle()
      })
    })
    fastify.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const socket = request.socket
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1)
      response.once('close', () => {
        const left = Math.max(0, (inFlight.get(socket) ?? 1) - 1)
        if (!inFlight.has(socket)) return
        inFlight.set(socket, left)
        if (draining && left === 0) closeWhenFlushed(socket)
      })
    })

    fastify.addHook('onRequest', async (request, reply) => {
      if (draining) reply.header('connection', 'close')
    })

    fastify.decorate('shutdown', {
      get draining() {
        return draining
      },
      drain: () => {
        if (drained !== null) return drained
        draining = true
        drained = new Promise<void>((resolve) => (resolveDrained = resolve))
        // New connections are refused from now on. net.Server's close, not http.Server's: the
        // latter also destroys every connection whose response has ended, bytes still queued
        // included, which cuts a large file short.
        if (fastify.server.listening) net.Server.prototype.close.call(fastify.server)
        for (const [socket, count] of inFlight) if (count === 0) closeWhenFlushed(socket)
        settle()
        return drained
      }
    } satisfies Shutdown)

    // fastify.close() without a drain first (tests, errors): still let queued bytes reach the
    // client before Node destroys connections whose response has ended.
    fastify.addHook('preClose', async () => {
      const pending = (): boolean => [...inFlight.keys()].some((socket) => !socket.destroyed && socket.writableLength > 0)
      while (pending()) await sleep(25)
    })
  },
  { name: 'graceful-close' }
)
