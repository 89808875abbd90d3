// Page geometry and the few drawing primitives every Paraphe PDF is built from: the quote, and
// later the signature block and the evidence page appended to it. Coordinates are PDF points
// from the bottom-left corner; a `PageFlow` keeps a cursor moving down and opens pages.
import { PageSizes, rgb, type PDFDocument, type PDFFont, type PDFPage, type RGB } from 'pdf-lib'
import { hasRtlScript, visualRuns } from './bidi-runs.js'
import { unitWidth, type PdfFonts } from './fonts.js'
import { REPLACEMENT } from './text-safety.js'

const [A4_WIDTH, A4_HEIGHT] = PageSizes.A4

export const PAGE = { width: A4_WIDTH, height: A4_HEIGHT } as const
/** The top margin holds the draft banner and the running header, the bottom one the footer. */
export const MARGIN = { top: 58, bottom: 56, left: 42, right: 42 } as const
export const CONTENT_LEFT = MARGIN.left
export const CONTENT_RIGHT = PAGE.width - MARGIN.right
export const CONTENT_WIDTH = CONTENT_RIGHT - CONTENT_LEFT
export const CONTENT_TOP = PAGE.height - MARGIN.top
export const CONTENT_BOTTOM = MARGIN.bottom

export const COLORS = {
  text: rgb(0.12, 0.13, 0.16),
  muted: rgb(0.38, 0.4, 0.45),
  rule: rgb(0.8, 0.82, 0.86),
  shade: rgb(0.94, 0.95, 0.97),
  accent: rgb(0.11, 0.27, 0.5),
  draft: rgb(0.7, 0.12, 0.12),
  draftShade: rgb(0.99, 0.92, 0.92)
} as const

export const TEXT_SIZE = { small: 7.5, body: 8.5, label: 9, heading: 10.5, title: 16 } as const

/** Line height for a font size: roomy enough for accents above capitals. */
export function lineHeight(size: number): number {
  return size * 1.35
}

export interface TextStyle {
  font: PDFFont
  size: number
  color?: RGB
}

// Widths are cached per font at size 1: they scale linearly, and the same words and amounts
// come back on every line.
const widthCache = new WeakMap<PDFFont, Map<string, number>>()

export function textWidth(text: string, font: PDFFont, size: number): number {
  let widths = widthCache.get(font)
  if (widths === undefined) {
    widths = new Map()
    widthCache.set(font, widths)
  }
  let width = widths.get(text)
  if (width === undefined) {
    width = unitWidth(font, text)
    widths.set(text, width)
  }
  return width * size
}

const graphemes = new Intl.Segmenter('fr', { granularity: 'grapheme' })

/** Cuts a word wider than the line into pieces that fit, never inside a character. */
function splitWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = []
  let piece = ''
  let pieceWidth = 0
  for (const { segment } of graphemes.segment(word)) {
    const width = textWidth(segment, font, size)
    if (piece !== '' && pieceWidth + width > maxWidth) {
      pieces.push(piece)
      piece = ''
      pieceWidth = 0
    }
    piece += segment
    pieceWidth += width
  }
  pieces.push(piece)
  return pieces
}

/**
 * Text (already made printable) as lines no wider than `maxWidth`: explicit `\n` kept, breaks
 * at spaces (no-break spaces hold `12 345,67 €` together), words longer than a line cut.
 * Always at least one line, possibly empty.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = []
  const spaceWidth = textWidth(' ', font, size)
  for (const paragraph of text.split('\n')) {
    let line = ''
    let lineWidth = 0
    for (const word of paragraph.split(' ')) {
      if (word === '') continue
      const pieces = textWidth(word, font, size) > maxWidth ? splitWord(word, font, size, maxWidth) : [word]
      for (const piece of pieces) {
        const width = textWidth(piece, font, size)
        if (line !== '' && lineWidth + spaceWidth + width <= maxWidth) {
          line += ` ${piece}`
          lineWidth += spaceWidth + width
          continue
        }
        if (line !== '') lines.push(line)
        line = piece
        lineWidth = width
      }
    }
    lines.push(line)
  }
  return lines
}

/** At most `max` lines, the last one ending with « … » when some were left out. */
export function limitLines(lines: readonly string[], max: number): string[] {
  if (lines.length <= max) return [...lines]
  const kept = lines.slice(0, max)
  kept[max - 1] = `${kept[max - 1] as string} …`
  return kept
}

export type Align = 'left' | 'right' | 'center'

/**
 * Draws one line of printable text with its baseline at `y`. With `width`, `align` places it
 * in the box [x, x + width]; text still too wide is shrunk (down to 5 pt) rather than spilling
 * into the next column — amounts are never cut.
 */
export function drawTextLine(
  page: PDFPage,
  text: string,
  x: number,
  y: number,
  style: TextStyle,
  options: { align?: Align; width?: number } = {}
): void {
  if (text === '') return
  const { font, color = COLORS.text } = style
  let size = style.size
  let width = textWidth(text, font, size)
  if (options.width !== undefined && width > options.width) {
    size = Math.max(5, (size * options.width) / width)
    width = textWidth(text, font, size)
  }
  const runs = visualRuns(text)
  // Right-to-left letters change shape with their neighbours: such runs are measured shaped.
  const widths = runs.map((run) =>
    runs.length > 1 && hasRtlScript(run.text) ? font.widthOfTextAtSize(run.text, size) : textWidth(run.text, font, size)
  )
  if (runs.length > 1) width = widths.reduce((total, runWidth) => total + runWidth, 0)
  const box = options.width ?? 0
  const align = options.align ?? 'left'
  let left = align === 'right' ? x + box - width : align === 'center' ? x + (box - width) / 2 : x
  runs.forEach((run, index) => {
    page.drawText(run.text, { x: left, y, font, size, color })
    left += widths[index] as number
  })
  if (text.includes(REPLACEMENT)) pagesWithReplacements.add(page)
}

const pagesWithReplacements = new WeakSet<PDFPage>()

/** Whether a page shows the mark of a character the fonts could not print (see text-safety.ts). */
export function showsReplacement(page: PDFPage): boolean {
  return pagesWithReplacements.has(page)
}

/** A cursor moving down the pages of a document; opens a new page when a block does not fit. */
export class PageFlow {
  page: PDFPage
  /** Top of the free space on the current page. */
  y = CONTENT_TOP
  private readonly newPageListeners = new Set<(flow: PageFlow) => void>()

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: PdfFonts
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height])
  }

  get remaining(): number {
    return this.y - CONTENT_BOTTOM
  }

  newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.y = CONTENT_TOP
    for (const listener of this.newPageListeners) listener(this)
  }

  /** Makes room for `height` points, opening a page when needed; true when it did. */
  ensure(height: number): boolean {
    if (height <= this.remaining) return false
    this.newPage()
    return true
  }

  /** Runs `listener` on every page opened until the returned function is called. */
  onNewPage(listener: (flow: PageFlow) => void): () => void {
    this.newPageListeners.add(listener)
    return () => this.newPageListeners.delete(listener)
  }

  /** Wrapped text from the cursor down, continuing on the next pages as needed. */
  paragraph(text: string, style: TextStyle, box: { x?: number; width?: number } = {}): void {
    const x = box.x ?? CONTENT_LEFT
    const width = box.width ?? CONTENT_RIGHT - x
    const height = lineHeight(style.size)
    for (const line of wrapText(this.fonts.clean(text, { multiline: true }), style.font, style.size, width)) {
      this.ensure(height)
      drawTextLine(this.page, line, x, this.y - style.size, style)
      this.y -= height
    }
  }
}
