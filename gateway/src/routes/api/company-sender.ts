// The company's sender address (`/api/company/sender`, the owner's), and the public link that
// confirms it (`/api/sender-confirmation`, from the e-mail sent to that address).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { PutSenderBody, SenderBody, SenderConfirmationQuery } from '@paraphe/shared/api/company-sender-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { NoContent } from '@paraphe/shared/api/schema-parts'
import { paths } from '@paraphe/shared/paths'
import { newDkimKeyPair } from '../../company-sender/dkim-key.js'
import { txtLookup } from '../../company-sender/dns-check.js'
import {
  confirmSender,
  lookUpRecords,
  readSender,
  recordCheck,
  removeSender,
  resendConfirmation,
  senderForCheck,
  setSender,
  type SenderSettings
} from '../../company-sender/sender-repository.js'
import { SENDER_CONFIRMATION_PATH } from '../../mail/templates/sender-confirmation.js'
import { asRequestUser } from './user-transaction.js'

/** Private: the signed-in owner's company. */
export default async function companySenderRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const { config } = fastify
  const settings: SenderSettings = { site: config.site, spfInclude: config.mail.senderSpfInclude }
  const lookup = txtLookup(config.mail.dnsServers)
  fastify.get('/company/sender', { schema: { response: { 200: SenderBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => readSender(tx, member, settings))
  )

  fastify.put('/company/sender', { schema: { body: PutSenderBody, response: { 200: SenderBody, ...ErrorResponses } } }, async (request) => {
    // Made before the transaction (the prime search takes a moment), used only if the address is accepted.
    const key = await newDkimKeyPair()
    const answer = await asRequestUser(fastify, request, (tx, member) => setSender(tx, member, request.body.address, key, settings))
    request.log.info('sender address set, confirmation sent')
    return answer
  })

  fastify.post('/company/sender/confirmation', { schema: { response: { 200: SenderBody, ...ErrorResponses } } }, async (request) =>
    asRequestUser(fastify, request, (tx, member) => resendConfirmation(tx, member, settings))
  )

  fastify.post('/company/sender/check', { schema: { response: { 200: SenderBody, ...ErrorResponses } } }, async (request) => {
    const looked = await asRequestUser(fastify, request, (tx, member) => senderForCheck(tx, member))
    // Up to a few seconds of DNS: outside any transaction.
    const found = await lookUpRecords(looked.address, looked.selector, lookup)
    return asRequestUser(fastify, request, (tx, member) => recordCheck(tx, member, looked, found, settings))
  })

  fastify.delete('/company/sender', { schema: { response: { 204: NoContent, ...ErrorResponses } } }, async (request, reply) => {
    await asRequestUser(fastify, request, (tx, member) => removeSender(tx, member))
    return reply.code(204).send(null)
  })
}

/** Public: the link of the confirmation e-mail, then the sender page with what it found. */
export async function senderConfirmationRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get(
    SENDER_CONFIRMATION_PATH.replace(/^\/api/, ''),
    { schema: { querystring: SenderConfirmationQuery } },
    async (request, reply) => {
      const confirmed = await confirmSender(fastify.db, request.query.token)
      request.log.info({ confirmed }, 'sender confirmation link used')
      reply.header('cache-control', 'no-store')
      reply.header('referrer-policy', 'no-referrer')
      return reply.redirect(paths.sender.href(confirmed ? 'ok' : 'invalid'), 303)
    }
  )
}
