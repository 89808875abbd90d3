// The public API's invoices: the workspace's invoice services under an API key (same rules, same
// numbering, same chain). Creation may issue at once (`issue: true`), as an ERP expects.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import {
  CreditNoteBody,
  InvoiceBody,
  InvoiceIdParams,
  InvoiceListBody,
  InvoiceListQuery,
  InvoicePdfFile,
  InvoiceXmlFile,
  RecordPaymentBody,
  V1CreateInvoiceBody
} from '@paraphe/shared/api/invoice-schemas'
import { InvoiceReadBody } from '@paraphe/shared/api/transmission-schemas'
import { IdempotencyHeaders } from '@paraphe/shared/api/v1-schemas'
import { attachmentDisposition } from '../../../pdf/file-name.js'
import { invoiceFileName } from '../../../invoices/invoice-files.js'
import { memberScope } from '../user-transaction.js'

export default async function v1InvoiceRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: InvoiceIdParams }
  const tags = ['Factures']
  const headers = IdempotencyHeaders
  const file = (description: string, type: string, schema: typeof InvoicePdfFile) => ({ description, content: { [type]: { schema } } })
  const actions = fastify.invoiceActions

  fastify.get(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Lister les factures et avoirs',
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListBody, ...ErrorResponses }
      }
    },
    async (request) => actions.list(memberScope(fastify, request), request.query)
  )

  fastify.post(
    '/invoices',
    {
      schema: {
        tags,
        summary: 'Créer une facture (acompte, situation, solde d’un devis signé, ou sans devis), et l’émettre si demandé',
        headers,
        body: V1CreateInvoiceBody,
        response: { 201: InvoiceBody, ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const { issue, ...invoiceRequest } = request.body
      const invoice = await actions.create(memberScope(fastify, request), invoiceRequest, { issue }, request.log)
      return reply.code(201).send({ invoice })
    }
  )

  fastify.get(
    '/invoices/:id',
    {
      schema: {
        tags,
        summary: 'Lire une facture',
        description: 'La facture, et une fois émise sa transmission (plateforme agréée, Chorus Pro ou e-mail) avec les statuts revenus.',
        ...withId,
        response: { 200: InvoiceReadBody, ...ErrorResponses }
      }
    },
    async (request) => actions.read(memberScope(fastify, request), request.params.id)
  )

  fastify.post(
    '/invoices/:id/issue',
    {
      schema: {
        tags,
        summary: 'Émettre un brouillon (numéro, chaînage, Factur-X)',
        headers,
        ...withId,
        response: { 200: InvoiceBody, ...ErrorResponses }
      }
    },
    async (request) => ({ invoice: await actions.issue(memberScope(fastify, request), request.params.id, request.log) })
  )

  fastify.post(
    '/invoices/:id/credit-notes',
    {
      schema: {
        tags,
        summary: 'Créer un avoir sur une facture émise (total ou partiel)',
        headers,
        ...withId,
        body: CreditNoteBody,
        response: { 201: InvoiceBody, ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const invoice = await actions.creditNote(memberScope(fastify, request), request.params.id, request.body, request.log)
      return reply.code(201).send({ invoice })
    }
  )

  fastify.post(
    '/invoices/:id/payments',
    {
      schema: {
        tags,
        summary: 'Enregistrer un paiement reçu',
        headers,
        ...withId,
        body: RecordPaymentBody,
        response: { 200: InvoiceBody, ...ErrorResponses }
      }
    },
    async (request) => ({ invoice: await actions.recordPayment(memberScope(fastify, request), request.params.id, request.body) })
  )

  fastify.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: 'PDF Factur-X (PDF/A-3, XML joint)',
        ...withId,
        response: { 200: file('Le PDF Factur-X', 'application/pdf', InvoicePdfFile), ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const files = await actions.files(memberScope(fastify, request), request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(invoiceFileName(files.kind, files.number, 'pdf')))
        .send(Buffer.from(files.pdf))
    }
  )

  fastify.get(
    '/invoices/:id/xml',
    {
      schema: {
        tags,
        summary: 'XML CII (EN 16931) de la facture',
        ...withId,
        response: { 200: file('Le XML CII', 'application/xml', InvoiceXmlFile), ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const files = await actions.files(memberScope(fastify, request), request.params.id)
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', attachmentDisposition(invoiceFileName(files.kind, files.number, 'xml')))
        .send(Buffer.from(files.xml, 'utf8'))
    }
  )
}
