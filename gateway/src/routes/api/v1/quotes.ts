// The public API's quotes: the workspace's services under an API key, so that the plans' limits,
// the quote rules and the events are the same as through the pages.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import {
  CreateQuoteBody,
  QuoteBody,
  QuoteEventsBody,
  QuoteIdParams,
  QuotePdfFile,
  RemindedBody,
  SentQuoteBody
} from '@paraphe/shared/api/quote-schemas'
import { IdempotencyHeaders, V1QuoteListBody, V1QuoteListQuery, V1UpdateQuoteBody } from '@paraphe/shared/api/v1-schemas'
import { attachmentDisposition, quotePdfName } from '../../../pdf/file-name.js'
import { quotePdfBytes } from '../../../quotes/quote-pdf-bytes.js'
import { notFound } from '../../../errors.js'
import { quoteDocument, signedDocument } from '../../../quotes/quote-document.js'
import { quotePage } from '../../../quotes/quote-list.js'
import { createQuote, findQuote, getQuote, updateDraft } from '../../../quotes/quotes-repository.js'
import { asRequestUser, memberScope } from '../user-transaction.js'

export default async function v1QuoteRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: QuoteIdParams }
  const tags = ['Devis']
  const headers = IdempotencyHeaders
  /** A PDF's bytes: documented under its own media type, never serialised as JSON. */
  const pdfAnswer = (description: string) => ({ description, content: { 'application/pdf': { schema: QuotePdfFile } } })

  fastify.get(
    '/quotes',
    { schema: { tags, summary: 'Lister les devis', querystring: V1QuoteListQuery, response: { 200: V1QuoteListBody, ...ErrorResponses } } },
    async (request) => {
      const { status, cursor, limit, created_after: after, created_before: before } = request.query
      return asRequestUser(fastify, request, (tx) =>
        quotePage(tx, {
          status,
          cursor,
          limit,
          ...(after === undefined ? {} : { createdAfter: new Date(after) }),
          ...(before === undefined ? {} : { createdBefore: new Date(before) })
        })
      )
    }
  )

  fastify.post(
    '/quotes',
    {
      preValidation: async (request) => {
        request.body ??= {}
      },
      config: { fieldPrefix: 'content.' },
      schema: {
        tags,
        summary: 'Créer un brouillon de devis',
        headers,
        body: CreateQuoteBody,
        response: { 201: QuoteBody, ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const quote = await asRequestUser(fastify, request, (tx, member) =>
        createQuote(tx, member.companyId, request.body.content ?? {}, new Date())
      )
      return reply.code(201).send({ quote })
    }
  )

  fastify.get(
    '/quotes/:id',
    { schema: { tags, summary: 'Lire un devis', ...withId, response: { 200: QuoteBody, ...ErrorResponses } } },
    async (request) => ({
      quote: await asRequestUser(fastify, request, (tx) => getQuote(tx, request.params.id))
    })
  )

  fastify.patch(
    '/quotes/:id',
    {
      config: { fieldPrefix: 'content.' },
      schema: {
        tags,
        summary: 'Modifier un brouillon',
        ...withId,
        body: V1UpdateQuoteBody,
        response: { 200: QuoteBody, ...ErrorResponses }
      }
    },
    async (request) => ({
      quote: await asRequestUser(fastify, request, async (tx) => {
        const row = await findQuote(tx, request.params.id)
        return updateDraft(tx, row.id, request.body.version ?? row.version, { ...row.content, ...request.body.content })
      })
    })
  )

  fastify.post(
    '/quotes/:id/send',
    { schema: { tags, summary: 'Envoyer un devis au client', headers, ...withId, response: { 200: SentQuoteBody, ...ErrorResponses } } },
    async (request) =>
      fastify.quoteActions.send(memberScope(fastify, request), request.params.id, request.log.child({ apiKeyId: request.apiKey?.id }))
  )

  fastify.post(
    '/quotes/:id/remind',
    { schema: { tags, summary: 'Relancer le client', headers, ...withId, response: { 200: RemindedBody, ...ErrorResponses } } },
    async (request) => {
      await fastify.quoteActions.remind(memberScope(fastify, request), request.params.id)
      return { reminded: true }
    }
  )

  fastify.post(
    '/quotes/:id/cancel',
    { schema: { tags, summary: 'Annuler un devis envoyé', headers, ...withId, response: { 200: QuoteBody, ...ErrorResponses } } },
    async (request) => ({
      quote: await fastify.quoteActions.cancel(memberScope(fastify, request), request.params.id)
    })
  )

  fastify.get(
    '/quotes/:id/events',
    { schema: { tags, summary: 'Historique du devis', ...withId, response: { 200: QuoteEventsBody, ...ErrorResponses } } },
    async (request) => ({
      events: await fastify.quoteActions.events(memberScope(fastify, request), request.params.id)
    })
  )

  fastify.get(
    '/quotes/:id/pdf',
    {
      schema: {
        tags,
        summary: 'PDF du devis (tel qu’envoyé, ou le brouillon)',
        ...withId,
        response: { 200: pdfAnswer('Le PDF du devis'), ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const document = await asRequestUser(fastify, request, (tx) => quoteDocument(tx, request.params.id))
      // As the workspace draws it: a draft on a worker at each call, a sent quote once (the client's bytes).
      const pdf = await quotePdfBytes(document)
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(quotePdfName(document.quote)))
        .send(Buffer.from(pdf))
    }
  )

  fastify.get(
    '/quotes/:id/signed-pdf',
    {
      schema: {
        tags,
        summary: 'PDF signé et scellé',
        ...withId,
        response: { 200: pdfAnswer('Le PDF signé, scellé par le cachet du service'), ...ErrorResponses }
      }
    },
    async (request, reply) => {
      const signed = await asRequestUser(fastify, request, (tx) => signedDocument(tx, request.params.id))
      if (signed === null) throw notFound('Ce devis n’a pas (encore) de PDF signé.')
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(signed.fileName))
        .send(Buffer.from(signed.pdf))
    }
  )
}
