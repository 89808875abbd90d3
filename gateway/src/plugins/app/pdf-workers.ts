import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { holdPdfPool } from '../../workers/pdf-pool.js'

/**
 * The PDF worker pool (workers/pdf-pool.ts) lives as long as the app: its threads start on the
 * first PDF and end at close, after the requests in flight (onClose runs after them).
 */
export default fp(
  async function pdfWorkers(fastify: FastifyInstance) {
    const release = holdPdfPool()
    fastify.addHook('onClose', release)
  },
  { name: 'pdf-workers' }
)
