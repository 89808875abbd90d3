// The invoice as a PDF, in the quote's style (fonts, header, tables, footer): A4, every French
// mention, drawn from the frozen document and its totals alone. Without the Factur-X parts
// (facturx/build-facturx.ts adds the XML, the XMP and the output intent).
import { formatSiret } from '@paraphe/shared/company'
import { invoiceHeading, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { InvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { PDFDocument } from 'pdf-lib'
import { embedFonts } from '../../pdf/fonts.js'
import { PageFlow } from '../../pdf/layout.js'
import { decoratePages } from '../../pdf/page-decoration.js'
import { drawInvoiceHeader } from './invoice-header.js'
import { drawInvoiceLines } from './invoice-lines.js'
import { drawInvoiceMentions } from './invoice-mentions-block.js'
import { drawPaymentBlock } from './invoice-payment-block.js'
import { drawInvoiceTotals } from './invoice-totals-block.js'

export async function layoutInvoicePdf(document: InvoiceDocument, totals: InvoiceTotals): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false })
  // Its own subset tag: an invoice never shares a file with a quote, but the tag says which it is.
  const fonts = await embedFonts(doc, 'PINVCE')
  const flow = new PageFlow(doc, fonts)
  drawInvoiceHeader(flow, document)
  drawInvoiceLines(flow, document, totals)
  drawInvoiceTotals(flow, document, totals)
  drawPaymentBlock(flow, document, totals)
  drawInvoiceMentions(flow, document, totals)
  decoratePages(doc.getPages(), fonts, {
    footer: `${document.seller.name} – SIRET ${formatSiret(document.seller.siret)}`,
    runningHeader: `${invoiceHeading(document)} – ${document.seller.name}`,
    draftBanner: null
  })
  return doc
}
