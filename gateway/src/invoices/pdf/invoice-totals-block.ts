// The totals under the lines, right-aligned as on the quote: the work HT and the deductions when
// earlier invoices are deducted, HT, the VAT of each rate on its base, TTC, the retenue de
// garantie and what is to pay. Every figure is invoice-totals.ts's, the XML's too.
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { InvoiceTotals, InvoiceVatBreakdown } from '@paraphe/shared/invoices/invoice-totals'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { COLORS, CONTENT_RIGHT, drawTextLine, lineHeight, TEXT_SIZE, type PageFlow } from '../../pdf/layout.js'

export interface TotalsRow {
  label: string
  amount: string
  strong?: boolean
}

function vatRow(row: InvoiceVatBreakdown): TotalsRow {
  if (row.category === 'E') return { label: 'TVA non applicable (art. 293 B du CGI)', amount: formatEuros(0) }
  if (row.category === 'AE')
    return { label: `TVA due par le preneur, autoliquidation (base ${formatEuros(row.baseCents)})`, amount: formatEuros(0) }
  return { label: `TVA ${formatVatRate(row.rateBp)} sur ${formatEuros(row.baseCents)}`, amount: formatEuros(row.vatCents) }
}

/** The rows, top to bottom (also what the tests read back from the PDF's text). */
export function invoiceTotalsRows(document: InvoiceDocument, totals: InvoiceTotals): TotalsRow[] {
  const rows: TotalsRow[] = []
  if (document.deductions.length > 0) {
    rows.push({ label: 'Total HT des travaux', amount: formatEuros(totals.linesNetCents) })
    document.deductions.forEach((deduction, index) => {
      rows.push({
        label: `${deduction.kind === 'deposit' ? 'Acompte' : 'Situation'} ${deduction.number} (HT)`,
        amount: `−${formatEuros(totals.deductions[index]?.htCents ?? 0)}`
      })
    })
  }
  rows.push({ label: 'Total HT', amount: formatEuros(totals.totalHtCents) })
  rows.push(...totals.vat.map(vatRow))
  if (totals.vat.length > 1) rows.push({ label: 'Total TVA', amount: formatEuros(totals.totalVatCents) })
  if (document.kind === 'credit_note') {
    rows.push({ label: 'Total TTC de l’avoir', amount: formatEuros(totals.totalTtcCents), strong: true })
    return rows
  }
  rows.push({ label: 'Total TTC', amount: formatEuros(totals.totalTtcCents), strong: document.retention === null ? undefined : true })
  if (document.retention !== null) {
    rows.push({
      label: `Retenue de garantie (${formatVatRate(document.retention.rateBp)})`,
      amount: `−${formatEuros(totals.retentionCents)}`
    })
  }
  rows.push({ label: 'Net à payer', amount: formatEuros(totals.netToPayCents), strong: true })
  return rows
}

const WIDTH = 300
const PADDING = 6

export function drawInvoiceTotals(flow: PageFlow, document: InvoiceDocument, totals: InvoiceTotals): void {
  const { fonts } = flow
  const rows = invoiceTotalsRows(document, totals)
  const size = TEXT_SIZE.label
  const step = lineHeight(size) + 3
  flow.ensure(rows.length * step + 2 * PADDING)
  const left = CONTENT_RIGHT - WIDTH
  for (const row of rows) {
    const font = row.strong === true ? fonts.bold : fonts.regular
    if (row.strong === true) flow.page.drawRectangle({ x: left, y: flow.y - step, width: WIDTH, height: step, color: COLORS.shade })
    const baseline = flow.y - (step + size) / 2 + 1.5
    const amountWidth = 100
    drawTextLine(flow.page, fonts.clean(row.label), left + PADDING, baseline, { font, size }, { width: WIDTH - 2 * PADDING - amountWidth })
    drawTextLine(
      flow.page,
      fonts.clean(row.amount),
      CONTENT_RIGHT - PADDING - amountWidth,
      baseline,
      { font, size },
      { align: 'right', width: amountWidth }
    )
    flow.y -= step
  }
  flow.y -= 14
}
