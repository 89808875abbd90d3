// The invoices' SHA-256 chain (inaltérabilité, CGI art. 286 I 3° bis): each issued invoice's hash
// covers the previous one's, its place in the chain, its number and dates and its whole document.
// Changing any stored byte of an issued invoice, or removing one, breaks the chain from there on;
// `verify-invoices` recomputes it. Two versions (invoices.hash_version), both verified forever:
// - v1 (invoices issued before the render job): also the SHA-256 of the Factur-X PDF and XML,
//   both made inside the issuing transaction;
// - v2: also the SHA-256 of the XML, made in the issuing transaction from the document; the PDF
//   is rendered right after by a job, and its own SHA-256 stored beside (pdf_sha256, checked by
//   the database when it is stored and by verify-invoices).
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

/** The fields a v2 hash covers: no PDF (rendered after the number, its hash kept beside). */
export type ChainedFieldsV2 = Omit<ChainedFields, 'pdf'>

export const CURRENT_HASH_VERSION = 2

export function sha256Hex(data: string | Uint8Array): string {
  return sha256(data)
}

export function chainHashV2(fields: ChainedFieldsV2): string {
  return sha256(
    canonicalJson({
      hashVersion: 2,
      previousSha256: fields.previousSha256,
      companyId: fields.companyId,
      chainIndex: fields.chainIndex,
      number: fields.number,
      kind: fields.kind,
      issueDate: fields.issueDate,
      dueDate: fields.dueDate,
      document: fields.document,
      xmlSha256: sha256(fields.xml)
    })
  )
}

/** The v1 hash (invoices issued before hash_version 2): the PDF's bytes are part of it. */
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
