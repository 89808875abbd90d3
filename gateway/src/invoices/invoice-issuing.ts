// Issuing an invoice, in one transaction: the company's counter row is locked (numbers and the
// chain advance one invoice at a time, across gateways), the document is composed again from
// today's facts, its CII XML made (milliseconds), and the row is frozen with its number, its
// document, its XML and its link in the chain (hash v2, invoice-chain.ts). The Factur-X PDF is
// not made here: rendering it takes 0.3–1 s, and the counter row and a connection (on the
// embedded database, its only one) would be held meanwhile. The render job is queued in the same
// transaction (invoice-jobs.ts) and runs right after the commit. Any failure rolls everything
// back, the number and the job included: no gap, ever.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument, InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { enqueueJob } from '../jobs/job-queue.js'
import { chainHashV2, CURRENT_HASH_VERSION } from './invoice-chain.js'
import { composeInvoice } from './invoice-composer.js'
import { invoiceRenderJob } from './invoice-job-definitions.js'
import { formatInvoiceNumber } from './invoice-numbers.js'
import { compositionSources, createDraft, findInvoice, getInvoice, summaryOf } from './invoices-repository.js'

/** Makes the CII XML of a document (in a PDF process: the gateway's process never loads xmlbuilder2). */
export type FacturXmlMaker = (document: InvoiceDocument) => Promise<string>

export interface IssueContext {
  now: Date
  makeXml: FacturXmlMaker
}

export async function issueInvoice(tx: Queryable, companyId: string, id: string, { now, makeXml }: IssueContext): Promise<Invoice> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'draft') throw new ApiProblem(409, 'invoice_issued', `Cette facture est déjà émise (n° ${row.number ?? ''}).`)
  const issueDate = parisIsoDate(now)
  const year = Number(issueDate.slice(0, 4))
  // The lock every issue of the company waits on until this transaction ends.
  const counter = await tx.query<{ last_number: number }>(
    `insert into paraphe.invoice_counters (company_id, year, last_number) values ($1, $2, 1)
     on conflict (company_id) do update
        set last_number = case when paraphe.invoice_counters.year = excluded.year then paraphe.invoice_counters.last_number + 1 else 1 end,
            year = excluded.year
     returning last_number`,
    [companyId, year]
  )
  const number = formatInvoiceNumber(year, theRow(counter.rows).last_number)
  const previous = await tx.query<{ chain_index: number; sha256: string }>(
    `select chain_index, sha256 from paraphe.invoices where company_id = $1 and status = 'issued' order by chain_index desc limit 1`,
    [companyId]
  )
  const chainIndex = (previous.rows[0]?.chain_index ?? 0) + 1
  const previousSha256 = previous.rows[0]?.sha256 ?? null
  const document = composeInvoice(await compositionSources(tx, row.content, number, issueDate))
  const xml = await makeXml(document)
  const sha256 = chainHashV2({
    companyId,
    chainIndex,
    previousSha256,
    number,
    kind: row.kind,
    issueDate,
    dueDate: document.dueDate,
    document,
    xml
  })
  const summary = summaryOf(document)
  await tx.query(
    `update paraphe.invoices
        set status = 'issued', number = $2, issue_date = $3, due_date = $4, issued_at = $5, document = $6, xml = $7,
            chain_index = $8, previous_sha256 = $9, sha256 = $10, hash_version = $11, client_name = $12, total_ht_cents = $13,
            total_ttc_cents = $14, amount_due_cents = $15, updated_at = now()
      where id = $1`,
    [
      id,
      number,
      issueDate,
      document.dueDate,
      now,
      JSON.stringify(document),
      xml,
      chainIndex,
      previousSha256,
      sha256,
      CURRENT_HASH_VERSION,
      summary.clientName,
      summary.totalHtCents,
      summary.totalTtcCents,
      summary.amountDueCents
    ]
  )
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, 'issued', $3)`, [
    id,
    companyId,
    JSON.stringify({ number, sha256 })
  ])
  await enqueueJob(tx, invoiceRenderJob, { invoiceId: id }, { companyId })
  return getInvoice(tx, id, now)
}

/** Answer while the render job has not stored the PDF yet (seconds after the issue). */
export const pdfInPreparation = () =>
  new ApiProblem(409, 'invoice_pdf_pending', 'Le PDF de cette facture est en préparation : réessayez dans quelques secondes.')

/** The stored Factur-X files of an issued invoice (`pdf` null while its render job has not run). */
export async function invoiceFiles(
  tx: Queryable,
  id: string
): Promise<{ kind: InvoiceKind; number: string; pdf: Uint8Array | null; xml: string }> {
  const row = await findInvoice(tx, id)
  if (row.status !== 'issued')
    throw new ApiProblem(409, 'invoice_draft', 'Un brouillon n’a pas encore de PDF ni de XML : émettez la facture d’abord.')
  const { rows } = await tx.query<{ pdf: Uint8Array | null; xml: string }>('select pdf, xml from paraphe.invoices where id = $1', [id])
  const files = theRow(rows)
  return { kind: row.kind, number: row.number as string, pdf: files.pdf, xml: files.xml }
}

/** A credit note on an issued invoice (the whole of it, or an amount TTC), issued at once when asked. */
export async function createCreditNote(
  tx: Queryable,
  companyId: string,
  correctedId: string,
  options: { creditAmountCents?: number | undefined; issue?: boolean | undefined },
  context: IssueContext
): Promise<Invoice> {
  const draft = await createDraft(
    tx,
    companyId,
    {
      kind: 'credit_note',
      correctsInvoiceId: correctedId,
      ...(options.creditAmountCents === undefined ? {} : { creditAmountCents: options.creditAmountCents })
    },
    context.now
  )
  return options.issue === true ? issueInvoice(tx, companyId, draft.id, context) : draft
}
