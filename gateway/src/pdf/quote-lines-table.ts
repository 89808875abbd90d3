// The quote's lines as a table that runs over as many pages as needed: the header row is
// repeated at the top of each page, a row moves whole to the next page when it fits there, and
// a description longer than a page is cut between its lines. Section headings (« Lot 1 —
// Plomberie ») print as a bold row across the table, and their subtotal HT after their last line.
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { lineHtCents } from '@paraphe/shared/quote-totals'
import { formatDiscount, hasDiscount } from '@paraphe/shared/line-discount'
import type { Quote, QuoteLine } from '@paraphe/shared/quote'
import { quoteRows, sectionTitle, workLines } from '@paraphe/shared/quote-sections'
import { formatQuantity } from '@paraphe/shared/decimal-input'
import {
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_LEFT,
  CONTENT_TOP,
  CONTENT_WIDTH,
  drawTextLine,
  lineHeight,
  TEXT_SIZE,
  wrapText,
  type Align,
  type PageFlow
} from './layout.js'

interface Column {
  title: string
  width: number
  align: Align
}

/** A column of figures: its text for each line. */
interface FigureColumn extends Column {
  value: (line: QuoteLine, index: number) => string
}

interface TableColumns {
  /** The description first, then the figures; widths add up to the content width. */
  all: Column[]
  description: Column
  figures: FigureColumn[]
}

const CELL_PADDING = 4
const ROW_PADDING = 4
const SIZE = TEXT_SIZE.body
const HEADER_HEIGHT = lineHeight(SIZE) + 2 * ROW_PADDING

// formatVatRate builds its formatter on each call; a 200-line table asks for a handful of rates.
const percentTexts = new Map<number, string>()
function percentText(basisPoints: number): string {
  let text = percentTexts.get(basisPoints)
  if (text === undefined) {
    text = formatVatRate(basisPoints)
    percentTexts.set(basisPoints, text)
  }
  return text
}

/** The columns this quote needs: no VAT column under the franchise, no discount column without one. */
function tableColumns(quote: Quote): TableColumns {
  const figures: FigureColumn[] = [
    { title: 'Qté', width: 50, align: 'right', value: (line) => formatQuantity(line.quantityMilli) },
    { title: 'Unité', width: 44, align: 'left', value: (line) => line.unit },
    { title: 'PU HT', width: 74, align: 'right', value: (line) => formatEuros(line.unitPriceCents) }
  ]
  if (!quote.franchiseEnBase) figures.push({ title: 'TVA', width: 40, align: 'right', value: (line) => percentText(line.vatRateBp) })
  const discounted = workLines(quote.lines).filter(hasDiscount)
  if (discounted.length > 0) {
    // A percentage is written like a rate (`12,5 %`); an amount in euros (`50,00 €`) needs more room.
    const inEuros = discounted.some((line) => (line.discountCents ?? 0) > 0)
    figures.push({
      title: 'Remise',
      width: inEuros ? 64 : 44,
      align: 'right',
      value: (line) => ((line.discountCents ?? 0) > 0 ? formatDiscount(line) : line.discountBp > 0 ? percentText(line.discountBp) : '')
    })
  }
  figures.push({
    title: 'Total HT',
    width: 80,
    align: 'right',
    value: (line, index) => formatEuros(quote.totals.lineHtCents[index] ?? lineHtCents(line))
  })
  const description: Column = {
    title: 'Désignation',
    width: CONTENT_WIDTH - figures.reduce((sum, column) => sum + column.width, 0),
    align: 'left'
  }
  return { all: [description, ...figures], description, figures }
}

function columnLefts(columns: readonly Column[]): number[] {
  let x = CONTENT_LEFT
  return columns.map((column) => {
    const left = x
    x += column.width
    return left
  })
}

function drawHeaderRow(flow: PageFlow, columns: readonly Column[]): void {
  const lefts = columnLefts(columns)
  flow.page.drawRectangle({ x: CONTENT_LEFT, y: flow.y - HEADER_HEIGHT, width: CONTENT_WIDTH, height: HEADER_HEIGHT, color: COLORS.shade })
  columns.forEach((column, index) => {
    drawTextLine(
      flow.page,
      column.title,
      (lefts[index] as number) + CELL_PADDING,
      flow.y - ROW_PADDING - SIZE,
      { font: flow.fonts.bold, size: SIZE },
      {
        align: column.align,
        width: column.width - 2 * CELL_PADDING
      }
    )
  })
  flow.y -= HEADER_HEIGHT
}

