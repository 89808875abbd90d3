import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { ErrorResponses } from '../../errors.js'
import { VERIFY_MAX_BYTES } from '@paraphe/shared/verification'
import { verifyDocument } from '../../verification/verify-document.js'

const VerifyBody = Type.Object({
  sha256: Type.String(),
  /** Sealed here: the quote number, the signer and the date; nothing else is disclosed. */
  document: Type.Union([Type.Object({ number: Type.String(), signerName: Type.String(), signedAt: Type.String() }), Type.Null()])
})

/** « Is this PDF one we sealed? » for anyone holding the file. */
export default async function verificationRoutes(fastify: FastifyInstance) {
  fastify.register(async (scope) => {
    scope.addContentTypeParser(['application/pdf', 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: VERIFY_MAX_BYTES }, (_request, body, done) =>
      done(null, body)
    )
    scope.post<{ Body: Buffer }>('/verify', { schema: { response: { 200: VerifyBody, ...ErrorResponses } } }, async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await verifyDocument(fastify.db, request.body))
    )
  })
}
