import type { FastifyInstance } from 'fastify'
import { errorBody } from '../../errors.js'
import { checkStorableInput } from '../../http/storable-input.js'
import apiKeyRoutes from './api-keys.js'
import billingRoutes, { billingWebhookRoutes } from './billing.js'
import companyRoutes, { invitationViewRoutes } from './company.js'
import companyDirectoryRoutes from './company-directory.js'
import companySenderRoutes, { senderConfirmationRoutes } from './company-sender.js'
import platformRoutes from './platform.js'
import contactRoutes from './contact.js'
import dashboardRoutes from './dashboard.js'
import clientRoutes from './clients.js'
import stripeConnectionRoutes, { connectWebhookRoutes } from './card-payments.js'
import invoiceRoutes from './invoices.js'
import invoiceLinkRoutes from './invoice-link.js'
import invoiceMailAndExportRoutes from './invoice-mail-and-exports.js'
import itemRoutes from './items.js'
import planRoutes from './plans.js'
import profileRoutes from './profile.js'
import quoteDocumentRoutes from './quote-documents.js'
import quoteRoutes from './quotes.js'
import sessionRoutes from './session.js'
import signRoutes from './sign.js'
import verificationRoutes from './verification.js'
import v1Routes from './v1/index.js'
import webhookRoutes from './webhooks.js'

/** Everything under /api: JSON only, including unknown paths. */
export default async function apiRoutes(fastify: FastifyInstance) {
  checkStorableInput(fastify)
  await fastify.register(planRoutes)
  await fastify.register(contactRoutes)
  await fastify.register(signRoutes)
  await fastify.register(invoiceLinkRoutes)
  await fastify.register(verificationRoutes)
  await fastify.register(billingWebhookRoutes)
  await fastify.register(connectWebhookRoutes)
  await fastify.register(invitationViewRoutes)
  await fastify.register(senderConfirmationRoutes)
  // Private routes: one guard for the whole scope.
  await fastify.register(async (privateScope) => {
    privateScope.addHook('onRequest', privateScope.authenticate)
    // Everything here is one account's data: never kept by a browser or a proxy (one hook for the
    // scope, as fastify/demo's autohooks put a folder's hooks in one place).
    privateScope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store')
    })
    await privateScope.register(sessionRoutes)
    await privateScope.register(profileRoutes)
    await privateScope.register(quoteRoutes)
    await privateScope.register(dashboardRoutes)
    await privateScope.register(quoteDocumentRoutes)
    await privateScope.register(billingRoutes)
    await privateScope.register(companyRoutes)
    await privateScope.register(companyDirectoryRoutes)
    await privateScope.register(itemRoutes)
    await privateScope.register(clientRoutes)
    await privateScope.register(apiKeyRoutes)
    await privateScope.register(companySenderRoutes)
    await privateScope.register(platformRoutes)
    await privateScope.register(webhookRoutes)
    await privateScope.register(invoiceRoutes)
    await privateScope.register(invoiceMailAndExportRoutes)
    await privateScope.register(stripeConnectionRoutes)
  })
  await fastify.register(v1Routes, { prefix: '/v1' })
  // Without this, GET /api/typo would fall through to the site's HTML 404 page.
  fastify.all('/*', async (request, reply) => reply.code(404).send(errorBody('not_found', 'Cette adresse de l’API n’existe pas.')))
}
