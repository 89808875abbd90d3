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
import { makeFacturXOffThread } from '../../workers/pdf-pool.js'
import { createCreditNote, invoiceFiles, issueInvoice } from '../../invoices/invoice-issuing.js'
import { recordPayment } from '../../invoices/invoice-payments.js'
import { createDraft, deleteDraft, getInvoice, listInvoices, quoteInvoicing, updateDraft } from '../../invoices/invoices-repository.js'
import type { AuthUser } from '../../auth/token-verifier.js'
import { oneIssueAtATime } from '../../invoices/issue-queue.js'
import { expireCardSessionsSoon } from './stripe-calls.js'
import { asRequestUser } from './user-transaction.js'
import { InvoiceReadBody } from '@paraphe/shared/api/transmission-schemas'
import { readTransmission } from '../../transmission/transmission-view.js'

export default async function invoiceRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: InvoiceIdParams }
  const noStore = { 'cache-control': 'no-store' }

  fastify.get(
    '/invoices',
    { schema: { querystring: InvoiceListQuery, response: { 200: InvoiceListBody, ...ErrorResponses } } },
    async (request, reply) =>
      reply.headers(noStore).send(await asRequestUser(fastify, request, (tx) => listInvoices(tx, request.query, new Date())))
  )

  fastify.post(
    '/invoices',
    { config: { fieldPrefix: 'request.' }, schema: { body: InvoiceDraftBody, response: { 201: InvoiceBody, ...ErrorResponses } } },
    async (request, reply) => {
      const invoice = await asRequestUser(fastify, request, (tx, member) =>
        createDraft(tx, member.companyId, request.body.request, new Date())
      )
      return reply.code(201).headers(noStore).send({ invoice })
    }
  )

  fastify.get('/invoices/:id', { schema: { ...withId, response: { 200: InvoiceReadBody, ...ErrorResponses } } }, async (request, reply) =>
    reply.headers(noStore).send(
      await asRequestUser(fastify, request, async (tx) => ({
        invoice: await getInvoice(tx, request.params.id, new Date()),
        transmission: await readTransmission(tx, request.params.id)
      }))
    )
  )

  fastify.put(
    '/invoices/:id',
    {
      config: { fieldPrefix: 'request.' },
      schema: { ...withId, body: UpdateInvoiceDraftBody, response: { 200: InvoiceBody, ...ErrorResponses } }
    },
    async (request) => ({
      invoice: await asRequestUser(fastify, request, (tx) =>
        updateDraft(tx, request.params.id, request.body.version, request.body.request, new Date())
      )
    })
  )

  fastify.delete('/invoices/:id', { schema: { ...withId, response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx) => deleteDraft(tx, request.params.id))
    return reply.code(204).send(null)
  })

  fastify.post('/invoices/:id/issue', { schema: { ...withId, response: { 200: InvoiceBody, ...ErrorResponses } } }, async (request) => {
    const invoice = await oneIssueAtATime((request.user as AuthUser).id, () =>
      asRequestUser(fastify, request, (tx, member) =>
        issueInvoice(tx, member.companyId, request.params.id, { now: new Date(), makeFacturX: makeFacturXOffThread })
      )
    )
    // invoice.issued was queued in the transaction: delivered now rather than at the next poll.
    void fastify.webhooks.wake()
    void fastify.transmission.wake()
    // A credit note lowers what its invoice asks: a card session opened for more goes.
    if (invoice.kind === 'credit_note') expireCardSessionsSoon(fastify, null)
    request.log.info({ invoiceId: invoice.id, number: invoice.number }, 'invoice issued')
    return { invoice }
  })

  fastify.post(
    '/invoices/:id/payments',
    { schema: { ...withId, body: RecordPaymentBody, response: { 200: InvoiceBody, ...ErrorResponses } } },
    async (request) => {
      const invoice = await asRequestUser(fastify, request, (tx, member) =>
        recordPayment(tx, member.companyId, request.params.id, request.body, new Date())
      )
      if (invoice.paymentStatus === 'paid') void fastify.webhooks.wake()
      expireCardSessionsSoon(fastify, invoice.id)
      return { invoice }
    }
  )

  fastify.post(
    '/invoices/:id/credit-notes',
    { schema: { ...withId, body: CreditNoteBody, response: { 201: InvoiceBody, ...ErrorResponses } } },
    async (request, reply) => {
      const invoice = await oneIssueAtATime((request.user as AuthUser).id, () =>
        asRequestUser(fastify, request, (tx, member) =>
          createCreditNote(tx, member.companyId, request.params.id, request.body, { now: new Date(), makeFacturX: makeFacturXOffThread })
        )
      )
      if (invoice.status === 'issued') {
        void fastify.webhooks.wake()
        // Its hand-off (invoice_transmissions) was queued in the transaction too.
        void fastify.transmission.wake()
        // The corrected invoice asks less: a card session opened for more goes.
        expireCardSessionsSoon(fastify, request.params.id)
      }
      return reply.code(201).send({ invoice })
    }
  )

  fastify.get(
    '/invoices/:id/pdf',
    { schema: { ...withId, response: { 200: InvoicePdfFile, ...ErrorResponses } } },
    async (request, reply) => {
      const files = await asRequestUser(fastify, request, (tx) => invoiceFiles(tx, request.params.id))
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
      const files = await asRequestUser(fastify, request, (tx) => invoiceFiles(tx, request.params.id))
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
