// The invoices' SHA-256 chain (inaltérabilité, CGI art. 286 I 3° bis): each issued invoice's hash
// covers the previous one's, its place in the chain, its number and dates, its whole document
// and the SHA-256 of its Factur-X PDF and XML. Changing any stored byte of an issued invoice, or
// removing one, breaks the chain from there on; `verify-invoices` recomputes it.
import { createHash } from 'node:crypto'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'

export interface ChainedFields {
  companyId: string
  chainIndex: number
  previousSha256: string | null
  number: string
  kind: string
  issueDate: string
  dueDate: string
  document: InvoiceDocument
  pdf: Uint8Array
  xml: string
}

/** JSON with object keys sorted at every level: the database's jsonb does not keep key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex')

export function chainHash(fields: ChainedFields): string {
  return sha256(
    canonicalJson({
      previousSha256: fields.previousSha256,
      companyId: fields.companyId,
      chainIndex: fields.chainIndex,
      number: fields.number,
      kind: fields.kind,
      issueDate: fields.issueDate,
      dueDate: fields.dueDate,
      document: fields.document,
      pdfSha256: sha256(fields.pdf),
      xmlSha256: sha256(fields.xml)
    })
  )
}
