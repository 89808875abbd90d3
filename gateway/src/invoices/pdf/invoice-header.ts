// The top of the invoice's first page, in the quote's layout: the seller's identity and legal
// mentions on the left; the invoice (kind, number, dates) and the client on the right, with the
// delivery or work-site address when it differs; then the object, the nature of the operation
// and the references (signed quote, corrected invoice, progress statement).
import { formatSiret } from '@paraphe/shared/company'
import { formatLongDate } from '@paraphe/shared/dates'
import {
  invoiceHeading,
  OPERATION_NATURE_LABELS,
  type InvoiceDocument,
  type InvoiceSeller,
  type PostalAddress
} from '@paraphe/shared/invoices/invoice-document'
import { FRANCHISE_MENTION } from '@paraphe/shared/invoices/invoice-mentions'
import { creditedInvoiceText, progressStatementText } from '@paraphe/shared/invoices/invoice-statements'
import { COLORS, CONTENT_LEFT, CONTENT_WIDTH, TEXT_SIZE, type PageFlow } from '../../pdf/layout.js'
import { drawBox, drawColumn, LEFT_WIDTH, RIGHT_LEFT, RIGHT_WIDTH } from '../../pdf/quote-header.js'
import { buyerName } from '../facturx/cii-parties.js'

/** « 12 rue des Lilas », « 69003 Lyon » (the country only when not France). */
export function addressLines(address: PostalAddress): string[] {
  const city = [address.postcode, address.city].filter((part) => part.trim() !== '').join(' ')
  return [...address.lines, city, address.countryCode === 'FR' ? '' : address.countryCode].filter((line) => line.trim() !== '')
}

/** The seller's legal identity, as the law lists it (Code de commerce L441-9, CGI 242 nonies A). */
export function sellerLines(seller: InvoiceSeller, franchise: boolean): string[] {
  return [
    ...addressLines(seller.address),
    seller.legalForm,
    `SIRET ${formatSiret(seller.siret)}`,
    seller.registration,
    seller.vatNumber === null ? (franchise ? FRANCHISE_MENTION : '') : `TVA intracommunautaire : ${seller.vatNumber}`,
    seller.email,
    seller.phone.trim() === '' ? '' : `Tél. ${seller.phone}`
  ].filter((line) => line.trim() !== '')
}

/** « Date de la prestation », « Date de livraison » or both, by the nature of the operation. */
export function saleDateLabel(document: Pick<InvoiceDocument, 'operation'>): string {
  return { goods: 'Date de livraison', services: 'Date de la prestation', mixed: 'Date de la livraison ou de la prestation' }[
    document.operation
  ]
}

export function drawInvoiceHeader(flow: PageFlow, document: InvoiceDocument): void {
  const { fonts } = flow
  const body = { font: fonts.regular, size: TEXT_SIZE.body }
  const muted = { ...body, color: COLORS.muted }
  const bold = { font: fonts.bold, size: TEXT_SIZE.label }
  const top = flow.y
  const { seller, buyer } = document

  const leftY = drawColumn(flow, CONTENT_LEFT, top, LEFT_WIDTH, [
    { text: seller.name, style: { font: fonts.bold, size: TEXT_SIZE.heading }, maxLines: 2 },
    ...sellerLines(seller, document.vatRegime === 'franchise').map((text) => ({ text, style: muted, maxLines: 4 }))
  ])

  let rightY = drawColumn(flow, RIGHT_LEFT, top, RIGHT_WIDTH, [
    { text: invoiceHeading(document), style: { font: fonts.bold, size: TEXT_SIZE.title, color: COLORS.accent }, maxLines: 2 },
    { text: `Date de facture : ${formatLongDate(document.issueDate)}`, style: body, maxLines: 1 },
    { text: `${saleDateLabel(document)} : ${formatLongDate(document.saleDate)}`, style: body, maxLines: 2 },
    { text: document.kind === 'credit_note' ? '' : `Échéance : ${formatLongDate(document.dueDate)}`, style: bold, maxLines: 1 }
  ])
  const company = buyer.kind === 'business' ? buyer.company : ''
  rightY = drawBox(flow, 'CLIENT', rightY - 10, [
    { text: company, style: bold, maxLines: 2 },
    { text: buyer.name, style: company.trim() === '' ? bold : body, maxLines: 2 },
    ...addressLines(buyer.address).map((text) => ({ text, style: body, maxLines: 2 })),
    // A public buyer is known to Chorus Pro by its SIRET (and the SIREN it starts with).
    {
      text: buyer.publicBuyer == null ? (buyer.siren === null ? '' : `SIREN ${buyer.siren}`) : `SIRET ${buyer.publicBuyer.siret}`,
      style: body,
      maxLines: 1
    },
    { text: buyer.vatNumber === null ? '' : `TVA intracommunautaire : ${buyer.vatNumber}`, style: body, maxLines: 1 },
    { text: buyer.email, style: body, maxLines: 2 }
  ])
  if (buyer.deliveryAddress !== null) {
    const caption = document.operation === 'goods' ? 'ADRESSE DE LIVRAISON' : 'ADRESSE DU CHANTIER'
    rightY = drawBox(flow, caption, rightY - 6, [
      { text: buyerName(buyer), style: body, maxLines: 1 },
      ...addressLines(buyer.deliveryAddress).map((text) => ({ text, style: body, maxLines: 2 }))
    ])
  }

  flow.y = Math.min(leftY, rightY) - 16
  const references = [
    `Nature de l’opération : ${OPERATION_NATURE_LABELS[document.operation]}`,
    document.quoteNumber === null ? '' : `Devis signé n° ${document.quoteNumber}`,
    document.creditedInvoice === null ? '' : creditedInvoiceText(document.creditedInvoice),
    document.buyerReference.trim() === ''
      ? ''
      : `${buyer.publicBuyer?.serviceCode === document.buyerReference && document.buyerReference !== '' ? 'Code service' : 'Votre référence'} : ${document.buyerReference}`,
    (document.orderReference ?? '').trim() === '' ? '' : `N° d’engagement : ${document.orderReference}`
  ].filter((text) => text !== '')
  flow.y = drawColumn(flow, CONTENT_LEFT, flow.y, CONTENT_WIDTH, [
    {
      text: document.title.trim() === '' ? '' : `Objet : ${document.title}`,
      style: { font: fonts.bold, size: TEXT_SIZE.heading },
      maxLines: 3
    },
    { text: references.join('   ·   '), style: body, maxLines: 3 },
    {
      text: document.progress === null ? '' : progressStatementText(document.progress),
      style: { font: fonts.bold, size: TEXT_SIZE.label, color: COLORS.accent },
      maxLines: 1
    }
  ])
  flow.y -= 10
}
