import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { ErrorResponses } from '../../errors.js'
import { QuoteBody, QuoteContentSchema, QuoteIdParams, QuoteStatusSchema, QuoteSummarySchema } from '../../workspace/quote-schemas.js'
import { quoteEventLabel } from '@paraphe/shared/quote-events'
import {
  cancelQuote,
  createQuote,
  deleteDraft,
  duplicateQuote,
  getQuote,
  listEvents,
  listQuotes,
  reviseQuote,
  updateDraft
} from '../../workspace/quotes-repository.js'
import { asRequestUser } from '../../workspace/user-transaction.js'

type IdParams = { Params: Static<typeof QuoteIdParams> }

const ListQuery = Type.Object({ status: Type.Optional(QuoteStatusSchema), q: Type.Optional(Type.String({ maxLength: 200 })) })
const CreateBody = Type.Object({ content: Type.Optional(Type.Partial(QuoteContentSchema)) }, { additionalProperties: false })
const UpdateBody = Type.Object({ version: Type.Integer({ minimum: 1 }), content: QuoteContentSchema }, { additionalProperties: false })
const EventsBody = Type.Object({
  events: Type.Array(Type.Object({ type: Type.String(), occurredAt: Type.String(), label: Type.String() }))
})

/** The professional's quotes: list, drafts, their life after sending. */
export default async function quoteRoutes(fastify: FastifyInstance) {
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })
  const withId = { params: QuoteIdParams }

  fastify.get<{ Querystring: Static<typeof ListQuery> }>(
    '/quotes',
    { schema: { querystring: ListQuery, response: { 200: Type.Object({ quotes: Type.Array(QuoteSummarySchema) }), ...ErrorResponses } } },
    async (request) => ({
      quotes: await asRequestUser(fastify, request, (tx) => listQuotes(tx, { status: request.query.status, search: request.query.q }))
    })
  )

  fastify.post<{ Body: Static<typeof CreateBody> }>(
    '/quotes',
    {
      // « Nouveau devis » sends no body at all.
      preValidation: async (request) => {
        request.body ??= {}
      },
      config: { fieldPrefix: 'content.' },
      schema: { body: CreateBody, response: { 201: QuoteBody, ...ErrorResponses } }
    },
    async (request, reply) => {
      const quote = await asRequestUser(fastify, request, (tx, user) => createQuote(tx, user.id, request.body.content ?? {}, new Date()))
      return reply.code(201).send({ quote })
    }
  )

  fastify.get<IdParams>('/quotes/:id', { schema: { ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx) => getQuote(tx, request.params.id))
  }))

  fastify.put<IdParams & { Body: Static<typeof UpdateBody> }>(
    '/quotes/:id',
    { config: { fieldPrefix: 'content.' }, schema: { ...withId, body: UpdateBody, response: { 200: QuoteBody, ...ErrorResponses } } },
    async (request) => ({
      quote: await asRequestUser(fastify, request, (tx) => updateDraft(tx, request.params.id, request.body.version, request.body.content))
    })
  )

  fastify.delete<IdParams>('/quotes/:id', { schema: { ...withId, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx) => deleteDraft(tx, request.params.id))
    return reply.code(204).send()
  })

  fastify.post<IdParams>('/quotes/:id/duplicate', { schema: { ...withId, response: { 201: QuoteBody, ...ErrorResponses } } }, async (request, reply) => {
    const quote = await asRequestUser(fastify, request, (tx, user) => duplicateQuote(tx, user.id, request.params.id, new Date()))
    return reply.code(201).send({ quote })
  })

  fastify.post<IdParams>('/quotes/:id/revise', { schema: { ...withId, response: { 201: QuoteBody, ...ErrorResponses } } }, async (request, reply) => {
    const quote = await asRequestUser(fastify, request, (tx, user) => reviseQuote(tx, user.id, request.params.id, new Date()))
    return reply.code(201).send({ quote })
  })

  fastify.post<IdParams>('/quotes/:id/cancel', { schema: { ...withId, response: { 200: QuoteBody, ...ErrorResponses } } }, async (request) => ({
    quote: await asRequestUser(fastify, request, (tx, user) => cancelQuote(tx, user.id, request.params.id))
  }))

  fastify.get<IdParams>('/quotes/:id/events', { schema: { ...withId, response: { 200: EventsBody, ...ErrorResponses } } }, async (request) => {
    const events = await asRequestUser(fastify, request, (tx) => listEvents(tx, request.params.id))
    return { events: events.map((event) => ({ type: event.type, occurredAt: event.occurredAt, label: quoteEventLabel(event.type) })) }
  })
}
