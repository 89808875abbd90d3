import type { FastifyInstance } from 'fastify'
import { Type } from '@sinclair/typebox'
import { asAnonymous } from '../../db/database.js'
import { ApiProblem, ErrorBody } from '../../errors.js'
import { sha256Hex } from '../../signing/quote-pdf-cache.js'

export const VERIFY_MAX_BYTES = 20 * 1024 * 1024

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
    scope.post<{ Body: Buffer }>('/verify', { schema: { response: { 200: VerifyBody, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody } } }, async (request, reply) => {
      const body = request.body
      if (!Buffer.isBuffer(body) || body.subarray(0, 5).toString('latin1') !== '%PDF-') {
        throw new ApiProblem(415, 'not_a_pdf', 'Ce fichier n’est pas un PDF. Déposez le PDF signé reçu par e-mail ou téléchargé depuis le lien de signature.')
      }
      const sha256 = sha256Hex(body)
      const { rows } = await asAnonymous(fastify.db, (tx) =>
        tx.query<{ document: { number: string; signerName: string; signedAt: string } | null }>('select paraphe.verify_document($1) as document', [sha256])
      )
      return reply.header('cache-control', 'no-store').send({ sha256, document: rows[0]?.document ?? null })
    })
  })
}
