// The text after the totals: payment terms, conditions, notes, the professional insurance of
// building trades, then the « Bon pour accord » area where the client dates and signs.
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Quote } from '@paraphe/shared/quote'
import { BANK_DETAILS_TITLE, depositBankRows } from '@paraphe/shared/bank-details'
import {
  isConsumerClient,
  MEDIATION_TITLE,
  mediatorMention,
  WITHDRAWAL_FORM_TITLE,
  WITHDRAWAL_TITLE,
  withdrawalFormLines,
  withdrawalMention
} from '@paraphe/shared/consumer-mentions'
import {
  ACCEPTANCE_BOX,
  HOUSING_WORK_CERTIFICATION,
  HOUSING_WORK_CERTIFICATION_TITLE,
  needsHousingWorkCertification,
  PRE_WORK_MENTION
} from '@paraphe/shared/quote-mentions'
import { workLines } from '@paraphe/shared/quote-sections'
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

/** Where to pay the deposit by transfer: only when the quote asks for one and the profile has an IBAN. */
function drawBankDetails(flow: PageFlow, quote: Quote, company: CompanyProfile): void {
  const rows = depositBankRows(quote.depositBp, company)
  if (rows === null) return
  flow.ensure(lineHeight(TEXT_SIZE.label) * 2 + rows.length * lineHeight(TEXT_SIZE.body) * 1.6)
  heading(flow, BANK_DETAILS_TITLE)
  drawLabelledLines(flow, rows, { labelWidth: 150 })
  flow.y -= 4
}

/**
 * The model withdrawal form, on a page of its own that the client can print and send back:
 * quotes to private persons only (they are signed at a distance).
 */