/** One row (or the part of a long row that fits): description lines, and the figures when `figures`. */
function drawRow(flow: PageFlow, columns: readonly Column[], descriptionLines: readonly string[], figures: readonly string[] | null): void {
  const lefts = columnLefts(columns)
  const style = { font: flow.fonts.regular, size: SIZE }
  const firstBaseline = flow.y - ROW_PADDING - SIZE
  descriptionLines.forEach((line, index) => {
    drawTextLine(flow.page, line, CONTENT_LEFT + CELL_PADDING, firstBaseline - index * lineHeight(SIZE), style)
  })
  // Figures go in the columns after the description.
  figures?.forEach((text, index) => {
    const column = columns[index + 1] as Column
    drawTextLine(flow.page, text, (lefts[index + 1] as number) + CELL_PADDING, firstBaseline, style, {
      align: column.align,
      width: column.width - 2 * CELL_PADDING
    })
  })
  flow.y -= Math.max(descriptionLines.length, 1) * lineHeight(SIZE) + 2 * ROW_PADDING
  flow.page.drawLine({
    start: { x: CONTENT_LEFT, y: flow.y },
    end: { x: CONTENT_LEFT + CONTENT_WIDTH, y: flow.y },
    thickness: 0.4,
    color: COLORS.rule
  })
}

/** A row of bold text: a section's title across the table, or a subtotal's label then its amount in the last column. */
function drawStrongRow(flow: PageFlow, columns: readonly Column[], label: string, amount: string | null): void {
  const last = columns.at(-1) as Column
  const labelWidth = (amount === null ? CONTENT_WIDTH : CONTENT_WIDTH - last.width) - 2 * CELL_PADDING
  const style = { font: flow.fonts.bold, size: SIZE }
  const lines = wrapText(flow.fonts.clean(label), flow.fonts.bold, SIZE, labelWidth)
  const height = lines.length * lineHeight(SIZE) + 2 * ROW_PADDING
  // A heading never stays alone at the bottom of a page: room for it and one line under it.
  flow.ensure(amount === null ? height + lineHeight(SIZE) + 2 * ROW_PADDING : height)
  if (amount === null) flow.page.drawRectangle({ x: CONTENT_LEFT, y: flow.y - height, width: CONTENT_WIDTH, height, color: COLORS.shade })
  const firstBaseline = flow.y - ROW_PADDING - SIZE
  lines.forEach((line, index) => {
    const baseline = firstBaseline - index * lineHeight(SIZE)
    drawTextLine(
      flow.page,
      line,
      CONTENT_LEFT + CELL_PADDING,
      baseline,
      style,
      amount === null ? undefined : { align: 'right', width: labelWidth }
    )
  })
  if (amount !== null) {
    drawTextLine(flow.page, flow.fonts.clean(amount), CONTENT_LEFT + CONTENT_WIDTH - last.width + CELL_PADDING, firstBaseline, style, {
      align: 'right',
      width: last.width - 2 * CELL_PADDING
    })
  }
  flow.y -= height
  flow.page.drawLine({
    start: { x: CONTENT_LEFT, y: flow.y },
    end: { x: CONTENT_LEFT + CONTENT_WIDTH, y: flow.y },
    thickness: 0.4,
    color: COLORS.rule
  })
}

export function drawLinesTable(flow: PageFlow, quote: Quote): void {
  const { all: columns, description, figures: figureColumns } = tableColumns(quote)
  const step = lineHeight(SIZE)
  // The header never stays alone at the bottom of a page.
  flow.ensure(HEADER_HEIGHT + step + 2 * ROW_PADDING)
  drawHeaderRow(flow, columns)
  const stopRepeating = flow.onNewPage(() => drawHeaderRow(flow, columns))
  if (quote.lines.length === 0) {
    drawRow(flow, columns, [flow.fonts.clean('Aucune ligne pour l’instant.')], null)
  }
  for (const row of quoteRows(quote.lines, quote.totals.lineHtCents)) {
    if (row.kind === 'section') drawStrongRow(flow, columns, sectionTitle(row.section), null)
    else if (row.kind === 'subtotal') drawStrongRow(flow, columns, row.label, formatEuros(row.htCents))
    else drawLine(flow, { columns, description, figureColumns }, row.line, row.index)
  }
  stopRepeating()
  flow.y -= 12
}

/** A line of work, cut across pages when it is longer than one. */
function drawLine(
  flow: PageFlow,
  table: { columns: Column[]; description: Column; figureColumns: FigureColumn[] },
  line: QuoteLine,
  index: number
): void {
  const { columns, description, figureColumns } = table
  const step = lineHeight(SIZE)
  const pageCapacity = CONTENT_TOP - CONTENT_BOTTOM - HEADER_HEIGHT
  let lines = wrapText(
    flow.fonts.clean(line.description, { multiline: true }),
    flow.fonts.regular,
    SIZE,
    description.width - 2 * CELL_PADDING
  )
  const figures = figureColumns.map((column) => flow.fonts.clean(column.value(line, index)))
  const height = lines.length * step + 2 * ROW_PADDING
  if (height <= pageCapacity) {
    flow.ensure(height)
    drawRow(flow, columns, lines, figures)
    return
  }
  // Longer than a page: fill this page, then the next ones; the figures go with the first part.
  let first = true
  while (lines.length > 0) {
    const fitting = Math.floor((flow.remaining - 2 * ROW_PADDING) / step)
    if (fitting < 1) {
      flow.newPage()
      continue
    }
    drawRow(flow, columns, lines.slice(0, fitting), first ? figures : null)
    lines = lines.slice(fitting)
    first = false
  }
}
