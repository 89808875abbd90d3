// The workspace's webhooks (`/api/company/webhooks`): the owner lists, creates (the secret is in
// this one answer) and deletes endpoints, reads an endpoint's deliveries and re-sends one.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import {
  CreatedWebhookEndpointBody,
  CreateWebhookEndpointBody,
  WebhookDeliveryIdParams,
  WebhookDeliveryListBody,
  WebhookDeliverySchema,
  WebhookEndpointIdParams,
  WebhookEndpointListBody,
  WebhookEndpointSchema
} from '@paraphe/shared/api/webhook-schemas'
import { asRequestUser, memberScope } from './user-transaction.js'
import {
  checkedEndpointUrl,
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  redeliverNow
} from '../../webhooks/webhook-repository.js'

export default async function webhookRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { publicUrl, production } = fastify.config
  fastify.get('/company/webhooks', { schema: { response: { 200: WebhookEndpointListBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => listEndpoints(tx, member))
  )

  fastify.post(
    '/company/webhooks',
    { schema: { body: CreateWebhookEndpointBody, response: { 201: CreatedWebhookEndpointBody, ...ErrorResponses } } },
    async (request, reply) => {
      // The URL's addresses are looked up before the transaction (DNS can take a moment).
      const url = await checkedEndpointUrl(request.body, { production })
      const created = await asRequestUser(fastify, request, (tx, member) => createEndpoint(tx, member, url, request.body.events, publicUrl))
      request.log.info({ webhookEndpointId: created.endpoint.id }, 'webhook endpoint created')
      return reply.code(201).send(created)
    }
  )

  fastify.delete(
    '/company/webhooks/:id',
    { schema: { params: WebhookEndpointIdParams, response: { 200: WebhookEndpointSchema, ...ErrorResponses } } },
    async (request) => {
      const endpoint = await asRequestUser(fastify, request, (tx, member) => deleteEndpoint(tx, member, request.params.id))
      request.log.info({ webhookEndpointId: endpoint.id }, 'webhook endpoint deleted')
      return endpoint
    }
  )

  fastify.get(
    '/company/webhooks/:id/deliveries',
    { schema: { params: WebhookEndpointIdParams, response: { 200: WebhookDeliveryListBody, ...ErrorResponses } } },
    async (request) => ({
      deliveries: await asRequestUser(fastify, request, (tx, member) => listDeliveries(tx, member, request.params.id))
    })
  )

  fastify.post(
    '/company/webhooks/:id/deliveries/:deliveryId/redeliver',
    { schema: { params: WebhookDeliveryIdParams, response: { 200: WebhookDeliverySchema, ...ErrorResponses } } },
    async (request) => {
      const delivery = await redeliverNow(
        memberScope(fastify, request),
        fastify.queueWake,
        request.params.id,
        request.params.deliveryId,
        publicUrl
      )
      request.log.info({ webhookDeliveryId: delivery.id }, 'webhook delivery queued again')
      return delivery
    }
  )
}
