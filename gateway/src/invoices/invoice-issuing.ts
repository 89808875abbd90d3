// Issuing an invoice, in one transaction: the company's counter row is locked (numbers and the
// chain advance one invoice at a time, across gateways), the document is composed again from
// today's facts, the Factur-X files are made, and the row is frozen with its number and its link
// in the chain. Any failure rolls everything back, the number included: no gap, ever.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument, InvoiceKind } from '@paraphe/shared/invoices/invoice-document'
import { theRow, type Queryable } from '../db/database.js'
import { ApiProblem } from '../errors.js'
import { chainHash } from './invoice-chain.js'
import { composeInvoice } from './invoice-composer.js'
import { formatInvoiceNumber } from './invoice-numbers.js'
import { compositionSources, createDraft, findInvoice, getInvoice, summaryOf } from './invoices-repository.js'

export interface FacturXFiles {
  /** The PDF/A-3 with the XML attached as factur-x.xml. */
  pdf: Uint8Array
  /** The CII XML as attached. */
  xml: string
}

/** Makes the Factur-X files of a document (the PDF processes' work, see workers/). */
export type FacturXMaker = (document: InvoiceDocument) => Promise<FacturXFiles>

export interface IssueContext {
  now: Date
  makeFacturX: FacturXMaker
}

export async function issueInvoice(tx: Queryable, companyId: string, id: string, { now, makeFacturX }: IssueContext): Promise<Invoice> {
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
  const files = await makeFacturX(document)
  const sha256 = chainHash({
    companyId,
    chainIndex,
    previousSha256,
    number,
    kind: row.kind,
    issueDate,
    dueDate: document.dueDate,
    document,
    pdf: files.pdf,
    xml: files.xml
  })
  const summary = summaryOf(document)
  await tx.query(
    `update paraphe.invoices
        set status = 'issued', number = $2, issue_date = $3, due_date = $4, issued_at = $5, document = $6, pdf = $7, xml = $8,
            chain_index = $9, previous_sha256 = $10, sha256 = $11, client_name = $12, total_ht_cents = $13, total_ttc_cents = $14,
            amount_due_cents = $15, updated_at = now()
      where id = $1`,
    [
      id,
      number,
      issueDate,
      document.dueDate,
      now,
      JSON.stringify(document),
      Buffer.from(files.pdf),
      files.xml,
      chainIndex,
      previousSha256,
      sha256,
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
  return getInvoice(tx, id, now)
}

/** The stored Factur-X files of an issued invoice. */
export async function invoiceFiles(
  tx: Queryable,
  id: string
): Promise<{ kind: InvoiceKind; number: string; pdf: Uint8Array; xml: string }> {
  const row = await findInvoice(tx, id)
  if (row.status !== 'issued')
    throw new ApiProblem(409, 'invoice_draft', 'Un brouillon n’a pas encore de PDF ni de XML : émettez la facture d’abord.')
  const { rows } = await tx.query<{ pdf: Uint8Array; xml: string }>('select pdf, xml from paraphe.invoices where id = $1', [id])
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
