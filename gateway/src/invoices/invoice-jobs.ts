// The invoices' job handlers (definitions in invoice-job-definitions.ts), run as the database
// owner by the job registry (plugins/app/jobs.ts).
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Site } from '../config.js'
import type { Database } from '../db/database.js'
import type { RegisteredJob } from '../jobs/job-runner.js'
import { registerJob } from '../jobs/job-runner.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { handOffJob } from '../transmission/transmission-jobs.js'
import type { Log } from '../logging.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { sendDueInvoiceReminders } from './client/invoice-reminders.js'
import { sha256Hex } from './invoice-chain.js'
import { invoiceDueDatesJob, invoiceRenderJob } from './invoice-job-definitions.js'
import { markOverdueInvoices } from './invoice-overdue.js'

/** Makes the Factur-X PDF/A-3 of a document and the XML it carries (the PDF processes). */
export type FacturXMaker = (document: InvoiceDocument, urgency?: 'ahead' | 'download') => Promise<{ pdf: Uint8Array; xml: string }>

export interface InvoiceJobsContext {
  db: Database
  site: Site
  log: Log
  wake: QueueWake
  makeFacturX: FacturXMaker
}

/**
 * Renders and stores an issued invoice's PDF, once: a PDF already stored is never replaced (the
 * database refuses it too), and the XML the PDF carries must be byte for byte the one the chain
 * covers (the document's rendering is deterministic: the same document gives the same bytes).
 * The invoice's hand-off is queued with the PDF (wake the jobs after). Resolves to false when
 * there was nothing to do.
 */
export async function renderIssuedInvoice(
  db: Database,
  makeFacturX: FacturXMaker,
  invoiceId: string,
  urgency: 'ahead' | 'download' = 'ahead'
): Promise<boolean> {
  const { rows } = await db.query<{ document: InvoiceDocument; xml: string; has_pdf: boolean }>(
    `select document, xml, pdf is not null as has_pdf from paraphe.invoices where id = $1 and status = 'issued'`,
    [invoiceId]
  )
  const row = rows[0]
  if (row === undefined || row.has_pdf) return false
  const files = await makeFacturX(row.document, urgency)
  if (files.xml !== row.xml) throw new Error(`invoice ${invoiceId}: the rendered XML differs from the issued one`)
  return db.transaction(async (tx) => {
    const stored = await tx.query<{ company_id: string }>(
      `update paraphe.invoices set pdf = $2, pdf_sha256 = $3 where id = $1 and pdf is null returning company_id`,
      [invoiceId, Buffer.from(files.pdf), sha256Hex(files.pdf)]
    )
    const row = stored.rows[0]
    if (row === undefined) return false
    // The file handed to the plateforme agréée is the one stored: its hand-off follows the render.
    await enqueueJob(tx, handOffJob, { invoiceId }, { companyId: row.company_id })
    return true
  })
}

export function invoiceJobs(context: InvoiceJobsContext): RegisteredJob[] {
  return [
    registerJob(invoiceRenderJob, async ({ invoiceId }, run) => {
      if (await renderIssuedInvoice(context.db, context.makeFacturX, invoiceId)) run.log.info({ invoiceId }, 'invoice PDF rendered')
    }),
    registerJob(invoiceDueDatesJob, async (_payload, run) => {
      const now = new Date()
      // invoice.overdue, once per invoice; then the reminders due, so that invoice.overdue comes first.
      const overdue = await markOverdueInvoices(context.db, now)
      if (overdue > 0) {
        run.log.info({ overdue }, 'invoices overdue')
        context.wake.webhooks()
      }
      const reminded = await sendDueInvoiceReminders(context.db, context.site, now)
      if (reminded > 0) {
        run.log.info({ reminded }, 'invoice reminders queued')
        context.wake.outbox()
      }
    })
  ]
}
