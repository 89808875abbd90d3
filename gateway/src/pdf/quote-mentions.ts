// The text after the totals: payment terms, conditions, notes, the professional insurance of
// building trades, then the « Bon pour accord » area where the client dates and signs.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Quote } from '@paraphe/shared/quote'
import { PRE_WORK_MENTION } from '@paraphe/shared/quote-mentions'
import { drawLabelledLines, type LabelledLine } from './labelled-lines.js'
import { COLORS, CONTENT_LEFT, CONTENT_WIDTH, drawTextLine, lineHeight, TEXT_SIZE, wrapText, type PageFlow } from './layout.js'
import { validityText } from './quote-header.js'


/** Where the client signs, so that the signing step can place the signature in it. */
export interface SignatureArea {
  /** Zero-based index of the page. */
  pageIndex: number
  x: number
  y: number
  width: number
  height: number
}

function heading(flow: PageFlow, text: string): void {
  const size = TEXT_SIZE.label
  flow.ensure(lineHeight(size) * 2.5)
  drawTextLine(flow.page, text, CONTENT_LEFT, flow.y - size, { font: flow.fonts.bold, size, color: COLORS.accent })
  flow.y -= lineHeight(size) + 1
}

/** Insurance lines of a building-trade quote; empty when the profile names no insurance. */
export function insuranceLines(company: CompanyProfile): LabelledLine[] {
  const lines = [
    { label: 'Assureur', value: company.insurer },
    { label: 'Couverture géographique', value: company.insuranceCoverage },
    { label: 'Police n°', value: company.insurancePolicy }
  ]
  return lines.filter((line) => line.value.trim() !== '')
}

export function drawMentions(flow: PageFlow, quote: Quote, company: CompanyProfile): void {
  const body = { font: flow.fonts.regular, size: TEXT_SIZE.body }
  const sections: [string, string][] = [
    ['Conditions de paiement', quote.paymentTerms],
    ['Conditions', quote.conditions],
    ['Notes', quote.notes]
  ]
  for (const [title, text] of sections) {
    if (text.trim() === '') continue
    heading(flow, title)
    flow.paragraph(text, body)
    flow.y -= 8
  }
  const insurance = insuranceLines(company)
  if (quote.buildingTrade && insurance.length > 0) {
    // A few short lines: kept with their heading on one page.
    flow.ensure(lineHeight(TEXT_SIZE.label) * 2 + insurance.length * lineHeight(TEXT_SIZE.body) * 1.6)
    heading(flow, 'Assurance professionnelle')
    drawLabelledLines(flow, insurance, { labelWidth: 150 })
    flow.y -= 4
  }
}

/**
 * The closing box: acceptance text, the pre-work mention for building trades, date and
 * signature fields. Never split across pages.
 */
export function drawSignatureArea(flow: PageFlow, quote: Quote): SignatureArea {
  const { fonts } = flow
  const size = TEXT_SIZE.body
  const step = lineHeight(size)
  const padding = 10
  const intro = wrapText(
    fonts.clean(`Devis ${validityText(quote).toLowerCase()}. Le client qui l’accepte date et signe ci-dessous, après la mention « Bon pour accord ».`),
    fonts.regular,
    size,
    CONTENT_WIDTH - 2 * padding
  )
  const signatureHeight = 72
  const height = padding * 2 + lineHeight(TEXT_SIZE.heading) + intro.length * step + (quote.buildingTrade ? step + 6 : 0) + 8 + step + signatureHeight
  flow.ensure(height + 6)
  const top = flow.y
  flow.page.drawRectangle({ x: CONTENT_LEFT, y: top - height, width: CONTENT_WIDTH, height, borderColor: COLORS.rule, borderWidth: 0.8 })
  let y = top - padding
  drawTextLine(flow.page, 'Bon pour accord', CONTENT_LEFT + padding, y - TEXT_SIZE.heading, { font: fonts.bold, size: TEXT_SIZE.heading, color: COLORS.accent })
  y -= lineHeight(TEXT_SIZE.heading)
  for (const line of intro) {
    drawTextLine(flow.page, line, CONTENT_LEFT + padding, y - size, { font: fonts.regular, size })
    y -= step
  }
  if (quote.buildingTrade) {
    y -= 6
    // A box to tick on paper; online, the signing page asks for the same mention.
    flow.page.drawRectangle({ x: CONTENT_LEFT + padding, y: y - size - 0.5, width: size, height: size, borderColor: COLORS.text, borderWidth: 0.7 })
    drawTextLine(flow.page, PRE_WORK_MENTION, CONTENT_LEFT + padding + size + 6, y - size, { font: fonts.bold, size })
    y -= step
  }
  y -= 8
  const half = (CONTENT_WIDTH - 2 * padding) / 2
  const labelStyle = { font: fonts.regular, size, color: COLORS.muted }
  drawTextLine(flow.page, 'Date :', CONTENT_LEFT + padding, y - size, labelStyle)
  drawTextLine(flow.page, 'Signature du client :', CONTENT_LEFT + padding + half, y - size, labelStyle)
  y -= step
  const signature: SignatureArea = {
    pageIndex: flow.doc.getPageCount() - 1,
    x: CONTENT_LEFT + padding + half,
    y: y - signatureHeight + 4,
    width: half,
    height: signatureHeight - 4
  }
  flow.page.drawRectangle({ x: signature.x, y: signature.y, width: signature.width, height: signature.height, borderColor: COLORS.rule, borderWidth: 0.6, borderDashArray: [2, 2] })
  flow.y = top - height - 6
  return signature
}
