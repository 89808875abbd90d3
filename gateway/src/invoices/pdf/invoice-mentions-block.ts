// The invoice's closing mentions, in small type: the VAT regime (franchise, reverse charge,
// débits), the client's certification for the reduced housing rates, the décennale insurance, the
// retenue de garantie,
// then the late-payment penalties, the 40 € indemnity and the discount terms as frozen on the
// document.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { insuranceText, retentionText, vatMentions } from '@paraphe/shared/invoices/invoice-statements'
import type { InvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { COLORS, TEXT_SIZE, type PageFlow } from '../../pdf/layout.js'

export function invoiceMentionTexts(document: InvoiceDocument, totals: InvoiceTotals): { strong: string[]; plain: string[] } {
  const strong = vatMentions(document)
  const plain: string[] = []
  if (document.housingWorkCertification !== null) plain.push(document.housingWorkCertification)
  // Building work: the décennale insurance, as on the quote (Code des assurances L243-2).
  if (document.insurance != null) plain.push(`${insuranceText(document.insurance)}.`)
  if (document.retention !== null) plain.push(`${retentionText(document.retention, totals.retentionCents)}.`)
  plain.push(document.mentions.latePenalty, document.mentions.recoveryIndemnity, document.mentions.earlyPaymentDiscount)
  return { strong, plain: plain.filter((text) => text.trim() !== '') }
}

export function drawInvoiceMentions(flow: PageFlow, document: InvoiceDocument, totals: InvoiceTotals): void {
  const { fonts } = flow
  const { strong, plain } = invoiceMentionTexts(document, totals)
  for (const text of strong) flow.paragraph(text, { font: fonts.bold, size: TEXT_SIZE.body })
  if (strong.length > 0) flow.y -= 4
  for (const text of plain) {
    flow.paragraph(text, { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted })
    flow.y -= 2
  }
}
