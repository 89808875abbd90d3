import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { createInvoiceActions, type InvoiceActions } from '../../invoices/invoice-actions.js'
import { makeFacturXmlOffThread, makeFacturXOffThread } from '../../workers/pdf-pool.js'

declare module 'fastify' {
  interface FastifyInstance {
    invoiceActions: InvoiceActions
  }
}

/** The invoice's actions, wired once to the site, the queues and the PDF processes for /api and /api/v1 alike. */
export default fp(
  async function invoiceActions(fastify: FastifyInstance) {
    fastify.decorate(
      'invoiceActions',
      createInvoiceActions({
        db: fastify.db,
        site: fastify.config.site,
        wake: fastify.queueWake,
        makeXml: makeFacturXmlOffThread,
        makeFacturX: makeFacturXOffThread
      })
    )
  },
  { name: 'invoice-actions', dependencies: ['config', 'database', 'queue-wake'] }
)
