// The public API's quotes: the workspace's services under an API key, so that the plans' limits,
// the quote rules and the events are the same as through the pages.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { CreateQuoteBody, QuoteBody, QuoteEventsBody, QuoteIdParams, QuotePdfFile, RemindedBody, SentQuoteBody } from '@paraphe/shared/api/quote-schemas'
import { IdempotencyHeaders, V1QuoteListBody, V1QuoteListQuery, V1UpdateQuoteBody } from '@paraphe/shared/api/v1-schemas'
import { quoteEventLabel } from '@paraphe/shared/quote-events'
import { attachmentDisposition, quotePdfName } from '../../../pdf/file-name.js'
import { quotePdfBytes, renderAheadOfFirstView } from '../../../workspace/quote-pdf-bytes.js'
import { remindByHand } from '../../../signing/quote-reminders.js'
import { notFound } from '../../../errors.js'
import { quoteDocument, signedDocument } from '../../../workspace/quote-document.js'
import { quotePage } from '../../../workspace/quote-list.js'
import { sendQuote } from '../../../workspace/quote-sending.js'
import { cancelQuote, createQuote, findQuote, getQuote, listEvents, updateDraft } from '../../../workspace/quotes-repository.js'
import { asRequestUser } from '../../../workspace/user-transaction.js'

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
      schema: { tags, summary: 'Créer un brouillon de devis', headers, body: CreateQuoteBody, response: { 201: QuoteBody, ...ErrorResponses } }
    },
    async (request, reply) => {
      const quote = await asRequestUser(fastify, request, (tx, member) => createQuote(tx, member.companyId, request.body.content ?? {}, new Date()))
      return reply.code(201).send({ quote })
    }
  )

  fastify.get('/quotes/:id', { schema: { tags, summary: 'Lire un devis', ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx) => getQuote(tx, request.params.id))
  }))

  fastify.patch(
    '/quotes/:id',
    {
      config: { fieldPrefix: 'content.' },
      schema: { tags, summary: 'Modifier un brouillon', ...withId, body: V1UpdateQuoteBody, response: { 200: QuoteBody, ...ErrorResponses } }
    },
    async (request) => ({
      quote: await asRequestUser(fastify, request, async (tx) => {
        const row = await findQuote(tx, request.params.id)
        return updateDraft(tx, row.id, request.body.version ?? row.version, { ...row.content, ...request.body.content })
      })
    })
  )

  fastify.post('/quotes/:id/send', { schema: { tags, summary: 'Envoyer un devis au client', headers, ...withId, response: { 200: SentQuoteBody, ...ErrorResponses } } }, async (request) => {
    const sent = await asRequestUser(fastify, request, (tx, member) =>
      sendQuote(tx, member.companyId, request.params.id, { now: new Date(), publicUrl: fastify.config.publicUrl, siteName: fastify.config.runtime.siteName })
    )
    void fastify.outbox.wake()
    void fastify.webhooks.wake()
    void renderAheadOfFirstView(sent, request.log)
    request.log.info({ quoteId: sent.quote.id, number: sent.quote.number, apiKeyId: request.apiKey?.id }, 'quote sent')
    return { quote: sent.quote, signingUrl: sent.signingUrl }
  })

  fastify.post('/quotes/:id/remind', { schema: { tags, summary: 'Relancer le client', headers, ...withId, response: { 200: RemindedBody, ...ErrorResponses } } }, async (request) => {
    const site = { siteName: fastify.config.runtime.siteName, publicUrl: fastify.config.publicUrl }
    await asRequestUser(fastify, request, (tx, member) => remindByHand(tx, member.companyId, request.params.id, site))
    void fastify.outbox.wake()
    return { reminded: true }
  })

  fastify.post('/quotes/:id/cancel', { schema: { tags, summary: 'Annuler un devis envoyé', headers, ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx, member) => cancelQuote(tx, member.companyId, request.params.id))
  }))

  fastify.get('/quotes/:id/events', { schema: { tags, summary: 'Historique du devis', ...withId, response: { 200: QuoteEventsBody, ...ErrorResponses } } }, async (request) => {
    const events = await asRequestUser(fastify, request, (tx) => listEvents(tx, request.params.id))
    return {
      events: events.map((event) => {
        const reason = event.type === 'declined' && typeof event.data.reason === 'string' ? event.data.reason.trim() : ''
        return { type: event.type, occurredAt: event.occurredAt, label: quoteEventLabel(event.type), ...(reason === '' ? {} : { detail: reason }) }
      })
    }
  })

  fastify.get(
    '/quotes/:id/pdf',
    { schema: { tags, summary: 'PDF du devis (tel qu’envoyé, ou le brouillon)', ...withId, response: { 200: pdfAnswer('Le PDF du devis'), ...ErrorResponses } } },
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
    { schema: { tags, summary: 'PDF signé et scellé', ...withId, response: { 200: pdfAnswer('Le PDF signé, scellé par le cachet du service'), ...ErrorResponses } } },
    async (request, reply) => {
      const signed = await asRequestUser(fastify, request, (tx) => signedDocument(tx, request.params.id))
      if (signed === null) throw notFound('Ce devis n’a pas (encore) de PDF signé.')
      return reply.type('application/pdf').header('content-disposition', attachmentDisposition(signed.fileName)).send(Buffer.from(signed.pdf))
    }
  )
}
