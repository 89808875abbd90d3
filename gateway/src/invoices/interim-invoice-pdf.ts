// INTERIM, replaced at merge by the Factur-X builder of gateway/src/invoices/facturx/ (the other
// half of issue 24, branch wt-facturx, not there yet when this was written): a plain one-page PDF
// with the fonts embedded and the CII XML attached as factur-x.xml, so issuing, storing, hashing
// and downloading can be built and tested now. It is not PDF/A-3 (no XMP, no output intent).
import { AFRelationship, PDFDocument } from 'pdf-lib'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { invoiceHeading } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros } from '@paraphe/shared/money'
import { loadFontData } from '../pdf/fonts.js'
import { printableText } from '../pdf/text-safety.js'

export async function renderInterimInvoicePdf(document: InvoiceDocument, xml: string): Promise<Uint8Array> {
  const fonts = await loadFontData()
  const pdf = await PDFDocument.create({ updateMetadata: false })
  pdf.registerFontkit(fonts.fontkit)
  const regular = await pdf.embedFont(fonts.regular, { subset: true })
  const bold = await pdf.embedFont(fonts.bold, { subset: true })
  const page = pdf.addPage([595.28, 841.89])
  let y = 790
  const write = (text: string, size = 10, font = regular) => {
    page.drawText(printableText(text, fonts.hasGlyph).slice(0, 110), { x: 50, y, size, font })
    y -= size + 6
  }
  const totals = computeInvoiceTotals(document)
  write(invoiceHeading(document), 16, bold)
  write(`${document.seller.name} — SIRET ${document.seller.siret}`)
  write(`Client : ${document.buyer.company || document.buyer.name}`)
  write(`Date : ${document.issueDate} — échéance : ${document.dueDate}`)
  for (const line of document.lines.slice(0, 30)) write(`${line.description} — ${formatEuros(line.unitPriceCents)} HT`)
  for (const deduction of document.deductions) write(`Déduction ${deduction.number}`)
  write(`Total HT ${formatEuros(totals.totalHtCents)} — TVA ${formatEuros(totals.totalVatCents)} — TTC ${formatEuros(totals.totalTtcCents)}`, 11, bold)
  await pdf.attach(new TextEncoder().encode(xml), 'factur-x.xml', {
    mimeType: 'text/xml',
    description: 'Factur-X',
    afRelationship: AFRelationship.Data,
    creationDate: new Date(`${document.issueDate}T00:00:00Z`),
    modificationDate: new Date(`${document.issueDate}T00:00:00Z`)
  })
  return pdf.save({ useObjectStreams: false })
}
