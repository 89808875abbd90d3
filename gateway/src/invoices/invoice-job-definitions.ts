// The invoices' background jobs, as definitions: what the domain queues (enqueueJob) without
// knowing who runs them. Their handlers are in invoice-jobs.ts, registered in plugins/app/jobs.ts.
import { defineJob } from '../jobs/job-definition.js'

/** The Factur-X PDF of an issued invoice, made after its number is committed (one pending per invoice). */
export const invoiceRenderJob = defineJob<{ invoiceId: string }>({
  name: 'invoices.render',
  singletonKey: ({ invoiceId }) => `invoices.render:${invoiceId}`,
  // The PDF is awaited on the invoice's page: tried again within seconds (a full PDF queue defers it).
  maxAttempts: 30,
  retryDelayMs: (attempts) => Math.min(1_000 * 2 ** Math.max(0, attempts - 1), 60_000)
})

/** The due dates of every company's invoices: the overdue mark, then the payment reminders due. */
export const invoiceDueDatesJob = defineJob<Record<string, never>>({ name: 'invoices.due-dates', periodic: true })

/** The deposit invoice of a quote just signed, issued and sent by itself (the company's setting; one per quote). */
export const depositAtSignatureJob = defineJob<{ quoteId: string }>({
  name: 'invoices.deposit-at-signature',
  singletonKey: ({ quoteId }) => `invoices.deposit-at-signature:${quoteId}`
})
