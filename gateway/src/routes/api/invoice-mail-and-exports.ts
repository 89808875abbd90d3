// The invoices' e-mails and exports in the workspace: « Envoyer la facture », « Relancer », the
// client's links revoked, the reminder delays, the accounts of the FEC, and the accountant's exports by period. Domain code in invoices/client and
// invoices/exports; the e-mails queued in the transaction go out once it has committed.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { InvoiceIdParams } from '@paraphe/shared/api/invoice-schemas'
import {
  InvoiceExportFile,
  InvoiceExportQuery,
  InvoiceLinksRevokedBody,
  InvoiceSendBody,
  InvoiceSentBody,
  ReminderSettingsBody,
  ReminderSettingsSchema
} from '@paraphe/shared/api/invoice-client-schemas'
import { AccountingAccountsBody } from '@paraphe/shared/invoices/accounting-accounts'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { remindInvoiceByHand, reminderSettings, saveReminderSettings } from '../../invoices/client/invoice-reminders.js'
import { revokeInvoiceLinks } from '../../invoices/client/invoice-links.js'
import { sendInvoice } from '../../invoices/client/invoice-sending.js'
import { accountingAccounts, saveAccountingAccounts } from '../../invoices/exports/accounting-settings.js'
import { exportInvoices } from '../../invoices/exports/invoice-exports.js'
import { asRequestUser } from './user-transaction.js'

export default async function invoiceMailAndExportRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  fastify.post(
    '/invoices/:id/send',
    { schema: { params: InvoiceIdParams, body: InvoiceSendBody, response: { 200: InvoiceSentBody, ...ErrorResponses } } },
    async (request) => {
      const sent = await asRequestUser(fastify, request, (tx) =>
        sendInvoice(tx, request.params.id, request.body ?? {}, fastify.config.site, new Date())
      )
      void fastify.outbox.wake()
      request.log.info({ invoiceId: sent.invoice.id }, 'invoice sent to the client')
      return sent
    }
  )

  fastify.post(
    '/invoices/:id/links/revoke',
    { schema: { params: InvoiceIdParams, response: { 200: InvoiceLinksRevokedBody, ...ErrorResponses } } },
    async (request) => {
      const revokedLinks = await asRequestUser(fastify, request, (tx) => revokeInvoiceLinks(tx, request.params.id))
      request.log.info({ invoiceId: request.params.id, revokedLinks }, 'invoice links revoked')
      return { revokedLinks }
    }
  )

  fastify.post(
    '/invoices/:id/remind',
    { schema: { params: InvoiceIdParams, response: { 200: InvoiceSentBody, ...ErrorResponses } } },
    async (request) => {
      const reminded = await asRequestUser(fastify, request, (tx) =>
        remindInvoiceByHand(tx, request.params.id, fastify.config.site, new Date())
      )
      void fastify.outbox.wake()
      return reminded
    }
  )

  fastify.get(
    '/invoices/reminder-settings',
    { schema: { response: { 200: ReminderSettingsBody, ...ErrorResponses } } },
    async (request) => ({
      settings: await asRequestUser(fastify, request, (tx) => reminderSettings(tx))
    })
  )

  fastify.put(
    '/invoices/reminder-settings',
    { schema: { body: ReminderSettingsSchema, response: { 200: ReminderSettingsBody, ...ErrorResponses } } },
    async (request) => ({
      settings: await asRequestUser(fastify, request, (tx, member) => saveReminderSettings(tx, member.companyId, request.body))
    })
  )

  fastify.get(
    '/invoices/accounting-settings',
    { schema: { response: { 200: AccountingAccountsBody, ...ErrorResponses } } },
    async (request) => ({
      accounts: await asRequestUser(fastify, request, (tx) => accountingAccounts(tx))
    })
  )

  fastify.put(
    '/invoices/accounting-settings',
    { schema: { body: AccountingAccountsBody, response: { 200: AccountingAccountsBody, ...ErrorResponses } } },
    async (request) => ({
      accounts: await asRequestUser(fastify, request, (tx, member) => saveAccountingAccounts(tx, member, request.body.accounts))
    })
  )

  fastify.get(
    '/invoices/export',
    { schema: { querystring: InvoiceExportQuery, response: { 200: InvoiceExportFile, ...ErrorResponses } } },
    async (request, reply) => {
      const file = await asRequestUser(fastify, request, (tx) =>
        exportInvoices(tx, request.query, new Date(), (work) => asRequestUser(fastify, request, work))
      )
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentDisposition(file.filename))
        .send(file.body)
    }
  )
}
