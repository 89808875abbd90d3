// A table that runs over pages, for the invoice's lines and the invoices it deducts: the header
// row is repeated on each page, a row moves whole to the next page when it fits there, a first
// cell longer than a page is cut between its lines. Same look as the quote's table.
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
} from '../../pdf/layout.js'

export interface TableColumn {
  title: string
  /** Points; the first column takes what the others leave. */
  width: number
  align: Align
}

export interface TableRow {
  /** The first column's text (wrapped); may hold line breaks. */
  text: string
  /** A second line in small muted type under the text (a progress note). */
  note?: string
  /** The other columns' texts. */
  cells: string[]
}

const CELL_PADDING = 4
const ROW_PADDING = 4
const SIZE = TEXT_SIZE.body
const HEADER_HEIGHT = lineHeight(SIZE) + 2 * ROW_PADDING

function layout(columns: readonly TableColumn[]): { widths: number[]; lefts: number[] } {
  const others = columns.slice(1).reduce((sum, column) => sum + column.width, 0)
  const widths = columns.map((column, index) => (index === 0 ? CONTENT_WIDTH - others : column.width))
  let x = CONTENT_LEFT
  const lefts = widths.map((width) => {
    const left = x
    x += width
    return left
  })
  return { widths, lefts }
}

function drawHeader(flow: PageFlow, columns: readonly TableColumn[]): void {
  const { widths, lefts } = layout(columns)
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
        width: (widths[index] as number) - 2 * CELL_PADDING
      }
    )
  })
  flow.y -= HEADER_HEIGHT
}

function drawRowPart(
  flow: PageFlow,
  columns: readonly TableColumn[],
  lines: readonly string[],
  note: readonly string[],
  cells: readonly string[] | null
): void {
  const { widths, lefts } = layout(columns)
  const style = { font: flow.fonts.regular, size: SIZE }
  const baseline = flow.y - ROW_PADDING - SIZE
  lines.forEach((line, index) => drawTextLine(flow.page, line, CONTENT_LEFT + CELL_PADDING, baseline - index * lineHeight(SIZE), style))
  const noteStyle = { font: flow.fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted }
  note.forEach((line, index) => {
    drawTextLine(
      flow.page,
      line,
      CONTENT_LEFT + CELL_PADDING,
      baseline - lines.length * lineHeight(SIZE) - index * lineHeight(TEXT_SIZE.small),
      noteStyle
    )
  })
  cells?.forEach((text, index) => {
    const column = columns[index + 1] as TableColumn
    drawTextLine(flow.page, flow.fonts.clean(text), (lefts[index + 1] as number) + CELL_PADDING, baseline, style, {
      align: column.align,
      width: (widths[index + 1] as number) - 2 * CELL_PADDING
    })
  })
  flow.y -= lines.length * lineHeight(SIZE) + note.length * lineHeight(TEXT_SIZE.small) + 2 * ROW_PADDING
  flow.page.drawLine({
    start: { x: CONTENT_LEFT, y: flow.y },
    end: { x: CONTENT_LEFT + CONTENT_WIDTH, y: flow.y },
    thickness: 0.4,
    color: COLORS.rule
  })
}

export function drawTable(flow: PageFlow, columns: readonly TableColumn[], rows: readonly TableRow[]): void {
  const { widths } = layout(columns)
  const textWidth = (widths[0] as number) - 2 * CELL_PADDING
  const step = lineHeight(SIZE)
  flow.ensure(HEADER_HEIGHT + step + 2 * ROW_PADDING)
  drawHeader(flow, columns)
  const stopRepeating = flow.onNewPage(() => drawHeader(flow, columns))
  for (const row of rows) {
    let lines = wrapText(flow.fonts.clean(row.text, { multiline: true }), flow.fonts.regular, SIZE, textWidth)
    const note = row.note === undefined ? [] : wrapText(flow.fonts.clean(row.note), flow.fonts.regular, TEXT_SIZE.small, textWidth)
    const noteHeight = note.length * lineHeight(TEXT_SIZE.small)
    const height = lines.length * step + noteHeight + 2 * ROW_PADDING
    if (height <= CONTENT_TOP - CONTENT_BOTTOM - HEADER_HEIGHT) {
      flow.ensure(height)
      drawRowPart(flow, columns, lines, note, row.cells)
      continue
    }
    // Longer than a page: fill this page, then the next ones; the figures go with the first part.
    let first = true
    while (lines.length > 0) {
      const fitting = Math.floor((flow.remaining - 2 * ROW_PADDING - noteHeight) / step)
      if (fitting < 1) {
        flow.newPage()
        continue
      }
      const part = lines.slice(0, fitting)
      lines = lines.slice(fitting)
      drawRowPart(flow, columns, part, lines.length === 0 ? note : [], first ? row.cells : null)
      first = false
    }
  }
  stopRepeating()
  flow.y -= 10
}
