// Recomputes every company's invoice chain from the stored rows, as the database owner (no RLS):
// the positions follow each other, each invoice names the previous one's hash, each hash is the
// one its content gives, and within a year the numbers follow each other with no gap.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Queryable } from '../db/database.js'
import { chainHash } from './invoice-chain.js'
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
  pdf: Uint8Array
  xml: string
}

async function companiesWithInvoices(db: Queryable, companyId?: string): Promise<string[]> {
  if (companyId !== undefined) return [companyId]
  const { rows } = await db.query<{ company_id: string }>(
    `select distinct company_id from paraphe.invoices where status = 'issued' order by company_id`
  )
  return rows.map((row) => row.company_id)
}

export async function verifyInvoiceChains(db: Queryable, companyId?: string): Promise<ChainReport> {
  const report: ChainReport = { companies: 0, invoices: 0, problems: [] }
  for (const company of await companiesWithInvoices(db, companyId)) {
    report.companies += 1
    const { rows } = await db.query<ChainRow>(
      `select company_id, chain_index, previous_sha256, sha256, number, kind, issue_date, due_date, document, pdf, xml
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
      const recomputed = chainHash({
        companyId: row.company_id,
        chainIndex: row.chain_index,
        previousSha256: row.previous_sha256,
        number: row.number,
        kind: row.kind,
        issueDate: row.issue_date,
        dueDate: row.due_date,
        document: row.document,
        pdf: row.pdf,
        xml: row.xml
      })
      if (recomputed !== row.sha256) problem('son contenu ne correspond plus à son empreinte SHA-256 (modifiée après émission)')
      const current = parseInvoiceNumber(row.number)
      const before = previous === null ? null : parseInvoiceNumber(previous.number)
      if (current === null) problem('numéro hors série')
      else if (before !== null && before.year === current.year) {
        if (current.sequence !== before.sequence + 1)
          problem(`numéro ${row.number} après ${previous?.number ?? ''} : la numérotation n’est pas continue`)
      } else if (before !== null && before.year > current.year)
        problem(`numéro ${row.number} après ${previous?.number ?? ''} : la numérotation n’est pas chronologique`)
      else if (current.sequence !== 1) problem(`la série ${current.year} ne commence pas à 1`)
      previous = row
    }
  }
  return report
}
