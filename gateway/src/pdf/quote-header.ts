// The top of the quote's first page: the company (logo and legal identity) on the left, the
// document (number, dates) and the client on the right, then the title and the works' dates.
// Every field is capped to a few lines so that, whatever was typed, the header fits its page.
import type { PDFImage } from 'pdf-lib'
import type { CompanyProfile } from '@paraphe/shared/company'
import { expiryDate, type Quote } from '@paraphe/shared/quote'
import { formatLongDate } from '@paraphe/shared/dates'
import { companyLegalLines } from '@paraphe/shared/quote-summary-lines'
import {
  COLORS,
  CONTENT_LEFT,
  CONTENT_RIGHT,
  CONTENT_WIDTH,
  drawTextLine,
  limitLines,
  lineHeight,
  TEXT_SIZE,
  wrapText,
  type PageFlow,
  type TextStyle
} from './layout.js'

const LOGO_BOX = { width: 170, height: 64 } as const
export const LEFT_WIDTH = 250
export const RIGHT_WIDTH = 236
export const RIGHT_LEFT = CONTENT_RIGHT - RIGHT_WIDTH
const BOX_PADDING = 8

/** « Devis n° DEV-2026-0001 », or « Devis (brouillon) » before the quote has a number. */
export function quoteHeading(quote: Quote): string {
  return quote.number === null ? 'Devis (brouillon)' : `Devis n° ${quote.number}`
}

/** « Valable jusqu’au 21 décembre 2026 » (the last day the quote can be accepted). */
export function validityText(quote: Quote): string {
  const last = new Date(Date.parse(`${quote.issueDate}T00:00:00Z`) + quote.validityDays * 86_400_000)
  // expiryDate throws on a malformed or out-of-range date; the document then shows the duration.
  if (Number.isNaN(last.getTime())) return `Valable ${quote.validityDays} jours`
  return `Valable jusqu’au ${formatLongDate(expiryDate(quote.issueDate, quote.validityDays))}`
}

/** The company's identity lines, mandatory mentions first; empty fields are left out. */
export function companyIdentity(company: CompanyProfile, franchiseEnBase: boolean): string[] {
  const lines = [
    company.address,
    ...companyLegalLines(company, franchiseEnBase),
    company.email,
    company.phone.trim() === '' ? '' : `Tél. ${company.phone}`
  ]
  return lines.filter((line) => line.trim() !== '')
}

/** Lines drawn top-down from `top` in a column; returns the y under the last one. */
export function drawColumn(
  flow: PageFlow,
  x: number,
  top: number,
  width: number,
  entries: readonly { text: string; style: TextStyle; maxLines: number }[]
): number {
  let y = top
  for (const { text, style, maxLines } of entries) {
    const cleaned = flow.fonts.clean(text, { multiline: true })
    if (cleaned.trim() === '') continue
    for (const line of limitLines(wrapText(cleaned, style.font, style.size, width), maxLines)) {
      drawTextLine(flow.page, line, x, y - style.size, style)
      y -= lineHeight(style.size)
    }
  }
  return y
}

/** A shaded box with a small capitalised caption, holding `entries`, in the header's right column; returns the y under it. */
export function drawBox(
  flow: PageFlow,
  caption: string,
  top: number,
  entries: readonly { text: string; style: TextStyle; maxLines: number }[]
): number {
  const { fonts } = flow
  const inner = RIGHT_WIDTH - 2 * BOX_PADDING
  const captionStyle = { font: fonts.bold, size: TEXT_SIZE.small, color: COLORS.muted }
  // Measured before drawing: the shade goes under the text.
  const height =
    BOX_PADDING * 2 +
    lineHeight(captionStyle.size) +
    entries.reduce((sum, { text, style, maxLines }) => {
      const cleaned = fonts.clean(text, { multiline: true })
      return cleaned.trim() === ''
        ? sum
        : sum + Math.min(wrapText(cleaned, style.font, style.size, inner).length, maxLines) * lineHeight(style.size)
    }, 0)
  flow.page.drawRectangle({ x: RIGHT_LEFT, y: top - height, width: RIGHT_WIDTH, height, color: COLORS.shade })
  drawTextLine(flow.page, caption, RIGHT_LEFT + BOX_PADDING, top - BOX_PADDING - captionStyle.size, captionStyle)
  drawColumn(flow, RIGHT_LEFT + BOX_PADDING, top - BOX_PADDING - lineHeight(captionStyle.size), inner, entries)
  return top - height
}

