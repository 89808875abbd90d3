// « Label : value » rows, the shape of the quote's mentions and of the evidence page that the
// signature step appends (who signed, when, from where, which document hashes).
import type { PDFDocument } from 'pdf-lib'
import type { PdfFonts } from './fonts.js'
import { COLORS, CONTENT_LEFT, CONTENT_RIGHT, drawTextLine, limitLines, lineHeight, PageFlow, TEXT_SIZE, wrapText } from './layout.js'

export interface LabelledLine {
  label: string
  /** May hold several lines (`\n`); long values wrap and continue on the next page. */
  value: string
}

export interface LabelledLinesOptions {
  /** Width of the label column; the value takes the rest. */
  labelWidth?: number
  size?: number
}

/** Draws the rows at the flow's cursor: bold labels in a column, values wrapped beside them. */
export function drawLabelledLines(flow: PageFlow, rows: readonly LabelledLine[], options: LabelledLinesOptions = {}): void {
  const { fonts } = flow
  const size = options.size ?? TEXT_SIZE.body
  const labelWidth = options.labelWidth ?? 150
  const height = lineHeight(size)
  const valueX = CONTENT_LEFT + labelWidth
  for (const row of rows) {
    const labelLines = wrapText(fonts.clean(row.label), fonts.bold, size, labelWidth - 8)
    const valueLines = wrapText(fonts.clean(row.value, { multiline: true }), fonts.regular, size, CONTENT_RIGHT - valueX)
    // A row starts where at least its label and first value line fit together.
    flow.ensure(height * Math.min(labelLines.length, 2))
    for (let index = 0; index < Math.max(labelLines.length, valueLines.length); index += 1) {
      if (index > 0) flow.ensure(height)
      const baseline = flow.y - size
      drawTextLine(flow.page, labelLines[index] ?? '', CONTENT_LEFT, baseline, { font: fonts.bold, size, color: COLORS.muted })
      drawTextLine(flow.page, valueLines[index] ?? '', valueX, baseline, { font: fonts.regular, size })
      flow.y -= height
    }
    flow.y -= size * 0.4
  }
}

/**
 * Opens a new page titled `title` and draws the rows on it (and on the following pages if they
 * do not fit). Returns the flow, positioned under the last row, for anything drawn after.
 */
export function addLabelledLinesPage(
  doc: PDFDocument,
  fonts: PdfFonts,
  title: string,
  rows: readonly LabelledLine[],
  options: LabelledLinesOptions = {}
): PageFlow {
  const flow = new PageFlow(doc, fonts)
  for (const line of limitLines(wrapText(fonts.clean(title), fonts.bold, TEXT_SIZE.title, CONTENT_RIGHT - CONTENT_LEFT), 3)) {
    drawTextLine(flow.page, line, CONTENT_LEFT, flow.y - TEXT_SIZE.title, { font: fonts.bold, size: TEXT_SIZE.title, color: COLORS.accent })
    flow.y -= lineHeight(TEXT_SIZE.title)
  }
  flow.y -= 8
  drawLabelledLines(flow, rows, options)
  return flow
}
