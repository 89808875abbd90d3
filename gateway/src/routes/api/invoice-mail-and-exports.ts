// The invoices' e-mails and exports in the workspace: « Envoyer la facture », « Relancer », the
// client's links revoked, the reminder delays, the accounts of the FEC, and the accountant's exports
// by period. Domain code in invoices/client and invoices/exports; the actions
// (invoices/invoice-actions.ts) wake the outbox once their e-mail is committed.
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
  DepositSettingsBody,
  DepositSettingsSchema,
  ReminderSettingsBody,
  ReminderSettingsSchema
} from '@paraphe/shared/api/invoice-client-schemas'
import { AccountingAccountsBody } from '@paraphe/shared/invoices/accounting-accounts'
import { attachmentDisposition } from '../../pdf/file-name.js'
import { reminderSettings, saveReminderSettings } from '../../invoices/client/invoice-reminders.js'
import { depositSettings, saveDepositSettings } from '../../invoices/deposit-at-signature.js'
import { asRequestUser, memberScope } from './user-transaction.js'
import { accountingAccounts, saveAccountingAccounts } from '../../invoices/exports/accounting-settings.js'

export default async function invoiceMailAndExportRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  fastify.post(
    '/invoices/:id/send',
    { schema: { params: InvoiceIdParams, body: InvoiceSendBody, response: { 200: InvoiceSentBody, ...ErrorResponses } } },
    async (request) => fastify.invoiceActions.send(memberScope(fastify, request), request.params.id, request.body ?? {}, request.log)
  )

  fastify.post(
    '/invoices/:id/links/revoke',
    { schema: { params: InvoiceIdParams, response: { 200: InvoiceLinksRevokedBody, ...ErrorResponses } } },
    async (request) => ({
      revokedLinks: await fastify.invoiceActions.revokeLinks(memberScope(fastify, request), request.params.id, request.log)
    })
  )

  fastify.post(
    '/invoices/:id/remind',
    { schema: { params: InvoiceIdParams, response: { 200: InvoiceSentBody, ...ErrorResponses } } },
    async (request) => fastify.invoiceActions.remind(memberScope(fastify, request), request.params.id)
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

  fastify.get('/invoices/deposit-settings', { schema: { response: { 200: DepositSettingsBody, ...ErrorResponses } } }, async (request) => ({
    settings: await asRequestUser(fastify, request, (tx) => depositSettings(tx))
  }))

  fastify.put(
    '/invoices/deposit-settings',
    { schema: { body: DepositSettingsSchema, response: { 200: DepositSettingsBody, ...ErrorResponses } } },
    async (request) => ({
      settings: await asRequestUser(fastify, request, (tx, member) => saveDepositSettings(tx, member.companyId, request.body))
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
      const file = await fastify.invoiceActions.exportPeriod(memberScope(fastify, request), request.query)
      return reply
        .type(file.contentType)
        .header('cache-control', 'no-store')
        .header('content-disposition', attachmentDisposition(file.filename))
        .send(file.body)
    }
  )
}