export function drawQuoteHeader(flow: PageFlow, quote: Quote, company: CompanyProfile, logo: PDFImage | null): void {
  const { fonts } = flow
  const body = { font: fonts.regular, size: TEXT_SIZE.body }
  const muted = { ...body, color: COLORS.muted }
  const top = flow.y

  // Left: logo scaled into its box (aspect kept, never enlarged past its pixel size).
  let leftY = top
  if (logo !== null) {
    const scale = Math.min(LOGO_BOX.width / logo.width, LOGO_BOX.height / logo.height, 1)
    const height = logo.height * scale
    flow.page.drawImage(logo, { x: CONTENT_LEFT, y: top - height, width: logo.width * scale, height })
    leftY = top - height - 10
  }
  leftY = drawColumn(flow, CONTENT_LEFT, leftY, LEFT_WIDTH, [
    { text: company.companyName, style: { font: fonts.bold, size: TEXT_SIZE.heading }, maxLines: 2 },
    ...companyIdentity(company, quote.franchiseEnBase).map((text) => ({ text, style: muted, maxLines: 4 }))
  ])

  // Right: the document, then the client and the work site.
  let rightY = drawColumn(flow, RIGHT_LEFT, top, RIGHT_WIDTH, [
    { text: quoteHeading(quote), style: { font: fonts.bold, size: TEXT_SIZE.title, color: COLORS.accent }, maxLines: 1 },
    { text: `Date du devis : ${formatLongDate(quote.issueDate)}`, style: body, maxLines: 1 },
    { text: validityText(quote), style: body, maxLines: 1 }
  ])
  const { client } = quote
  const clientEntries = [
    { text: client.company, style: { font: fonts.bold, size: TEXT_SIZE.label }, maxLines: 2 },
    { text: client.name, style: client.company.trim() === '' ? { font: fonts.bold, size: TEXT_SIZE.label } : body, maxLines: 2 },
    { text: client.address, style: body, maxLines: 5 },
    { text: client.email, style: body, maxLines: 2 },
    { text: client.phone.trim() === '' ? '' : `Tél. ${client.phone}`, style: body, maxLines: 1 }
  ]
  rightY = drawBox(flow, 'CLIENT', rightY - 10, clientEntries)
  if (quote.siteAddress.trim() !== '') {
    rightY = drawBox(flow, 'ADRESSE DU CHANTIER', rightY - 6, [{ text: quote.siteAddress, style: body, maxLines: 5 }])
  }

  flow.y = Math.min(leftY, rightY) - 16
  flow.y = drawColumn(flow, CONTENT_LEFT, flow.y, CONTENT_WIDTH, [
    { text: quote.title.trim() === '' ? '' : `Objet : ${quote.title}`, style: { font: fonts.bold, size: TEXT_SIZE.heading }, maxLines: 3 }
  ])
  const works = [
    quote.workStartDate === null || quote.workStartDate === '' ? '' : `Début des travaux : ${formatLongDate(quote.workStartDate)}`,
    quote.workDuration.trim() === '' ? '' : `Durée estimée : ${quote.workDuration}`
  ].filter((text) => text !== '')
  flow.y = drawColumn(flow, CONTENT_LEFT, flow.y, CONTENT_WIDTH, [{ text: works.join('   ·   '), style: body, maxLines: 2 }])
  flow.y -= 10
}
