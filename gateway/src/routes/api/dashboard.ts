// The workspace's figures: what waits for a signature, what was signed this month, the signature
// rate, the reminders due, the latest activity (quotes and invoices) and what the invoices leave to collect.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { DashboardBody, RECENT_ACTIVITY } from '@paraphe/shared/api/dashboard-schemas'
import { ErrorResponses } from '@paraphe/shared/api/error-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import { recentInvoiceActivity } from '../../invoices/invoice-activity.js'
import { invoiceReceivables } from '../../invoices/invoice-receivables.js'
import { dashboard } from '../../quotes/dashboard.js'
import { asRequestUser } from './user-transaction.js'

export default async function dashboardRoutes(instance: FastifyInstance) {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  fastify.get('/dashboard', { schema: { response: { 200: DashboardBody, ...ErrorResponses } } }, async (request) => {
    return asRequestUser(fastify, request, async (tx, member) => {
      const quotes = await dashboard(tx)
      const invoices = await recentInvoiceActivity(tx, RECENT_ACTIVITY)
      // The latest of both, newest first (ISO times in UTC compare as text).
      const recent = [...quotes.recent, ...invoices].sort((a, b) => b.occurredAt.localeCompare(a.occurredAt)).slice(0, RECENT_ACTIVITY)
      return { ...quotes, recent, receivables: await invoiceReceivables(tx, member.companyId, parisIsoDate(new Date())) }
    })
  })
}
