// The workspace's invoices: drafts from a signed quote (or typed), issue, Factur-X files,
// payments, credit notes. Invoices the law requires are part of every plan: no plan gate here.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import {
  CreditNoteBody,
  InvoiceBody,
  InvoiceDraftBody,
  InvoiceIdParams,
  InvoiceListBody,
  InvoiceListQuery,
  InvoicePdfFile,
  InvoiceXmlFile,
  InvoicingBody,
  QuoteIdParams,
  RecordPaymentBody,
  UpdateInvoiceDraftBody
} from '@paraphe/shared/api/invoice-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { invoiceFileName } from '../../invoices/invoice-files.js'
import { quoteInvoicing } from '../../invoices/invoices-repository.js'
import { asRequestUser, memberScope } from './user-transaction.js'
import { InvoiceReadBody } from '@paraphe/shared/api/transmission-schemas'

export default async function invoiceRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: InvoiceIdParams }
  const noStore = { 'cache-control': 'no-store' }
  const actions = fastify.invoiceActions

  fastify.get(
    '/invoices',
    { schema: { querystring: InvoiceListQuery, response: { 200: InvoiceListBody, ...ErrorResponses } } },
    async (request, reply) => reply.headers(noStore).send(await actions.list(memberScope(fastify, request), request.query))
  )

  fastify.post(
    '/invoices',
    { config: { fieldPrefix: 'request.' }, schema: { body: InvoiceDraftBody, response: { 201: InvoiceBody, ...ErrorResponses } } },
    async (request, reply) => {
      const invoice = await actions.create(memberScope(fastify, request), request.body.request, {}, request.log)
      return reply.code(201).headers(noStore).send({ invoice })
    }
  )

  fastify.get('/invoices/:id', { schema: { ...withId, response: { 200: InvoiceReadBody, ...ErrorResponses } } }, async (request, reply) =>
    reply.headers(noStore).send(await actions.read(memberScope(fastify, request), request.params.id))
  )

  fastify.put(
    '/invoices/:id',
    {
      config: { fieldPrefix: 'request.' },
      schema: { ...withId, body: UpdateInvoiceDraftBody, response: { 200: InvoiceBody, ...ErrorResponses } }
    },
    async (request) => ({
      invoice: await actions.updateDraft(memberScope(fastify, request), request.params.id, request.body.version, request.body.request)
    })
  )

  fastify.delete('/invoices/:id', { schema: { ...withId, response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await actions.deleteDraft(memberScope(fastify, request), request.params.id)
    return reply.code(204).send(null)
  })

  fastify.post('/invoices/:id/issue', { schema: { ...withId, response: { 200: InvoiceBody, ...ErrorResponses } } }, async (request) => ({
    invoice: await actions.issue(memberScope(fastify, request), request.params.id, request.log)
  }))

  fastify.post(
    '/invoices/:id/payments',
    { schema: { ...withId, body: RecordPaymentBody, response: { 200: InvoiceBody, ...ErrorResponses } } },
    async (request) => ({ invoice: await actions.recordPayment(memberScope(fastify, request), request.params.id, request.body) })
  )

  fastify.post(
    '/invoices/:id/credit-notes',
    { schema: { ...withId, body: CreditNoteBody, response: { 201: InvoiceBody, ...ErrorResponses } } },
    async (request, reply) => {
      const invoice = await actions.creditNote(memberScope(fastify, request), request.params.id, request.body, request.log)
      return reply.code(201).send({ invoice })
    }
  )

  fastify.get(
    '/invoices/:id/pdf',
    { schema: { ...withId, response: { 200: InvoicePdfFile, ...ErrorResponses } } },
    async (request, reply) => {
      const files = await actions.files(memberScope(fastify, request), request.params.id)
      return reply
        .type('application/pdf')
        .headers(noStore)
        .header('content-disposition', attachmentDisposition(invoiceFileName(files.kind, files.number, 'pdf')))
        .send(Buffer.from(files.pdf))
    }
  )

  fastify.get(
    '/invoices/:id/xml',
    { schema: { ...withId, response: { 200: InvoiceXmlFile, ...ErrorResponses } } },
    async (request, reply) => {
      const files = await actions.files(memberScope(fastify, request), request.params.id)
      return reply
        .type('application/xml; charset=utf-8')
        .headers(noStore)
        .header('content-disposition', attachmentDisposition(invoiceFileName(files.kind, files.number, 'xml')))
        .send(Buffer.from(files.xml, 'utf8'))
    }
  )

  fastify.get(
    '/quotes/:quoteId/invoicing',
    { schema: { params: QuoteIdParams, response: { 200: InvoicingBody, ...ErrorResponses } } },
    async (request, reply) =>
      reply
        .headers(noStore)
        .send({ invoicing: await asRequestUser(fastify, request, (tx) => quoteInvoicing(tx, request.params.quoteId, new Date())) })
  )
}
