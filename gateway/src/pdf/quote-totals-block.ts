// The totals under the table: HT, the VAT of each rate on its base, TTC and the deposit, or
// the franchise en base mention when no VAT applies. Kept together on one page.
import { totalsRows } from '@paraphe/shared/quote-summary-lines'
import type { Quote } from '@paraphe/shared/quote'
import { COLORS, CONTENT_RIGHT, drawTextLine, lineHeight, TEXT_SIZE, type PageFlow } from './layout.js'

const WIDTH = 280
const PADDING = 6

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
    drawTextLine(
      flow.page,
      row.amount,
      CONTENT_RIGHT - PADDING - amountWidth,
      baseline,
      { font, size },
      { align: 'right', width: amountWidth }
    )
    flow.y -= step
  }
  flow.y -= 14
}
