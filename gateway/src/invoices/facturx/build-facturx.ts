// One entry point from an invoice document to its Factur-X file: the CII XML, the visual PDF,
// both from the same totals, made one PDF/A-3b. Pure (no database, no clock): the same document
// gives the same bytes. Runs in the PDF processes through workers/pdf-tasks.ts (`invoice` task).
import { invoiceHeading, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { PDF_CREATOR, savePdf } from '../../pdf/quote-pdf.js'
import { layoutInvoicePdf } from '../pdf/invoice-pdf.js'
import { buildFacturXml } from './cii-xml.js'
import { makeFacturXPdfA } from './pdfa.js'

export interface FacturX {
  pdf: Uint8Array
  xml: string
}

export async function buildFacturX(document: InvoiceDocument): Promise<FacturX> {
  const totals = computeInvoiceTotals(document)
  const xml = buildFacturXml(document, totals)
  const doc = await layoutInvoicePdf(document, totals)
  await makeFacturXPdfA(doc, xml, {
    title: invoiceHeading(document),
    author: document.seller.name,
    subject: document.title.trim() === '' ? invoiceHeading(document) : document.title,
    creator: PDF_CREATOR,
    date: new Date(`${document.issueDate}T00:00:00Z`)
  })
  return { pdf: await savePdf(doc), xml }
}
