import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import {
  SavedClientIdParams,
  SavedClientInputSchema,
  SavedClientListBody,
  SavedClientListQuery,
  SavedClientPageBody,
  SavedClientSchema
} from '@paraphe/shared/api/saved-client-schemas'
import { checkSavedClient, type SavedClientInput } from '@paraphe/shared/saved-clients'
import { ApiProblem } from '../../errors.js'
import { clientPage, createClient, deleteClient, listClients, updateClient } from '../../clients/saved-clients-repository.js'
import { asRequestUser } from './user-transaction.js'

/** The schema checked the shapes; this checks the rules (a name, a valid e-mail and SIRET…). */
function checked(input: SavedClientInput): SavedClientInput {
  const result = checkSavedClient(input)
  if (!result.ok) throw new ApiProblem(400, 'invalid_client', 'Vérifiez les champs signalés.', result.problems)
  return result.client
}

/** Saved clients: the address book shared by the company's members, and each client's quotes. */
export default async function clientRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get(
    '/clients',
    { schema: { querystring: SavedClientListQuery, response: { 200: SavedClientListBody, ...ErrorResponses } } },
    async (request) =>
      asRequestUser(fastify, request, (tx) => listClients(tx, { search: request.query.q, limit: request.query.limit ?? 50 }))
  )

  fastify.get(
    '/clients/:id',
    { schema: { params: SavedClientIdParams, response: { 200: SavedClientPageBody, ...ErrorResponses } } },
    async (request) => asRequestUser(fastify, request, (tx) => clientPage(tx, request.params.id))
  )

  fastify.post(
    '/clients',
    { schema: { body: SavedClientInputSchema, response: { 201: SavedClientSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const client = checked(request.body)
      return reply.code(201).send(await asRequestUser(fastify, request, (tx, member) => createClient(tx, member.companyId, client)))
    }
  )

  fastify.put(
    '/clients/:id',
    { schema: { params: SavedClientIdParams, body: SavedClientInputSchema, response: { 200: SavedClientSchema, ...ErrorResponses } } },
    async (request) => {
      const client = checked(request.body)
      return asRequestUser(fastify, request, (tx) => updateClient(tx, request.params.id, client))
    }
  )

  fastify.delete(
    '/clients/:id',
    { schema: { params: SavedClientIdParams, response: { 204: NoContent, ...ErrorResponses } } },
    async (request, reply) => {
      await asRequestUser(fastify, request, (tx) => deleteClient(tx, request.params.id))
      return reply.code(204).send(null)
    }
  )
}
