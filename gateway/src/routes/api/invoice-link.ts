// The client's side of an invoice, reached only by the link's token (no account): the page's data
// and the Factur-X PDF. Read-only, so the same budget per address as the signing links.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { InvoiceLinkViewBody, InvoiceTokenParams } from '@paraphe/shared/api/invoice-client-schemas'
import { InvoicePdfFile } from '@paraphe/shared/api/invoice-schemas'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { invoiceLinkPdf, readInvoiceLink } from '../../invoices/client/invoice-link-view.js'
import { CardCheckoutUrlBody } from '@paraphe/shared/api/card-payment-schemas'
import { cardCheckoutUrl, cardPaymentUnavailable } from '../../invoices/card/card-checkout.js'
import { callStripe } from './stripe-calls.js'
import { guardTokenLinks } from './token-link-guards.js'

export default async function invoiceLinkRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  await guardTokenLinks(fastify, 'invoice-link')

  fastify.get(
    '/invoice-link/:token',
    { schema: { params: InvoiceTokenParams, response: { 200: InvoiceLinkViewBody, ...ErrorResponses } } },
    async (request) => ({
      invoice: await readInvoiceLink(fastify.db, request.params.token, new Date(), fastify.config.billing?.connectWebhookSecret != null)
    })
  )

  // « Payer par carte »: the amount is the server's (the rest owed), never the page's.
  fastify.post(
    '/invoice-link/:token/card-checkout',
    { schema: { params: InvoiceTokenParams, response: { 200: CardCheckoutUrlBody, ...ErrorResponses } } },
    async (request) => {
      const stripe = fastify.stripe
      if (stripe === null || fastify.config.billing?.connectWebhookSecret == null) throw cardPaymentUnavailable()
      return {
        url: await callStripe(() => cardCheckoutUrl(fastify.db, stripe, request.params.token, fastify.config.publicUrl, new Date()))
      }
    }
  )

  fastify.get(
    '/invoice-link/:token/pdf',
    { schema: { params: InvoiceTokenParams, response: { 200: InvoicePdfFile, ...ErrorResponses } } },
    async (request, reply) => {
      const { pdf, filename } = await invoiceLinkPdf(fastify.db, request.params.token)
      return reply.type('application/pdf').header('content-disposition', attachmentDisposition(filename)).send(Buffer.from(pdf))
    }
  )
}
