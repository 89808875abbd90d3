// The quote as a PDF: A4, French mandatory mentions, the same bytes for the same quote (the
// signing step hashes this document and the client states which hash it read).
import { PDFDocument, type PDFImage } from 'pdf-lib'
import { formatSiret, type CompanyProfile } from '@paraphe/shared/company'
import type { Quote } from '@paraphe/shared/quote'
import { embedFonts, type PdfFonts } from './fonts.js'
import { PageFlow } from './layout.js'
import { decoratePages, type PageDecoration } from './page-decoration.js'
import { drawQuoteHeader, quoteHeading } from './quote-header.js'
import { drawLinesTable } from './quote-lines-table.js'
import {
  drawMentions,
  drawSignatureArea,
  drawWithdrawalForm,
  signatureAreaHeight,
  type SignatureArea,
  type SignedBoxes
} from './quote-mentions.js'
import { drawTotalsBlock } from './quote-totals-block.js'

export interface QuoteLogo {
  bytes: Uint8Array
  type: 'image/png' | 'image/jpeg'
}

export interface QuotePdfInput {
  /** With its totals computed; a null number is a draft, printed as such on every page. */
  quote: Quote
  company: CompanyProfile
  logo: QuoteLogo | null
}

export interface QuotePdfLayout {
  doc: PDFDocument
  fonts: PdfFonts
  /** The client's signature box. */
  signatureArea: SignatureArea
  /** What the quote's pages carry (footer, header), for callers that decorate them later. */
  decoration: PageDecoration
}

export interface QuoteLayoutOptions {
  /** The signed copy: the « Bon pour accord » block as the client filled it in. */
  signed?: SignedBoxes
  /** False: the pages are left bare, for a caller adding pages that share the numbering. */
  decorate?: boolean
}

export const PDF_CREATOR = 'Paraphe'
export const DRAFT_BANNER = 'BROUILLON – sans valeur contractuelle'

/** « Devis DEV-2026-0001 », the document title viewers show; « Devis (brouillon) » for a draft. */
export function quoteDocumentTitle(quote: Quote): string {
  return quote.number === null ? 'Devis (brouillon)' : `Devis ${quote.number}`
}

async function embedLogo(doc: PDFDocument, logo: QuoteLogo | null): Promise<PDFImage | null> {
  if (logo === null) return null
  // A copy that owns its whole ArrayBuffer: pdf-lib's JPEG reader views `bytes.buffer` from
  // offset 0, which misreads Node buffers sliced from a shared pool (request bodies, pg rows).
  const bytes = new Uint8Array(logo.bytes)
  try {
    return logo.type === 'image/png' ? await doc.embedPng(bytes) : await doc.embedJpg(bytes)
  } catch {
    // An image pdf-lib cannot read (truncated, unusual encoding) must not block the quote:
    // it goes out without the logo, which the professional sees on the preview.
    return null
  }
}

function setMetadata(doc: PDFDocument, fonts: PdfFonts, quote: Quote, company: CompanyProfile): void {
  doc.setTitle(quoteDocumentTitle(quote), { showInWindowTitleBar: true })
  doc.setAuthor(fonts.clean(company.companyName))
  if (quote.title.trim() !== '') doc.setSubject(fonts.clean(quote.title))
  doc.setCreator(PDF_CREATOR)
  doc.setProducer(PDF_CREATOR)
  doc.setLanguage('fr-FR')
  // Dates from the quote, not the clock: rendering the same quote twice gives the same bytes.
  const date = new Date(quote.sentAt ?? quote.updatedAt)
  if (!Number.isNaN(date.getTime())) {
    doc.setCreationDate(date)
    doc.setModificationDate(date)
  }
}

interface LayoutPass extends QuotePdfLayout {
  /** The block opened a page of its own while it fitted right under the totals. */
  blockWouldFitUnderTotals: boolean
}

async function layoutPass(input: QuotePdfInput, options: QuoteLayoutOptions, blockUnderTotals: boolean): Promise<LayoutPass> {
  const { quote, company } = input
  const doc = await PDFDocument.create({ updateMetadata: false })
  const fonts = await embedFonts(doc)
  const logo = await embedLogo(doc, input.logo)
  setMetadata(doc, fonts, quote, company)

  const flow = new PageFlow(doc, fonts)
  drawQuoteHeader(flow, quote, company, logo)
  drawLinesTable(flow, quote)
  drawTotalsBlock(flow, quote)
  const fitsUnderTotals = signatureAreaHeight(flow, quote, options.signed) + 6 <= flow.remaining
  let signatureArea: SignatureArea
  let blockWouldFitUnderTotals = false
  if (blockUnderTotals) {
    signatureArea = drawSignatureArea(flow, quote, options.signed)
    drawMentions(flow, quote, company)
  } else {
    drawMentions(flow, quote, company)
    const pagesBefore = doc.getPageCount()
    signatureArea = drawSignatureArea(flow, quote, options.signed)
    blockWouldFitUnderTotals = fitsUnderTotals && doc.getPageCount() > pagesBefore
  }
  drawWithdrawalForm(flow, quote, company)

  const siret = company.siret.trim() === '' ? '' : ` – SIRET ${formatSiret(company.siret)}`
  const decoration: PageDecoration = {
    footer: `${company.companyName}${siret}`,
    runningHeader: `${quoteHeading(quote)} – ${company.companyName}`,
    draftBanner: quote.number === null ? DRAFT_BANNER : null
  }
  if (options.decorate !== false) decoratePages(doc.getPages(), fonts, decoration)
  return { doc, fonts, signatureArea, decoration, blockWouldFitUnderTotals }
}

/**
 * The quote laid out in a pdf-lib document, for callers that add to it before saving. The
 * « Bon pour accord » block closes the quote, after its conditions; when that would leave it
 * alone on a new page while it fits under the totals, it is drawn there instead (the conditions
 * follow it), so that the client signs beside the price rather than on an otherwise empty page.
 */
export async function layoutQuotePdf(input: QuotePdfInput, options: QuoteLayoutOptions = {}): Promise<QuotePdfLayout> {
  const first = await layoutPass(input, options, false)
  const { doc, fonts, signatureArea, decoration } = first.blockWouldFitUnderTotals ? await layoutPass(input, options, true) : first
  return { doc, fonts, signatureArea, decoration }
}

/**
 * Saves deterministically, with a classic cross-reference table (no object streams), which
 * incremental updates such as the PAdES seal handle most widely.
 */
export function savePdf(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ useObjectStreams: false })
}

export async function renderQuotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { doc } = await layoutQuotePdf(input)
  return savePdf(doc)
}
