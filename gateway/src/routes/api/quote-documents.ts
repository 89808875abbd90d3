import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { QuoteIdParams, QuotePdfFile, RemindedBody, RevokedLinksBody, SentQuoteBody } from '@paraphe/shared/api/quote-schemas'
import { attachmentDisposition, quotePdfName } from '../../pdf/file-name.js'
import { documentOf, quoteForPdf, signedPdfBytes } from '../../quotes/quote-document.js'
import { keptQuotePdf, quotePdfBytes } from '../../quotes/quote-pdf-bytes.js'
import { asRequestUser, memberScope } from './user-transaction.js'

/** Sending a quote and its PDF. */
export default async function quoteDocumentRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const withId = { params: QuoteIdParams }

  fastify.post('/quotes/:id/send', { schema: { ...withId, response: { 200: SentQuoteBody, ...ErrorResponses } } }, async (request) =>
    fastify.quoteActions.send(memberScope(fastify, request), request.params.id, request.log)
  )

  fastify.post('/quotes/:id/remind', { schema: { ...withId, response: { 200: RemindedBody, ...ErrorResponses } } }, async (request) => {
    await fastify.quoteActions.remind(memberScope(fastify, request), request.params.id)
    return { reminded: true }
  })

  fastify.post(
    '/quotes/:id/revoke-links',
    { schema: { ...withId, response: { 200: RevokedLinksBody, ...ErrorResponses } } },
    async (request) => ({
      revoked: await fastify.quoteActions.revokeLinks(memberScope(fastify, request), request.params.id)
    })
  )

  fastify.get('/quotes/:id/pdf', { schema: { ...withId, response: { 200: QuotePdfFile, ...ErrorResponses } } }, async (request, reply) => {
    // One transaction of one statement when the bytes are in memory (a sealed copy by its hash,
    // a sent quote by id and version); else what the PDF is drawn from.
    const found = await asRequestUser(fastify, request, async (tx) => {
      const { row, signedSha256 } = await quoteForPdf(tx, request.params.id)
      if (signedSha256 !== null) return { pdf: await signedPdfBytes(tx, row.id, signedSha256), fileName: quotePdfName(row, true) }
      const kept = keptQuotePdf(row)
      if (kept !== undefined) return { pdf: kept, fileName: quotePdfName(row) }
      const document = await documentOf(tx, row)
      return { pdf: null, document, fileName: quotePdfName(row) }
    })
    // Rendered outside the transaction: PGlite's one connection is not held while a worker draws.
    const pdf = found.pdf ?? (await quotePdfBytes(found.document))
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(found.fileName))
      .send(Buffer.from(await pdf))
  })
}
