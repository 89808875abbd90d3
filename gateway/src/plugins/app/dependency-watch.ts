import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import net from 'node:net'
import { pdfQueueHasRoom } from '../../workers/pdf-pool.js'

/** The SMTP server is a third party's: asked at most this often, whoever probes /readyz. */
const SMTP_CHECK_EVERY_MS = 30_000

/** Whether a TCP connection to host:port opens (closed at once: no SMTP session is started). */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    socket.setTimeout(2000)
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.once('connect', () => done(true))
    socket.once('timeout', () => done(false))
    socket.once('error', () => done(false))
  })
}

/**
 * Dependencies /readyz reports for operators besides the database and the auth server (their
 * plugins watch them): the SMTP server (e-mails wait in the outbox while it is down) and the
 * PDF processes (a full queue answers 503 « réessayez »).
 */
export default fp(
  async function dependencyWatch(fastify: FastifyInstance) {
    const smtp = fastify.config.mail.transport
    if (smtp !== null) fastify.readiness.watch('smtp', () => connects(smtp.host, smtp.port), { everyMs: SMTP_CHECK_EVERY_MS })
    fastify.readiness.watch('pdf', async () => (pdfQueueHasRoom() ? 'ok' : 'busy'))
  },
  { name: 'dependency-watch', dependencies: ['config', 'readiness'] }
)
