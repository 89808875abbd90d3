// The totals under the table: HT, the VAT of each rate on its base, TTC and the deposit, or
// the franchise en base mention when no VAT applies. Kept together on one page.
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import type { Quote } from '@paraphe/shared/quote'
import { COLORS, CONTENT_RIGHT, drawTextLine, lineHeight, TEXT_SIZE, type PageFlow } from './layout.js'

export const FRANCHISE_MENTION = 'TVA non applicable, article 293 B du CGI'

const WIDTH = 280
const PADDING = 6

interface TotalsRow {
  label: string
  amount: string
  strong?: boolean
}

/** The rows of the totals block, in reading order. */
export function totalsRows(quote: Quote): TotalsRow[] {
  const { totals } = quote
  const rows: TotalsRow[] = [{ label: 'Total HT', amount: formatEuros(totals.totalHtCents) }]
  if (quote.franchiseEnBase) {
    rows.push({ label: FRANCHISE_MENTION, amount: '' })
  } else {
    for (const vat of totals.vat) {
      rows.push({ label: `TVA ${formatVatRate(vat.rateBp)} sur ${formatEuros(vat.baseHtCents)}`, amount: formatEuros(vat.vatCents) })
    }
    if (totals.vat.length > 1) rows.push({ label: 'Total TVA', amount: formatEuros(totals.totalVatCents) })
  }
  rows.push({ label: 'Total TTC', amount: formatEuros(totals.totalTtcCents), strong: true })
  if (quote.depositBp > 0) {
    rows.push({ label: `Acompte de ${formatVatRate(quote.depositBp)} du TTC`, amount: formatEuros(totals.depositCents) })
  }
  return rows
}

export function drawTotalsBlock(flow: PageFlow, quote: Quote): void {
  const { fonts } = flow
  const rows = totalsRows(quote)
  const size = TEXT_SIZE.label
  const step = lineHeight(size) + 3
  flow.ensure(rows.length * step + 2 * PADDING)
  const left = CONTENT_RIGHT - WIDTH
  for (const row of rows) {
    const font = row.strong === true ? fonts.bold : fonts.regular
    if (row.strong === true) {
      flow.page.drawRectangle({ x: left, y: flow.y - step, width: WIDTH, height: step, color: COLORS.shade })
    }
    const baseline = flow.y - (step + size) / 2 + 1.5
    const amountWidth = row.amount === '' ? 0 : 110
    drawTextLine(flow.page, row.label, left + PADDING, baseline, { font, size }, { width: WIDTH - 2 * PADDING - amountWidth })
    drawTextLine(flow.page, row.amount, CONTENT_RIGHT - PADDING - amountWidth, baseline, { font, size }, { align: 'right', width: amountWidth })
    flow.y -= step
  }
  flow.y -= 14
}
