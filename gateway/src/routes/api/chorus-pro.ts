// The Chorus Pro access of « Ma plateforme agréée » (`/api/company/chorus-pro`, the owner's): read, save, remove, test.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ChorusProBody, ChorusProTestBody, PutChorusProBody } from '@paraphe/shared/api/chorus-pro-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { ApiProblem } from '../../errors.js'
import {
  checkChorusProDestinations,
  chorusProCredentialsFor,
  readChorusPro,
  recordChorusProTest,
  removeChorusPro,
  requireChorusProTester,
  saveChorusPro,
  testChorusPro
} from '../../transmission/chorus-pro-connection.js'
import { asRequestUser } from './user-transaction.js'

export default async function chorusProRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const settings = () => ({ secretsKey: fastify.transmission.secretsKey, production: fastify.config.production })

  fastify.get('/company/chorus-pro', { schema: { response: { 200: ChorusProBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => readChorusPro(tx, member))
  )

  fastify.put(
    '/company/chorus-pro',
    { schema: { body: PutChorusProBody, response: { 200: ChorusProBody, ...ErrorResponses } } },
    async (request) => {
      // Outside the transaction: the address's DNS answer may take a moment.
      await checkChorusProDestinations(request.body, settings())
      const answer = await asRequestUser(fastify, request, (tx, member) => saveChorusPro(tx, member, request.body, settings()))
      // Never the body: it holds the secrets.
      request.log.info('Chorus Pro access saved')
      return answer
    }
  )

  fastify.delete('/company/chorus-pro', { schema: { response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx, member) => removeChorusPro(tx, member))
    return reply.code(204).send(null)
  })

  fastify.post('/company/chorus-pro/test', { schema: { response: { 200: ChorusProTestBody, ...ErrorResponses } } }, async (request) => {
    const companyId = await asRequestUser(fastify, request, async (_tx, member) => {
      requireChorusProTester(member)
      return member.companyId
    })
    const credentials = await chorusProCredentialsFor(fastify.db, companyId, fastify.transmission.secretsKey)
    if (credentials === null) throw new ApiProblem(404, 'not_found', 'Aucun accès à Chorus Pro n’est enregistré.')
    // Outside any transaction: PISTE may take seconds.
    const problem = await testChorusPro(fastify.transmission.chorusProClient, credentials)
    request.log.info({ ok: problem === null }, 'Chorus Pro access tested')
    return asRequestUser(fastify, request, (tx, member) => recordChorusProTest(tx, member, problem))
  })
}
