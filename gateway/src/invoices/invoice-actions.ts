// One function per action on an invoice, called by the workspace's routes (/api) and the public
// API (/api/v1) alike, so that both answer the same and neither has to remember what follows an
// action: each queues its follow-up work in its transaction (the render job, invoice.* webhook
// events, e-mails) and wakes the queue concerned once that transaction committed. Issuing goes
// through one queue per company (issue-queue.ts), whoever calls.
import type { InvoiceRead } from '@paraphe/shared/api/transmission-schemas'
import type Stripe from 'stripe'
import type { Queryable } from '../db/database.js'
import type { Invoice, InvoiceList, InvoiceListFilter, InvoiceRequest, NewPayment } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceExportFilter, InvoiceSendRequest } from '@paraphe/shared/api/invoice-client-schemas'
import type { InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import type { MemberScope } from '../company/membership.js'
import type { Site } from '../config.js'
import type { Database } from '../db/database.js'
import type { Log } from '../logging.js'
import type { QueueWake } from '../queue/queue-wake.js'
import { remindInvoiceByHand } from './client/invoice-reminders.js'
import { revokeInvoiceLinks } from './client/invoice-links.js'
import { sendInvoice } from './client/invoice-sending.js'
import { checkPeriod } from './exports/export-period.js'
import { exportInvoices, type ExportFile } from './exports/invoice-exports.js'
import { createCreditNote, invoiceFiles, issueInvoice, type FacturXmlMaker } from './invoice-issuing.js'
import { renderIssuedInvoice, type FacturXMaker } from './invoice-jobs.js'
import { recordPayment } from './invoice-payments.js'
import { createDraft, deleteDraft, findInvoice, getInvoice, listInvoices, updateDraft } from './invoices-repository.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { readTransmission } from '../transmission/transmission-view.js'
import { cardSessionsExpiryJob } from './card/card-jobs.js'
import { processConnectEvent, type ConnectEventResult } from './card/card-events.js'
import { oneIssueAtATime } from './issue-queue.js'

export type ActionLog = Pick<Log, 'info' | 'warn'>

export interface InvoiceActionsDeps {
  /** The owner's connection: renders an issued invoice's PDF when an action needs it before the job ran. */
  db: Database
  site: Site
  wake: QueueWake
  makeXml: FacturXmlMaker
  makeFacturX: FacturXMaker
}

export interface InvoiceFiles {
  kind: InvoiceKind
  number: string
  pdf: Uint8Array
  xml: string
}

export interface InvoiceActions {
  list: (scope: MemberScope, filter: InvoiceListFilter) => Promise<InvoiceList>
  /** The invoice, and once issued its transmission (the way it left, the platform's statuses). */
  read: (scope: MemberScope, id: string) => Promise<InvoiceRead>
  /** A draft, issued at once when asked (the public API's `issue: true`). */
  create: (scope: MemberScope, request: InvoiceRequest, options: { issue?: boolean | undefined }, log: ActionLog) => Promise<Invoice>
  updateDraft: (scope: MemberScope, id: string, version: number, request: InvoiceRequest) => Promise<Invoice>
  deleteDraft: (scope: MemberScope, id: string) => Promise<void>
  issue: (scope: MemberScope, id: string, log: ActionLog) => Promise<Invoice>
  creditNote: (
    scope: MemberScope,
    id: string,
    options: { creditAmountCents?: number | undefined; issue?: boolean | undefined },
    log: ActionLog
  ) => Promise<Invoice>
  recordPayment: (scope: MemberScope, id: string, payment: NewPayment) => Promise<Invoice>
  send: (scope: MemberScope, id: string, request: InvoiceSendRequest, log: ActionLog) => Promise<{ invoice: Invoice; sentTo: string }>
  remind: (scope: MemberScope, id: string) => Promise<{ invoice: Invoice; sentTo: string }>
  revokeLinks: (scope: MemberScope, id: string, log: ActionLog) => Promise<number>
  /** The accountant's export of a period (for the ZIP, the PDFs of invoices issued seconds ago rendered first). */
  exportPeriod: (scope: MemberScope, filter: InvoiceExportFilter) => Promise<ExportFile>
  /** The Factur-X PDF and XML (the PDF rendered now if its job has not run yet: seconds after the issue). */
  files: (scope: MemberScope, id: string) => Promise<InvoiceFiles>
  /** A verified event of a professional's Stripe account (the Connect webhook), applied once. */
  cardEvent: (event: Stripe.Event, log: ConnectLog) => Promise<ConnectEventResult>
}

export type ConnectLog = Pick<Log, 'warn' | 'error'>

/**
 * What an invoice asks changed (a payment, a credit note): its card session opened for more is
 * expired at Stripe by a job (invoices/card/card-jobs.ts), queued in the change's transaction.
 */
async function expireCardSessionsOf(tx: Queryable, invoiceId: string, companyId: string): Promise<void> {
  await enqueueJob(tx, cardSessionsExpiryJob, { invoiceId }, { companyId })
}

export function createInvoiceActions(deps: InvoiceActionsDeps): InvoiceActions {
  const { site, wake } = deps

  /** The member's company, read in a transaction of its own: the issuing queue is keyed by it before any connection is held. */
  const companyOf = (scope: MemberScope) => scope(async (_tx, member) => member.companyId)

  /** After an issue committed: its render job (then its hand-off) and invoice.issued go now rather than at the next poll. */
  function issued(invoice: Invoice, log: ActionLog): Invoice {
    if (invoice.status !== 'issued') return invoice
    wake.jobs()
    wake.webhooks()
    log.info({ invoiceId: invoice.id, number: invoice.number }, 'invoice issued')
    return invoice
  }

  /** An issued invoice's PDF before an action that hands it out (stored once: a render already stored is kept). */
  async function withPdf(scope: MemberScope, id: string): Promise<InvoiceFiles> {
    const files = await scope((tx) => invoiceFiles(tx, id))
    if (files.pdf !== null) return { ...files, pdf: files.pdf }
    // Stored here: its hand-off, queued with it, goes now.
    // A person waits for it: rendered as a download, not deferred like the job's render ahead.
    if (await renderIssuedInvoice(deps.db, deps.makeFacturX, id, 'download')) wake.jobs()
    const rendered = await scope((tx) => invoiceFiles(tx, id))
    // Stored by the line above or by the job meanwhile.
    return { ...rendered, pdf: rendered.pdf as Uint8Array }
  }

  /** Before an e-mail that attaches the PDF: a draft is left to the action's own refusal (« Émettez la facture… »). */
  async function pdfBeforeMail(scope: MemberScope, id: string): Promise<void> {
    const issued = await scope(async (tx) => (await findInvoice(tx, id)).status === 'issued')
    if (issued) await withPdf(scope, id)
  }

  return {
    list: (scope, filter) => scope((tx) => listInvoices(tx, filter, new Date())),

    read: (scope, id) =>
      scope(async (tx) => ({ invoice: await getInvoice(tx, id, new Date()), transmission: await readTransmission(tx, id) })),

    async create(scope, request, { issue }, log) {
      if (issue !== true) return scope((tx, member) => createDraft(tx, member.companyId, request, new Date()))
      const companyId = await companyOf(scope)
      const invoice = await oneIssueAtATime(companyId, () =>
        scope(async (tx, member) => {
          const draft = await createDraft(tx, member.companyId, request, new Date())
          return issueInvoice(tx, member.companyId, draft.id, { now: new Date(), makeXml: deps.makeXml })
        })
      )
      return issued(invoice, log)
    },

    updateDraft: (scope, id, version, request) => scope((tx) => updateDraft(tx, id, version, request, new Date())),

    deleteDraft: (scope, id) => scope((tx) => deleteDraft(tx, id)),

    async issue(scope, id, log) {
      const companyId = await companyOf(scope)
      const invoice = await oneIssueAtATime(companyId, () =>
        scope(async (tx, member) => {
          const issuedNow = await issueInvoice(tx, member.companyId, id, { now: new Date(), makeXml: deps.makeXml })
          // A credit note lowers what its invoice asks: a card session opened for more goes.
          if (issuedNow.correctsInvoiceId !== null) await expireCardSessionsOf(tx, issuedNow.correctsInvoiceId, member.companyId)
          return issuedNow
        })
      )
      return issued(invoice, log)
    },

    async creditNote(scope, id, options, log) {
      const work = () =>
        scope(async (tx, member) => {
          const note = await createCreditNote(tx, member.companyId, id, options, { now: new Date(), makeXml: deps.makeXml })
          // The corrected invoice asks less: a card session opened for more goes.
          if (note.status === 'issued') await expireCardSessionsOf(tx, id, member.companyId)
          return note
        })
      const invoice = options.issue === true ? await oneIssueAtATime(await companyOf(scope), work) : await work()
      return issued(invoice, log)
    },

    async recordPayment(scope, id, payment) {
      const invoice = await scope(async (tx, member) => {
        const recorded = await recordPayment(tx, member.companyId, id, payment, new Date())
        // Less is owed now: a card session opened for the old rest goes.
        await expireCardSessionsOf(tx, id, member.companyId)
        return recorded
      })
      // invoice.paid, queued when the payment reached the amount due.
      if (invoice.paymentStatus === 'paid') wake.webhooks()
      wake.jobs()
      return invoice
    },

    async send(scope, id, request, log) {
      await pdfBeforeMail(scope, id)
      const sent = await scope((tx) => sendInvoice(tx, id, request, site, new Date()))
      wake.outbox()
      log.info({ invoiceId: sent.invoice.id }, 'invoice sent to the client')
      return sent
    },

    async remind(scope, id) {
      await pdfBeforeMail(scope, id)
      const reminded = await scope((tx) => remindInvoiceByHand(tx, id, site, new Date()))
      wake.outbox()
      return reminded
    },

    async revokeLinks(scope, id, log) {
      const revokedLinks = await scope((tx) => revokeInvoiceLinks(tx, id))
      log.info({ invoiceId: id, revokedLinks }, 'invoice links revoked')
      return revokedLinks
    },

    async exportPeriod(scope, filter) {
      // Only the ZIP holds the PDFs: those of the period issued seconds ago are rendered first.
      if (filter.format === 'zip') {
        // A period refused in French before it reaches SQL.
        checkPeriod(filter)
        const waiting = await scope((tx) =>
          tx.query<{ id: string }>(
            `select id from paraphe.invoices where status = 'issued' and pdf is null and issue_date between $1::date and $2::date
              order by chain_index`,
            [filter.from, filter.to]
          )
        )
        let stored = false
        for (const { id } of waiting.rows) stored = (await renderIssuedInvoice(deps.db, deps.makeFacturX, id, 'download')) || stored
        // Their hand-offs were queued with them.
        if (stored) wake.jobs()
      }
      return scope((tx) => exportInvoices(tx, filter, new Date(), scope))
    },

    files: withPdf,

    async cardEvent(event, log) {
      const result = await processConnectEvent({ db: deps.db, log }, event)
      if (result.outcome === 'applied') {
        // invoice.paid (webhooks), whatever e-mail a payment queues, and the stale sessions' expiry go now.
        wake.webhooks()
        wake.outbox()
        wake.jobs()
      }
      return result
    }
  }
}
