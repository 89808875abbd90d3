import { createHash, randomInt } from 'node:crypto'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Type, type Static } from '@sinclair/typebox'
import { paths } from '@paraphe/shared/paths'
import { asAnonymous } from '../../db/database.js'
import { ApiProblem, ErrorBody } from '../../errors.js'
import { declinedNoticeEmail, signingCodeEmail } from '../../mail/templates/signing-notices.js'
import { completeSignature } from '../../signing/complete-signature.js'
import { renderedQuote } from '../../signing/quote-pdf-cache.js'
import { ACCEPTANCE_MENTION, mentionMatches, PRE_WORK_MENTION } from '@paraphe/shared/quote-mentions'
import { drawingProblem } from '../../signing/signature-input.js'
import { answerRefusal, linkNotFound, refusalFor } from '../../signing/signing-refusals.js'
import { hashToken, isWellFormedToken } from '../../signing/signing-token.js'
import { readSigningFiles, readSigningView, type SigningView } from '../../signing/signing-view.js'
import { QuoteSchema } from '../../workspace/quote-schemas.js'
import { CompanyProfileSchema } from '../../workspace/profile-schemas.js'

/** Requests per client address and minute on the signing API. */
export const SIGN_REQUESTS_PER_MINUTE = 300

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) })
type TokenRoute = { Params: Static<typeof TokenParams> }
const errors = { 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 422: ErrorBody, 429: ErrorBody }

const ViewBody = Type.Object({
  state: Type.String(),
  quote: QuoteSchema,
  company: CompanyProfileSchema,
  documentSha256: Type.String(),
  linkExpiresAt: Type.String(),
  signature: Type.Union([Type.Object({ signerName: Type.String(), signedAt: Type.String(), method: Type.String() }), Type.Null()]),
  declinedAt: Type.Union([Type.String(), Type.Null()]),
  signedDocument: Type.Boolean()
})

const PointSchema = Type.Object({ x: Type.Number(), y: Type.Number(), time: Type.Number() })
const SignatureSchema = Type.Union([
  Type.Object({
    method: Type.Literal('drawn'),
    strokes: Type.Array(Type.Object({ points: Type.Array(PointSchema, { maxItems: 2000 }) }), { maxItems: 100 }),
    padWidth: Type.Number({ minimum: 50, maximum: 4000 }),
    padHeight: Type.Number({ minimum: 20, maximum: 4000 })
  }),
  Type.Object({ method: Type.Literal('typed'), text: Type.String({ minLength: 2, maxLength: 80 }) })
])
export const SignBody = Type.Object({
  signerName: Type.String({ minLength: 2, maxLength: 120 }),
  accepted: Type.Boolean(),
  mention: Type.String({ maxLength: 60 }),
  preWorkAcknowledged: Type.Optional(Type.Boolean()),
  signature: SignatureSchema,
  emailCode: Type.Optional(Type.String({ maxLength: 10 })),
  documentSha256: Type.String({ pattern: '^[0-9a-f]{64}$' })
})
const DeclineBody = Type.Object({ reason: Type.String({ maxLength: 500 }) })

