// The workspace's figures: what waits for a signature, what was signed this month, the signature
// rate, the reminders due, the latest activity and what the invoices leave to collect.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { DashboardBody } from '@paraphe/shared/api/dashboard-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { invoiceReceivables } from '../../invoices/invoice-receivables.js'
import { dashboard } from '../../quotes/dashboard.js'
import { asRequestUser } from './user-transaction.js'

export default async function dashboardRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get('/dashboard', { schema: { response: { 200: DashboardBody, ...ErrorResponses } } }, async (request) => {
    return asRequestUser(fastify, request, async (tx, member) => ({
      ...(await dashboard(tx)),
      receivables: await invoiceReceivables(tx, member.companyId, parisIsoDate(new Date()))
    }))
  })
}
