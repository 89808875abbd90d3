// How to pay: the due date, the amount, the transfer details and the EPC QR code a banking app
// scans (amount and reference prefilled). Kept together on one page. A credit note has none.
import { formatIban } from '@paraphe/shared/bank-details'
import { formatLongDate } from '@paraphe/shared/dates'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { InvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros } from '@paraphe/shared/money'
import { COLORS, CONTENT_LEFT, CONTENT_RIGHT, drawTextLine, lineHeight, TEXT_SIZE, wrapText, type PageFlow } from '../../pdf/layout.js'
import { epcPayload, qrMatrix } from '../facturx/epc-qr.js'
import { drawQrMatrix } from './qr-drawing.js'

const QR_SIZE = 96
const LABEL_WIDTH = 120

export function drawPaymentBlock(flow: PageFlow, document: InvoiceDocument, totals: InvoiceTotals): void {
  if (document.kind === 'credit_note') return
  const { fonts } = flow
  const { seller } = document
  const size = TEXT_SIZE.body
  const step = lineHeight(size)
  const payload = epcPayload({
    name: seller.name,
    iban: seller.iban,
    bic: seller.bic,
    amountCents: totals.netToPayCents,
    reference: document.number
  })
  const rows: Array<[string, string]> = [
    ['Échéance', formatLongDate(document.dueDate)],
    ['Net à payer', formatEuros(totals.netToPayCents)]
  ]
  if (seller.iban !== '') {
    rows.push(
      ['Titulaire du compte', seller.name],
      ['IBAN', formatIban(seller.iban)],
      ['BIC', seller.bic],
      ['Référence du virement', document.number]
    )
  }
  const textWidth = CONTENT_RIGHT - CONTENT_LEFT - (payload === null ? 0 : QR_SIZE + 16)
  const terms =
    document.paymentTerms.trim() === ''
      ? []
      : wrapText(fonts.clean(document.paymentTerms, { multiline: true }), fonts.regular, size, textWidth)
  const height =
    lineHeight(TEXT_SIZE.heading) + 4 + Math.max(rows.length * step + terms.length * step + 4, payload === null ? 0 : QR_SIZE + step)
  flow.ensure(height)

  const top = flow.y
  drawTextLine(flow.page, 'Règlement', CONTENT_LEFT, top - TEXT_SIZE.heading, {
    font: fonts.bold,
    size: TEXT_SIZE.heading,
    color: COLORS.accent
  })
  let y = top - lineHeight(TEXT_SIZE.heading) - 4
  for (const [label, value] of rows) {
    drawTextLine(flow.page, label, CONTENT_LEFT, y - size, { font: fonts.bold, size, color: COLORS.muted })
    drawTextLine(
      flow.page,
      fonts.clean(value),
      CONTENT_LEFT + LABEL_WIDTH,
      y - size,
      { font: fonts.regular, size },
      { width: textWidth - LABEL_WIDTH }
    )
    y -= step
  }
  y -= 4
  for (const line of terms) {
    drawTextLine(flow.page, line, CONTENT_LEFT, y - size, { font: fonts.regular, size })
    y -= step
  }
  if (payload !== null) {
    const qrTop = top - lineHeight(TEXT_SIZE.heading) - 4
    drawQrMatrix(flow.page, qrMatrix(payload), CONTENT_RIGHT - QR_SIZE, qrTop - QR_SIZE, QR_SIZE)
    drawTextLine(
      flow.page,
      'Payer par virement : scannez',
      CONTENT_RIGHT - QR_SIZE,
      qrTop - QR_SIZE - TEXT_SIZE.small - 2,
      { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted },
      { width: QR_SIZE, align: 'center' }
    )
    drawTextLine(
      flow.page,
      'avec votre application bancaire',
      CONTENT_RIGHT - QR_SIZE,
      qrTop - QR_SIZE - 2 * TEXT_SIZE.small - 4,
      { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted },
      { width: QR_SIZE, align: 'center' }
    )
    y = Math.min(y, qrTop - QR_SIZE - 2 * lineHeight(TEXT_SIZE.small) - 4)
  }
  flow.y = y - 10
}