/** The client's side of a quote, reached only by the link's token. */
export default async function signRoutes(fastify: FastifyInstance) {
  // Tokens cannot be guessed (256 bits), but each request may render a PDF or write an event:
  // one address gets a generous budget, far above what a person signing needs.
  await fastify.register(rateLimit, { global: false })
  fastify.addHook(
    'onRequest',
    fastify.rateLimit({
      max: SIGN_REQUESTS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `sign:${request.ip}`,
      errorResponseBuilder: (_request, context) => Object.assign(new Error('rate limited'), { statusCode: context.statusCode })
    })
  )
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
  })

  async function viewOf(request: FastifyRequest<TokenRoute>): Promise<SigningView> {
    const { token } = request.params
    // A malformed token never reaches the database; a well-formed unknown one gets the same 404.
    if (!isWellFormedToken(token)) throw linkNotFound()
    const view = await readSigningView(fastify.db, token)
    if (view === null) throw linkNotFound()
    return view
  }

  function document(token: string, view: SigningView) {
    return renderedQuote(`${view.quote.id}:${view.quote.version}`, async () => ({
      quote: view.quote,
      company: view.company,
      logo: (await readSigningFiles(fastify.db, token)).logo
    }))
  }

  fastify.get<TokenRoute>('/sign/:token', { schema: { params: TokenParams, response: { 200: ViewBody, ...errors } } }, async (request) => {
    const view = await viewOf(request)
    const { sha256 } = await document(request.params.token, view)
    if (view.state === 'open') {
      const visitor = request.headers['x-signing-visitor']
      const session = typeof visitor === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(visitor) ? visitor : createHash('sha256').update(`${request.ip} ${request.headers['user-agent'] ?? ''}`).digest('hex').slice(0, 32)
      await asAnonymous(fastify.db, (tx) =>
        tx.query('select paraphe.record_view($1, $2, $3, $4)', [hashToken(request.params.token), session, request.ip, request.headers['user-agent'] ?? ''])
      )
    }
    return { ...view, documentSha256: sha256 }
  })

  fastify.get<TokenRoute>('/sign/:token/pdf', { schema: { params: TokenParams, response: errors } }, async (request, reply) => {
    const view = await viewOf(request)
    const files = await readSigningFiles(fastify.db, request.params.token)
    const signed = files.signedPdf
    const pdf = signed ?? (await document(request.params.token, view)).pdf
    const name = `Devis-${view.quote.number ?? ''}${signed === null ? '' : '-signe'}.pdf`
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(Buffer.from(pdf))
  })

  fastify.post<TokenRoute & { Body: Static<typeof DeclineBody> }>(
    '/sign/:token/decline',
    { schema: { params: TokenParams, body: DeclineBody, response: { 200: Type.Object({ state: Type.String() }), ...errors } } },
    async (request) => {
      const view = await viewOf(request)
      const refusal = refusalFor(view)
      if (refusal !== null) throw refusal
      const site = { siteName: fastify.config.runtime.siteName, siteUrl: fastify.config.publicUrl }
      const workspaceUrl = new URL(paths.account.href(), fastify.config.publicUrl).href
      const notice = declinedNoticeEmail(view.quote, request.body.reason, new Date(), workspaceUrl, site)
      const emails = view.company.email === '' ? [] : [{ kind: 'quote-declined', to: view.company.email, ...notice }]
      const { rows } = await asAnonymous(fastify.db, (tx) =>
        tx.query<{ outcome: string }>('select paraphe.decline_quote($1, $2, $3, $4, $5) as outcome', [
          hashToken(request.params.token),
          request.body.reason.trim(),
          request.ip,
          request.headers['user-agent'] ?? '',
          JSON.stringify(emails)
        ])
      )
      const outcome = rows[0]?.outcome
      if (outcome !== 'declined_now') throw answerRefusal(view, outcome)
      void fastify.outbox.wake()
      return { state: 'declined' }
    }
  )

  fastify.post<TokenRoute & { Body: Static<typeof SignBody> }>(
    '/sign/:token/sign',
    { schema: { params: TokenParams, body: SignBody, response: { 200: Type.Object({ state: Type.String(), signedDocument: Type.Boolean() }), ...errors } } },
    async (request) => {
      const { token } = request.params
      const body = request.body
      const view = await viewOf(request)
      const refusal = refusalFor(view)
      if (refusal !== null) throw refusal
      const fields = signingProblems(body, view.quote.buildingTrade)
      if (Object.keys(fields).length > 0) throw new ApiProblem(422, 'signature_incomplete', 'La signature n’est pas complète.', fields)
      const { sha256 } = await document(token, view)
      if (sha256 !== body.documentSha256) {
        throw new ApiProblem(409, 'document_changed', 'Le devis a changé depuis que vous l’avez ouvert : rechargez la page pour lire la version à jour avant de signer.')
      }
      const otpVerified = view.quote.requireEmailCode ? await checkEmailCode(token, body.emailCode) : false
      const evidence = {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        signerName: body.signerName.trim(),
        signerEmail: view.quote.client.email,
        method: body.signature.method,
        mention: body.mention.trim(),
        emailCode: view.quote.requireEmailCode ? 'vérifié' : 'non demandé',
        documentSha256: sha256
      }
      const drawing =
        body.signature.method === 'drawn'
          ? { strokes: body.signature.strokes, padWidth: body.signature.padWidth, padHeight: body.signature.padHeight, preWorkAcknowledged: body.preWorkAcknowledged === true }
          : null
      const { rows } = await asAnonymous(fastify.db, (tx) =>
        tx.query<{ outcome: string }>('select paraphe.sign_quote($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as outcome', [
          hashToken(token),
          evidence.signerName,
          evidence.signerEmail,
          body.signature.method,
          drawing === null ? null : JSON.stringify(drawing),
          body.signature.method === 'typed' ? body.signature.text.trim() : null,
          evidence.mention,
          request.ip,
          evidence.userAgent,
          sha256,
          otpVerified,
          JSON.stringify(evidence)
        ])
      )
      const outcome = rows[0]?.outcome
      if (outcome !== 'signed') throw answerRefusal(view, outcome)
      // The signature stands from here. Sealing failures are repaired later (see completeSignature).
      const started = performance.now()
      let signedDocument = false
      try {
        const certificate = await fastify.sealCertificate()
        await completeSignature({ db: fastify.db, config: fastify.config, certificate, log: request.log }, view.quote.id)
        signedDocument = true
        void fastify.outbox.wake()
      } catch (error) {
        request.log.error({ err: error, quoteId: view.quote.id }, 'signed copy not sealed yet')
      }
      request.log.info({ quoteId: view.quote.id, sealMs: Math.round(performance.now() - started) }, 'quote signed')
      return { state: 'signed', signedDocument }
    }
  )

  async function checkEmailCode(token: string, code: string | undefined): Promise<boolean> {
    if (code === undefined || !/^\d{6}$/.test(code.trim())) {
      throw new ApiProblem(422, 'email_code_required', 'Saisissez le code à 6 chiffres reçu par e-mail.', { emailCode: 'Saisissez le code à 6 chiffres reçu par e-mail.' })
    }
    const { rows } = await asAnonymous(fastify.db, (tx) =>
      tx.query<{ outcome: string }>('select paraphe.check_signing_code($1, $2) as outcome', [hashToken(token), codeHash(token, code.trim())])
    )
    const outcome = rows[0]?.outcome
    if (outcome === 'ok') return true
    const message = EMAIL_CODE_MESSAGES[outcome ?? 'missing'] ?? MISSING_CODE
    throw new ApiProblem(422, `email_code_${outcome ?? 'missing'}`, message, { emailCode: message })
  }

  fastify.post<TokenRoute>(
    '/sign/:token/otp',
    { schema: { params: TokenParams, response: { 200: Type.Object({ sentTo: Type.String() }), ...errors } } },
    async (request) => {
      const view = await viewOf(request)
      const refusal = refusalFor(view)
      if (refusal !== null) throw refusal
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const site = { siteName: fastify.config.runtime.siteName, siteUrl: fastify.config.publicUrl }
      const email = { kind: 'signing-code', to: view.quote.client.email, ...signingCodeEmail(code, view.quote, view.company, site) }
      const { rows } = await asAnonymous(fastify.db, (tx) =>
        tx.query<{ outcome: string }>('select paraphe.create_signing_code($1, $2, $3) as outcome', [
          hashToken(request.params.token),
          codeHash(request.params.token, code),
          JSON.stringify([email])
        ])
      )
      if (rows[0]?.outcome === 'too_soon') {
        throw new ApiProblem(429, 'code_too_soon', 'Un code vient d’être envoyé : attendez une minute avant d’en demander un autre, et vérifiez vos courriers indésirables.')
      }
      void fastify.outbox.wake()
      return { sentTo: maskEmail(view.quote.client.email) }
    }
  )
}

