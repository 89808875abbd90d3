// « Ma plateforme agréée » (`/api/company/platform`, the owner's): read, save, remove, test.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { PlatformBody, PlatformTestBody, PlatformWebhookSecretBody, PutPlatformBody } from '@paraphe/shared/api/platform-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { ApiProblem } from '../../errors.js'
import {
  checkPlatformDestinations,
  credentialsFor,
  readPlatform,
  recordTest,
  removePlatform,
  requireTester,
  savePlatform,
  testCredentials
} from '../../transmission/platform-connection.js'
import { generateWebhookSecret } from '../../transmission/platform-webhook.js'
import { asRequestUser } from './user-transaction.js'

export default async function platformRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const settings = () => ({ secretsKey: fastify.transmission.secretsKey, production: fastify.config.production })

  fastify.get('/company/platform', { schema: { response: { 200: PlatformBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => readPlatform(tx, member))
  )

  fastify.put(
    '/company/platform',
    { schema: { body: PutPlatformBody, response: { 200: PlatformBody, ...ErrorResponses } } },
    async (request) => {
      // Outside the transaction: the address's DNS answer may take a moment.
      await checkPlatformDestinations(request.body, settings())
      const answer = await asRequestUser(fastify, request, (tx, member) => savePlatform(tx, member, request.body, settings()))
      request.log.info({ authKind: request.body.authKind }, 'platform connection saved')
      return answer
    }
  )

  fastify.delete('/company/platform', { schema: { response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx, member) => removePlatform(tx, member))
    return reply.code(204).send(null)
  })

  fastify.post('/company/platform/test', { schema: { response: { 200: PlatformTestBody, ...ErrorResponses } } }, async (request) => {
    const companyId = await asRequestUser(fastify, request, async (_tx, member) => {
      requireTester(member)
      return member.companyId
    })
    const credentials = await credentialsFor(fastify.db, companyId, fastify.transmission.secretsKey)
    if (credentials === null) throw new ApiProblem(404, 'not_found', 'Aucune plateforme agréée n’est enregistrée.')
    // Outside any transaction: the platform may take seconds.
    const problem = await testCredentials(fastify.transmission.flowClient, credentials)
    request.log.info({ ok: problem === null }, 'platform connection tested')
    return asRequestUser(fastify, request, (tx, member) => recordTest(tx, member, problem))
  })

  // « Générer le secret du webhook »: the secret is in this answer only; the old one stops working.
  fastify.post(
    '/company/platform/webhook-secret',
    { schema: { response: { 200: PlatformWebhookSecretBody, ...ErrorResponses } } },
    async (request) => {
      const answer = await asRequestUser(fastify, request, (tx, member) =>
        generateWebhookSecret(tx, member, fastify.transmission.secretsKey)
      )
      request.log.info('platform webhook secret generated')
      return answer
    }
  )
}
