import type { FastifyInstance } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { ErrorBody } from '../../errors.js'
import { pdfFileName, quoteDocument, signedDocument } from '../../workspace/quote-document.js'
import { QuoteIdParams, QuoteSchema } from '../../workspace/quote-schemas.js'
import { remindByHand, revokeLinks } from '../../signing/quote-reminders.js'
import { sendQuote } from '../../workspace/quote-sending.js'
import { asRequestUser } from '../../workspace/user-transaction.js'

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody }
type IdParams = { Params: Static<typeof QuoteIdParams> }
const SentBody = Type.Object({ quote: QuoteSchema, signingUrl: Type.String() })

/** Sending a quote and its PDF. */
export default async function quoteDocumentRoutes(fastify: FastifyInstance) {
  const withId = { params: QuoteIdParams }

  fastify.post<IdParams>('/quotes/:id/send', { schema: { ...withId, response: { 200: SentBody, ...errors } } }, async (request, reply) => {
    const sent = await asRequestUser(fastify, request, (tx, user) =>
      sendQuote(tx, user.id, request.params.id, { now: new Date(), publicUrl: fastify.config.publicUrl, siteName: fastify.config.runtime.siteName })
    )
    // Sent right away rather than at the next poll.
    void fastify.outbox.wake()
    request.log.info({ quoteId: sent.quote.id, number: sent.quote.number }, 'quote sent')
    return reply.header('cache-control', 'no-store').send({ quote: sent.quote, signingUrl: sent.signingUrl })
  })

  fastify.post<IdParams>('/quotes/:id/remind', { schema: { ...withId, response: { 200: Type.Object({ reminded: Type.Boolean() }), 429: ErrorBody, ...errors } } }, async (request) => {
    const site = { siteName: fastify.config.runtime.siteName, publicUrl: fastify.config.publicUrl }
    await asRequestUser(fastify, request, (tx, user) => remindByHand(tx, user.id, request.params.id, site))
    void fastify.outbox.wake()
    return { reminded: true }
  })

  fastify.post<IdParams>('/quotes/:id/revoke-links', { schema: { ...withId, response: { 200: Type.Object({ revoked: Type.Integer() }), ...errors } } }, async (request) => ({
    revoked: await asRequestUser(fastify, request, (tx, user) => revokeLinks(tx, user.id, request.params.id))
  }))

  fastify.get<IdParams>('/quotes/:id/pdf', { schema: { ...withId, response: errors } }, async (request, reply) => {
    // One transaction: the sealed copy if there is one, else what the PDF is drawn from.
    const found = await asRequestUser(fastify, request, async (tx) => {
      const signed = await signedDocument(tx, request.params.id)
      return signed ?? { document: await quoteDocument(tx, request.params.id) }
    })
    if ('pdf' in found) {
      return reply
        .type('application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${found.fileName}"`)
        .send(Buffer.from(found.pdf))
    }
    const { document } = found
    // Loaded on first use: the fonts and pdf-lib stay out of the start-up path.
    const { renderQuotePdf } = await import('../../pdf/quote-pdf.js')
    const pdf = await renderQuotePdf(document)
    const fileName = pdfFileName(document.quote)
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(Buffer.from(pdf))
  })
}
