// What every page carries once the content is laid out and the page count is known: the footer
// (who issued the document, « Page 2 / 3 »), the running header of the following pages and,
// on drafts, the banner and watermark that keep a draft from passing for a real quote.
import { degrees, type PDFPage } from 'pdf-lib'
import type { PdfFonts } from './fonts.js'
import {
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  drawTextLine,
  MARGIN,
  PAGE,
  showsReplacement,
  TEXT_SIZE,
  textWidth
} from './layout.js'
import { REPLACEMENT } from './text-safety.js'

export interface PageDecoration {
  /** Left of the footer, e.g. « Maçonnerie Dupont – SIRET 732 829 320 00074 ». */
  footer: string
  /** Top of every page but the first, e.g. « Devis n° DEV-2026-0001 ». */
  runningHeader: string
  /** Drafts: « BROUILLON – sans valeur contractuelle » on every page. */
  draftBanner: string | null
}

/** « Page n / total » and the footer text, under a rule, in the bottom margin. */
export function drawFooter(page: PDFPage, fonts: PdfFonts, footer: string, pageNumber: number, pageCount: number): void {
  const top = MARGIN.bottom - 16
  page.drawLine({ start: { x: CONTENT_LEFT, y: top }, end: { x: CONTENT_RIGHT, y: top }, thickness: 0.6, color: COLORS.rule })
  const style = { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted }
  const numbering = `Page ${pageNumber} / ${pageCount}`
  const numberingWidth = textWidth(numbering, fonts.regular, TEXT_SIZE.small)
  const baseline = top - 12
  drawTextLine(page, fonts.clean(footer), CONTENT_LEFT, baseline, style, { width: CONTENT_WIDTH - numberingWidth - 16 })
  drawTextLine(page, numbering, CONTENT_RIGHT - numberingWidth, baseline, style)
}

function drawDraftMarks(page: PDFPage, fonts: PdfFonts, banner: string): void {
  const height = 18
  const bottom = PAGE.height - 14 - height
  page.drawRectangle({ x: CONTENT_LEFT, y: bottom, width: CONTENT_WIDTH, height, color: COLORS.draftShade })
  drawTextLine(
    page,
    banner,
    CONTENT_LEFT,
    bottom + 5.5,
    { font: fonts.bold, size: TEXT_SIZE.label, color: COLORS.draft },
    { align: 'center', width: CONTENT_WIDTH }
  )
  // The diagonal word across the page is what a reader notices on a printout. Drawn as shapes,
  // not text: copied or extracted text stays free of stray letters.
  const size = 96
  const { svgPath, width } = fonts.boldOutline('BROUILLON')
  const angle = Math.atan2(PAGE.height, PAGE.width)
  const length = width * size
  // Centre of the word's baseline-to-cap band on the centre of the page.
  const x = PAGE.width / 2 - (Math.cos(angle) * length) / 2 + Math.sin(angle) * size * 0.36
  const y = PAGE.height / 2 - (Math.sin(angle) * length) / 2 - Math.cos(angle) * size * 0.36
  page.drawSvgPath(svgPath, {
    x,
    y,
    scale: size,
    rotate: degrees((angle * 180) / Math.PI),
    color: COLORS.draft,
    opacity: 0.07,
    borderWidth: 0
  })
}

/** Reminds the reader, above the footer, that « � » stands for a character that could not be printed. */
function drawReplacementNote(page: PDFPage, fonts: PdfFonts): void {
  const note = `« ${REPLACEMENT} » remplace un caractère que ce document ne peut pas imprimer (emoji, idéogramme…) : le texte saisi est conservé tel quel par le service.`
  drawTextLine(
    page,
    note,
    CONTENT_LEFT,
    MARGIN.bottom - 12,
    { font: fonts.regular, size: TEXT_SIZE.small, color: COLORS.muted },
    { width: CONTENT_WIDTH }
  )
}

/** Where a run of pages sits in the whole file, so that numbers run on across its parts. */
export interface PageNumbering {
  /** Number of the run's first page. */
  first: number
  total: number
}

/**
 * Decorates every page of `pages`, numbered from `numbering.first` out of `numbering.total`
 * (by default 1 to `pages.length`): a signed quote and its evidence pages count as one file.
 */
export function decoratePages(
  pages: readonly PDFPage[],
  fonts: PdfFonts,
  decoration: PageDecoration,
  numbering: PageNumbering = { first: 1, total: pages.length }
): void {
  pages.forEach((page, index) => {
    if (decoration.draftBanner !== null) drawDraftMarks(page, fonts, fonts.clean(decoration.draftBanner))
    if (index > 0) {
      drawTextLine(
        page,
        fonts.clean(decoration.runningHeader),
        CONTENT_LEFT,
        PAGE.height - MARGIN.top + 12,
        {
          font: fonts.regular,
          size: TEXT_SIZE.small,
          color: COLORS.muted
        },
        { width: CONTENT_WIDTH }
      )
    }
    if (showsReplacement(page)) drawReplacementNote(page, fonts)
    drawFooter(page, fonts, decoration.footer, numbering.first + index, numbering.total)
  })
}
