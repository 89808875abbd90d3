import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import {
  CreateQuoteBody,
  QuoteBody,
  QuoteEventsBody,
  QuoteIdParams,
  QuoteListBody,
  QuoteListQuery,
  UpdateQuoteBody
} from '@paraphe/shared/api/quote-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { createQuote, deleteDraft, duplicateQuote, getQuote, unsavedDraft, updateDraft } from '../../quotes/quotes-repository.js'
import { listQuotes } from '../../quotes/quote-list.js'
import { asRequestUser, memberScope } from './user-transaction.js'

/** The professional's quotes: list, drafts, their life after sending. */
export default async function quoteRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: QuoteIdParams }

  fastify.get(
    '/quotes',
    { schema: { querystring: QuoteListQuery, response: { 200: QuoteListBody, ...ErrorResponses } } },
    async (request) => {
      const { status, q, cursor, limit } = request.query
      return asRequestUser(fastify, request, (tx) => listQuotes(tx, { status, search: q, cursor, limit }))
    }
  )

  fastify.post(
    '/quotes',
    {
      // « Nouveau devis » sends no body at all.
      preValidation: async (request) => {
        request.body ??= {}
      },
      config: { fieldPrefix: 'content.' },
      schema: { body: CreateQuoteBody, response: { 201: QuoteBody, ...ErrorResponses } }
    },
    async (request, reply) => {
      const quote = await asRequestUser(fastify, request, (tx, user) =>
        createQuote(tx, user.companyId, request.body.content ?? {}, new Date())
      )
      return reply.code(201).send({ quote })
    }
  )

  fastify.get('/quotes/new', { schema: { response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx) => unsavedDraft(tx, new Date()))
  }))

  fastify.get('/quotes/:id', { schema: { ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx) => getQuote(tx, request.params.id))
  }))

  fastify.put(
    '/quotes/:id',
    { config: { fieldPrefix: 'content.' }, schema: { ...withId, body: UpdateQuoteBody, response: { 200: QuoteBody, ...ErrorResponses } } },
    async (request) => ({
      quote: await asRequestUser(fastify, request, (tx) => updateDraft(tx, request.params.id, request.body.version, request.body.content))
    })
  )

  fastify.delete('/quotes/:id', { schema: { ...withId, response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx) => deleteDraft(tx, request.params.id))
    return reply.code(204).send(null)
  })

  fastify.post(
    '/quotes/:id/duplicate',
    { schema: { ...withId, response: { 201: QuoteBody, ...ErrorResponses } } },
    async (request, reply) => {
      const quote = await asRequestUser(fastify, request, (tx, user) => duplicateQuote(tx, user.companyId, request.params.id, new Date()))
      return reply.code(201).send({ quote })
    }
  )

  fastify.post('/quotes/:id/revise', { schema: { ...withId, response: { 201: QuoteBody, ...ErrorResponses } } }, async (request, reply) => {
    const quote = await fastify.quoteActions.revise(memberScope(fastify, request), request.params.id)
    return reply.code(201).send({ quote })
  })

  fastify.post('/quotes/:id/cancel', { schema: { ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await fastify.quoteActions.cancel(memberScope(fastify, request), request.params.id)
  }))

  fastify.get('/quotes/:id/events', { schema: { ...withId, response: { 200: QuoteEventsBody, ...ErrorResponses } } }, async (request) => ({
    events: await fastify.quoteActions.events(memberScope(fastify, request), request.params.id)
  }))
}
