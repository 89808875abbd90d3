// « Exporter pour le comptable »: the invoices of a period as a CSV, as the sales journal in the
// FEC layout, or their Factur-X PDFs in a ZIP. Read as the member, under RLS.
import type { ExportFormat, InvoiceExportFilter } from '@paraphe/shared/api/invoice-client-schemas'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Readable } from 'node:stream'
import type { Queryable } from '../../db/database.js'
import { invoiceFileName } from '../invoice-files.js'
import { accountingAccounts } from './accounting-settings.js'
import { invoicesOfPeriod, issuedInvoicePdf, paymentsOfPeriod, pdfsOfPeriod } from './export-period.js'
import { invoicesCsv } from './invoices-csv.js'
import { fecFileName, salesJournalFec } from './sales-journal-fec.js'
import { zipOfPdfs } from './invoices-zip.js'

export interface ExportFile {
  /** The ZIP is a stream: its PDFs are read one by one as it is sent. */
  body: Buffer | Readable
  contentType: string
  filename: string
}

const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  fec: 'text/plain; charset=utf-8',
  zip: 'application/zip'
}

/** Opens a transaction as the same member, for each PDF the ZIP reads after the listing's transaction ended. */
export type MemberReads = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>

export async function exportInvoices(tx: Queryable, filter: InvoiceExportFilter, now: Date, reads: MemberReads): Promise<ExportFile> {
  const period = `${filter.from}_${filter.to}`
  const contentType = CONTENT_TYPES[filter.format]
  if (filter.format === 'csv') {
    const csv = invoicesCsv(await invoicesOfPeriod(tx, filter), await paymentsOfPeriod(tx, filter), parisIsoDate(now))
    return { body: Buffer.from(csv, 'utf8'), contentType, filename: `Factures-${period}.csv` }
  }
  if (filter.format === 'fec') {
    const invoices = await invoicesOfPeriod(tx, filter)
    // The seller's SIREN as the invoices state it (the FEC is named after it); none issued: zeros.
    const siren = invoices[0]?.document.seller.siren ?? '000000000'
    return {
      body: Buffer.from(salesJournalFec(invoices, await accountingAccounts(tx)), 'utf8'),
      contentType,
      filename: fecFileName(siren, filter.to)
    }
  }
  const files = await pdfsOfPeriod(tx, filter)
  const zip = zipOfPdfs(
    files.map((file) => ({ id: file.id, name: invoiceFileName(file.kind, file.number, 'pdf'), modified: file.issuedAt })),
    (id) => reads((pdfTx) => issuedInvoicePdf(pdfTx, id))
  )
  return { body: zip, contentType, filename: `Factures-Factur-X-${period}.zip` }
}
