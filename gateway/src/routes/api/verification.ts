import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { VerifyResultBody } from '@paraphe/shared/api/verification-schemas'
import { VERIFY_MAX_BYTES } from '@paraphe/shared/verification'
import { verifyDocument } from '../../verification/verify-document.js'

/** « Is this PDF one we sealed? » for anyone holding the file. */
export default async function verificationRoutes(fastify: FastifyInstance) {
  fastify.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/pdf', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: VERIFY_MAX_BYTES },
      (_request, body, done) => done(null, body)
    )
    scope.post<{ Body: Buffer }>(
      '/verify',
      { schema: { response: { 200: VerifyResultBody, ...ErrorResponses } } },
      async (request, reply) => reply.header('cache-control', 'no-store').send(await verifyDocument(fastify.db, request.body))
    )
  })
}
