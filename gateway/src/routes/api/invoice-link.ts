// The client's side of an invoice, reached only by the link's token (no account): the page's data
// and the Factur-X PDF. Read-only, so the same budget per address as the signing links.
import rateLimit from '@fastify/rate-limit'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { InvoiceLinkViewBody, InvoiceTokenParams } from '@paraphe/shared/api/invoice-client-schemas'
import { InvoicePdfFile } from '@paraphe/shared/api/invoice-schemas'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { invoiceLinkPdf, readInvoiceLink } from '../../invoices/client/invoice-link-view.js'
import { SIGN_REQUESTS_PER_MINUTE } from './sign.js'

export default async function invoiceLinkRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  await fastify.register(rateLimit, { global: false })
  fastify.addHook(
    'onRequest',
    fastify.rateLimit({
      max: SIGN_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `invoice-link:${request.ip}`,
      errorResponseBuilder: (_request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode })
    })
  )
  // The token is in the path: never cached, never sent on as a referrer.
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
  })

  fastify.get('/invoice-link/:token', { schema: { params: InvoiceTokenParams, response: { 200: InvoiceLinkViewBody, ...ErrorResponses } } }, async (request) => ({
    invoice: await readInvoiceLink(fastify.db, request.params.token, new Date())
  }))

  fastify.get('/invoice-link/:token/pdf', { schema: { params: InvoiceTokenParams, response: { 200: InvoicePdfFile, ...ErrorResponses } } }, async (request, reply) => {
    const { pdf, filename } = await invoiceLinkPdf(fastify.db, request.params.token)
    return reply.type('application/pdf').header('content-disposition', attachmentDisposition(filename)).send(Buffer.from(pdf))
  })
}
