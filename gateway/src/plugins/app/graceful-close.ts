import type { Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'

/**
 * On close, Node destroys every connection whose response has been *ended*, even when the
 * bytes are still queued in user space (a large file to a slow phone). Before the server
 * closes, wait until every socket has flushed what it was given; close-with-grace bounds the
 * wait.
 */
export default fp(
  async function gracefulClose(fastify: FastifyInstance) {
    const sockets = new Set<Socket>()
    fastify.server.on('connection', (socket: Socket) => {
      sockets.add(socket)
      socket.once('close', () => sockets.delete(socket))
    })
    fastify.addHook('preClose', async () => {
      const pending = (): boolean => [...sockets].some((socket) => !socket.destroyed && socket.writableLength > 0)
      while (pending()) await sleep(25)
    })
  },
  { name: 'graceful-close' }
)