const MISSING_CODE = 'Demandez d’abord un code : il vous sera envoyé par e-mail.'
const EMAIL_CODE_MESSAGES: Record<string, string> = {
  wrong: 'Ce code est incorrect. Vérifiez le dernier e-mail reçu (5 essais au plus par code).',
  locked: 'Trop d’essais avec ce code : demandez-en un nouveau.',
  expired: 'Ce code a expiré (il vaut 10 minutes) : demandez-en un nouveau.',
  missing: MISSING_CODE
}

/** What is missing or wrong in the signer's form, field by field, in French. */
export function signingProblems(body: Static<typeof SignBody>, buildingTrade: boolean): Record<string, string> {
  const fields: Record<string, string> = {}
  if (!/\p{L}.*\p{L}/u.test(body.signerName)) fields.signerName = 'Indiquez vos nom et prénom.'
  if (!body.accepted) fields.accepted = 'Cochez la case pour accepter le devis et ses conditions avant de signer.'
  if (!mentionMatches(body.mention)) fields.mention = `Recopiez la mention « ${ACCEPTANCE_MENTION} ».`
  if (buildingTrade && body.preWorkAcknowledged !== true) fields.preWorkAcknowledged = `Cochez la mention « ${PRE_WORK_MENTION} ».`
  if (body.signature.method === 'drawn') {
    const problem = drawingProblem(body.signature.strokes)
    if (problem !== null) fields.signature = problem
  } else if (!/\p{L}.*\p{L}/u.test(body.signature.text)) {
    fields.signature = 'Tapez votre nom pour signer.'
  }
  return fields
}

/** Codes are hashed with the link's token: a code leaked from the table is useless elsewhere. */
export function codeHash(token: string, code: string): string {
  return createHash('sha256').update(`${token}:${code}`).digest('hex')
}

/** « el***@example.org »: enough for the signer to recognise the address. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@')
  return `${local.slice(0, 2)}***@${domain}`
}