export function drawWithdrawalForm(flow: PageFlow, quote: Quote, company: CompanyProfile): void {
  if (!isConsumerClient(quote.client)) return
  const { fonts } = flow
  flow.newPage()
  drawTextLine(flow.page, WITHDRAWAL_FORM_TITLE, CONTENT_LEFT, flow.y - TEXT_SIZE.title, {
    font: fonts.bold,
    size: TEXT_SIZE.title,
    color: COLORS.accent
  })
  flow.y -= lineHeight(TEXT_SIZE.title) + 8
  const body = { font: fonts.regular, size: TEXT_SIZE.label }
  for (const line of withdrawalFormLines(company, quote.number)) {
    flow.paragraph(line, body)
    // Room to write by hand after each field.
    flow.y -= line.endsWith(':') ? 22 : 8
  }
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
    if (title === 'Conditions de paiement') drawBankDetails(flow, quote, company)
  }
  if (quote.paymentTerms.trim() === '') drawBankDetails(flow, quote, company)
  // Signing the quote certifies the housing work that the reduced rates require.
  if (
    needsHousingWorkCertification(
      workLines(quote.lines).map((line) => line.vatRateBp),
      !quote.franchiseEnBase
    )
  ) {
    heading(flow, HOUSING_WORK_CERTIFICATION_TITLE)
    flow.paragraph(HOUSING_WORK_CERTIFICATION, body)
    flow.y -= 8
  }
  if (isConsumerClient(quote.client)) {
    heading(flow, WITHDRAWAL_TITLE)
    flow.paragraph(withdrawalMention(company), body)
    flow.y -= 8
    const mediator = mediatorMention(company)
    if (mediator !== null) {
      heading(flow, MEDIATION_TITLE)
      flow.paragraph(mediator, body)
      flow.y -= 8
    }
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

/** The block as the client signed it: the boxes they ticked and, left of the signature, when and who. */
export interface SignedBoxes {
  preWorkAcknowledged: boolean
  /** Under « Date : »: the date and time, the typed mention, the signer. */
  details: readonly string[]
}

const PADDING = 10
const SIGNATURE_HEIGHT = 72

function introLines(flow: PageFlow, quote: Quote): string[] {
  const text = `Devis ${validityText(quote).toLowerCase()}. Le client qui accepte ce devis et ses conditions date et signe ci-dessous, après la mention « Bon pour accord ».`
  return wrapText(flow.fonts.clean(text), flow.fonts.regular, TEXT_SIZE.body, CONTENT_WIDTH - 2 * PADDING)
}

/** The ticked (or, for a box left empty, unticked) boxes of a signed block, each once. */
function signedBoxLines(quote: Quote, signed: SignedBoxes): string[] {
  return [`☑ ${ACCEPTANCE_BOX}`, ...(quote.buildingTrade ? [`${signed.preWorkAcknowledged ? '☑' : '☐'} ${PRE_WORK_MENTION}`] : [])]
}

/** Height of the block, to decide where it goes before drawing it. */
export function signatureAreaHeight(flow: PageFlow, quote: Quote, signed?: SignedBoxes): number {
  const step = lineHeight(TEXT_SIZE.body)
  const boxes = signed === undefined ? (quote.buildingTrade ? step + 6 : 0) : signedBoxLines(quote, signed).length * step + 6
  return PADDING * 2 + lineHeight(TEXT_SIZE.heading) + introLines(flow, quote).length * step + boxes + 8 + step + SIGNATURE_HEIGHT
}

/**
 * The closing box: acceptance text, the pre-work mention for building trades, date and
 * signature fields. Never split across pages. Signed, the boxes print ticked as the client
 * ticked them (once, nothing left blank beside them) and the date column holds the details.
 */
export function drawSignatureArea(flow: PageFlow, quote: Quote, signed?: SignedBoxes): SignatureArea {
  const { fonts } = flow
  const size = TEXT_SIZE.body
  const step = lineHeight(size)
  const padding = PADDING
  const intro = introLines(flow, quote)
  const height = signatureAreaHeight(flow, quote, signed)
  flow.ensure(height + 6)
  const top = flow.y
  flow.page.drawRectangle({ x: CONTENT_LEFT, y: top - height, width: CONTENT_WIDTH, height, borderColor: COLORS.rule, borderWidth: 0.8 })
  let y = top - padding
  drawTextLine(flow.page, 'Bon pour accord', CONTENT_LEFT + padding, y - TEXT_SIZE.heading, {
    font: fonts.bold,
    size: TEXT_SIZE.heading,
    color: COLORS.accent
  })
  y -= lineHeight(TEXT_SIZE.heading)
  for (const line of intro) {
    drawTextLine(flow.page, line, CONTENT_LEFT + padding, y - size, { font: fonts.regular, size })
    y -= step
  }
  if (signed !== undefined) {
    y -= 6
    for (const line of signedBoxLines(quote, signed)) {
      drawTextLine(
        flow.page,
        fonts.clean(line),
        CONTENT_LEFT + padding,
        y - size,
        { font: fonts.bold, size },
        { width: CONTENT_WIDTH - 2 * padding }
      )
      y -= step
    }
  } else if (quote.buildingTrade) {
    y -= 6
    // A box to tick on paper; online, the signing page asks for the same mention.
    flow.page.drawRectangle({
      x: CONTENT_LEFT + padding,
      y: y - size - 0.5,
      width: size,
      height: size,
      borderColor: COLORS.text,
      borderWidth: 0.7
    })
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
    y: y - SIGNATURE_HEIGHT + 4,
    width: half,
    height: SIGNATURE_HEIGHT - 4
  }
  if (signed === undefined) {
    flow.page.drawRectangle({
      x: signature.x,
      y: signature.y,
      width: signature.width,
      height: signature.height,
      borderColor: COLORS.rule,
      borderWidth: 0.6,
      borderDashArray: [2, 2]
    })
  }
  let detailY = y - size - 2
  for (const line of signed?.details ?? []) {
    drawTextLine(flow.page, fonts.clean(line), CONTENT_LEFT + padding, detailY, { font: fonts.regular, size }, { width: half - 12 })
    detailY -= step
  }
  flow.y = top - height - 6
  return signature
}
