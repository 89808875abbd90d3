// The workspace's API keys (`/api/company/api-keys`): the owner lists, creates (the secret is in
// this one answer) and revokes them.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ApiKeyIdParams, ApiKeyListBody, ApiKeySchema, CreateApiKeyBody, CreatedApiKeyBody } from '@paraphe/shared/api/api-key-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { createApiKey, listApiKeys, revokeApiKey } from '../../api-keys/api-key-repository.js'
import { asRequestUser } from './user-transaction.js'

export default async function apiKeyRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get('/company/api-keys', { schema: { response: { 200: ApiKeyListBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => listApiKeys(tx, member))
  )

  fastify.post(
    '/company/api-keys',
    { schema: { body: CreateApiKeyBody, response: { 201: CreatedApiKeyBody, ...ErrorResponses } } },
    async (request, reply) => {
      const created = await asRequestUser(fastify, request, (tx, member) =>
        createApiKey(tx, member, request.body, fastify.config.publicUrl)
      )
      request.log.info({ apiKeyId: created.key.id }, 'api key created')
      return reply.code(201).send(created)
    }
  )

  fastify.delete(
    '/company/api-keys/:id',
    { schema: { params: ApiKeyIdParams, response: { 200: ApiKeySchema, ...ErrorResponses } } },
    async (request) => {
      const key = await asRequestUser(fastify, request, (tx, member) => revokeApiKey(tx, member, request.params.id))
      request.log.info({ apiKeyId: key.id }, 'api key revoked')
      return key
    }
  )
}
