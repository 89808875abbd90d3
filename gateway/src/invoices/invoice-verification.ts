// Recomputes every company's invoice chain from the stored rows, as the database owner (no RLS):
// the positions follow each other, each invoice names the previous one's hash, each hash is the
// one its content gives (v1 or v2, invoice-chain.ts), a rendered PDF matches the hash stored
// beside it, the summary columns the list, the payment status and the client's page read
// (client, totals, amount due) are the ones its document gives, within a year the numbers follow
// each other with no gap, and the last one is the company's counter (a removed last invoice is
// named).
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Queryable } from '../db/database.js'
import { chainHash, chainHashV2, sha256Hex } from './invoice-chain.js'
import { formatInvoiceNumber } from './invoice-numbers.js'
import { summaryOf } from './invoices-repository.js'
import { parseInvoiceNumber } from './invoice-numbers.js'

export interface ChainProblem {
  companyId: string
  number: string
  problem: string
}

export interface ChainReport {
  companies: number
  invoices: number
  problems: ChainProblem[]
}

interface ChainRow {
  company_id: string
  chain_index: number
  previous_sha256: string | null
  sha256: string
  number: string
  kind: string
  issue_date: string
  due_date: string
  document: InvoiceDocument
  pdf: Uint8Array | null
  xml: string
  hash_version: number
  pdf_sha256: string | null
  client_name: string
  total_ht_cents: string | number
  total_ttc_cents: string | number
  amount_due_cents: string | number
}

async function companiesWithInvoices(db: Queryable, companyId?: string): Promise<string[]> {
  if (companyId !== undefined) return [companyId]
  const { rows } = await db.query<{ company_id: string }>(
    // A company whose every invoice was removed still has its counter.
    `select company_id from paraphe.invoices where status = 'issued' union select company_id from paraphe.invoice_counters order by company_id`
  )
  return rows.map((row) => row.company_id)
}

/** The company's counter says how many numbers its current series gave: those after the last stored invoice were removed. */
async function compareWithCounter(db: Queryable, company: string, lastNumber: string | null, report: ChainReport): Promise<void> {
  const { rows } = await db.query<{ year: number; last_number: number }>(
    'select year, last_number from paraphe.invoice_counters where company_id = $1',
    [company]
  )
  const counter = rows[0]
  if (counter === undefined) return
  const last = lastNumber === null ? null : parseInvoiceNumber(lastNumber)
  const from = last !== null && last.year === counter.year ? last.sequence + 1 : 1
  for (let missing = from; missing <= counter.last_number; missing += 1) {
    report.problems.push({
      companyId: company,
      number: formatInvoiceNumber(counter.year, missing),
      problem: `facture manquante : le compteur de la société en est à ${formatInvoiceNumber(counter.year, counter.last_number)} (supprimée ?)`
    })
  }
}

export async function verifyInvoiceChains(db: Queryable, companyId?: string): Promise<ChainReport> {
  const report: ChainReport = { companies: 0, invoices: 0, problems: [] }
  for (const company of await companiesWithInvoices(db, companyId)) {
    report.companies += 1
    const { rows } = await db.query<ChainRow>(
      `select company_id, chain_index, previous_sha256, sha256, number, kind, issue_date, due_date, document, pdf, xml,
              hash_version, pdf_sha256, client_name, total_ht_cents, total_ttc_cents, amount_due_cents
         from paraphe.invoices where company_id = $1 and status = 'issued' order by chain_index`,
      [company]
    )
    let previous: ChainRow | null = null
    for (const row of rows) {
      report.invoices += 1
      const problem = (text: string) => report.problems.push({ companyId: company, number: row.number, problem: text })
      if (row.chain_index !== (previous?.chain_index ?? 0) + 1)
        problem(`position ${row.chain_index} après ${previous?.chain_index ?? 0} : une facture manque`)
      if (row.previous_sha256 !== (previous?.sha256 ?? null)) problem('ne désigne pas l’empreinte de la facture précédente')
      const fields = {
        companyId: row.company_id,
        chainIndex: row.chain_index,
        previousSha256: row.previous_sha256,
        number: row.number,
        kind: row.kind,
        issueDate: row.issue_date,
        dueDate: row.due_date,
        document: row.document,
        xml: row.xml
      }
      const recomputed = row.hash_version === 2 ? chainHashV2(fields) : row.pdf === null ? null : chainHash({ ...fields, pdf: row.pdf })
      if (recomputed !== row.sha256) problem('son contenu ne correspond plus à son empreinte SHA-256 (modifiée après émission)')
      // v2: the PDF, rendered after the number, is checked against the hash stored beside it.
      if (row.hash_version === 2 && row.pdf !== null && sha256Hex(row.pdf) !== row.pdf_sha256)
        problem('son PDF ne correspond plus à son empreinte SHA-256 (modifié après émission)')
      const summary = summaryOf(row.document)
      if (
        summary.clientName !== row.client_name ||
        summary.totalHtCents !== Number(row.total_ht_cents) ||
        summary.totalTtcCents !== Number(row.total_ttc_cents) ||
        summary.amountDueCents !== Number(row.amount_due_cents)
      )
        problem('ses colonnes client, totaux ou montant dû ne sont plus celles de son document (modifiées après émission)')
      const current = parseInvoiceNumber(row.number)
      const before = previous === null ? null : parseInvoiceNumber(previous.number)
      if (current === null) problem('numéro hors série')
      else if (before !== null && before.year === current.year) {
        if (current.sequence !== before.sequence + 1) {
          problem(`numéro ${row.number} après ${previous?.number ?? ''} : la numérotation n’est pas continue`)
          for (let missing = before.sequence + 1; missing < current.sequence; missing += 1)
            report.problems.push({
              companyId: company,
              number: formatInvoiceNumber(current.year, missing),
              problem: 'facture manquante (supprimée ?)'
            })
        }
      } else if (before !== null && before.year > current.year)
        problem(`numéro ${row.number} après ${previous?.number ?? ''} : la numérotation n’est pas chronologique`)
      else if (current.sequence !== 1) problem(`la série ${current.year} ne commence pas à 1`)
      previous = row
    }
    await compareWithCounter(db, company, previous?.number ?? null, report)
  }
  return report
}
