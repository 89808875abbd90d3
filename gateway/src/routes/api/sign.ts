import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { LogoFile } from '@paraphe/shared/api/profile-schemas'
import { QuotePdfFile } from '@paraphe/shared/api/quote-schemas'
import {
  CodeSentBody,
  DeclineBody,
  DeclinedBody,
  SignBody,
  SignedBody,
  SigningViewBody,
  TokenParams
} from '@paraphe/shared/api/signing-schemas'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { notFound } from '../../errors.js'
import { readSigningFiles } from '../../signing/signing-view.js'
import { guardTokenLinks } from './token-link-guards.js'
import {
  declineLink,
  linkPdf,
  sendSigningCode,
  showLink,
  signLink,
  type SigningContext,
  type Visitor
} from '../../signing/signing-answers.js'

/** Requests per client address and minute on the signing API. */
export { LINK_REQUESTS_PER_MINUTE as SIGN_REQUESTS_PER_MINUTE } from './token-link-guards.js'

function visitorOf(request: FastifyRequest): Visitor {
  const session = request.headers['x-signing-visitor']
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', session: typeof session === 'string' ? session : undefined }
}

/** The client's side of a quote, reached only by the link's token (signing/signing-answers.ts). */
export default async function signRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  await guardTokenLinks(fastify, 'sign')

  const context = (request: FastifyRequest): SigningContext => ({
    db: fastify.db,
    config: fastify.config,
    log: request.log,
    sealCertificate: () => fastify.sealCertificate(),
    wake: fastify.queueWake,
    repairSealsSoon: () => fastify.repairSealsSoon()
  })

  fastify.get('/sign/:token', { schema: { params: TokenParams, response: { 200: SigningViewBody, ...ErrorResponses } } }, async (request) =>
    showLink(context(request), request.params.token, visitorOf(request))
  )

  fastify.get(
    '/sign/:token/pdf',
    { schema: { params: TokenParams, response: { 200: QuotePdfFile, ...ErrorResponses } } },
    async (request, reply) => {
      const { pdf, filename } = await linkPdf(fastify.db, request.params.token)
      return reply.type('application/pdf').header('content-disposition', attachmentDisposition(filename)).send(Buffer.from(pdf))
    }
  )

  // The header of the signing page shows the company's logo, as the PDF prints it.
  fastify.get(
    '/sign/:token/logo',
    { schema: { params: TokenParams, response: { 200: LogoFile, ...ErrorResponses } } },
    async (request, reply) => {
      const { logo } = await readSigningFiles(fastify.db, request.params.token)
      if (logo === null) throw notFound('Ce logo est introuvable.')
      return reply.type(logo.type).send(Buffer.from(logo.bytes))
    }
  )

  fastify.post(
    '/sign/:token/decline',
    { schema: { params: TokenParams, body: DeclineBody, response: { 200: DeclinedBody, ...ErrorResponses } } },
    async (request) => declineLink(context(request), request.params.token, request.body.reason, visitorOf(request))
  )

  fastify.post(
    '/sign/:token/sign',
    { schema: { params: TokenParams, body: SignBody, response: { 200: SignedBody, ...ErrorResponses } } },
    async (request) => signLink(context(request), request.params.token, request.body, visitorOf(request))
  )

  fastify.post(
    '/sign/:token/otp',
    { schema: { params: TokenParams, response: { 200: CodeSentBody, ...ErrorResponses } } },
    async (request) => sendSigningCode(context(request), request.params.token)
  )
}
