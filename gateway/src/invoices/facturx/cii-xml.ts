// The Factur-X XML of an invoice: UN/CEFACT Cross Industry Invoice (D22B, read as D16B by the
// Factur-X 1.09 schema), EN 16931 profile (guideline urn:cen.eu:en16931:2017), with the French
// rules (BR-FR) of the 2026–2027 reform. Built with xmlbuilder2's object notation, which escapes
// every text; elements appear in the schema's order, `undefined` leaves an optional one out.
// The field-by-field map is at the top of shared/src/invoices/invoice-document.ts.
import { create } from 'xmlbuilder2'
import { billingFrameworkCode, INVOICE_TYPE_CODES, type InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { FRANCHISE_MENTION, REVERSE_CHARGE_MENTION } from '@paraphe/shared/invoices/invoice-mentions'
import {
  creditedInvoiceText,
  insuranceText,
  progressStatementText,
  retentionText,
  vatMentions
} from '@paraphe/shared/invoices/invoice-statements'
import { computeInvoiceTotals, type InvoiceTotals, type InvoiceVatBreakdown } from '@paraphe/shared/invoices/invoice-totals'
import { buyerName, buyerParty, postalAddress, sellerParty } from './cii-parties.js'
import { lineItems } from './cii-lines.js'
import { amount, dateTimeString, percent, type XmlNode } from './cii-values.js'

export const CII_NAMESPACES = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100'
} as const

export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017'

const EXEMPTIONS = {
  E: { reason: FRANCHISE_MENTION, code: 'VATEX-FR-FRANCHISE' },
  AE: { reason: REVERSE_CHARGE_MENTION, code: 'VATEX-FR-AE' }
} as const

function note(content: string, subjectCode?: string): XmlNode {
  return { 'ram:Content': content, 'ram:SubjectCode': subjectCode }
}

/** BG-1: the three notes BR-FR-05 requires once each, the VAT mentions (TXD), the B2B/B2C flag, then free text. */
function notes(document: InvoiceDocument, totals: InvoiceTotals): XmlNode[] {
  const list = [
    note(document.mentions.recoveryIndemnity, 'PMT'),
    note(document.mentions.latePenalty, 'PMD'),
    note(document.mentions.earlyPaymentDiscount, 'AAB'),
    note(document.buyer.kind === 'business' ? 'B2B' : 'B2C', 'BAR')
  ]
  const taxMentions = vatMentions(document)
  if (taxMentions.length > 0) list.push(note(taxMentions.join('\n'), 'TXD'))
  if (document.creditedInvoice !== null) list.push(note(creditedInvoiceText(document.creditedInvoice)))
  if (document.progress !== null) list.push(note(progressStatementText(document.progress)))
  if (document.retention !== null) list.push(note(retentionText(document.retention, totals.retentionCents)))
  if (document.housingWorkCertification !== null) list.push(note(document.housingWorkCertification))
  if (document.insurance != null) list.push(note(insuranceText(document.insurance)))
  return list
}

/**
 * BT-8, for services: VAT falls due on payment (code 72) unless the seller opted for the débits
 * (code 5, the invoice date). Goods: at delivery, the default, so nothing is said.
 */
function taxPointCode(document: InvoiceDocument): string | undefined {
  if (document.operation === 'goods') return undefined
  return document.vatOnDebits ? '5' : '72'
}

function headerTax(row: InvoiceVatBreakdown, document: InvoiceDocument): XmlNode {
  const exemption = row.category === 'E' || row.category === 'AE' ? EXEMPTIONS[row.category] : undefined
  return {
    'ram:CalculatedAmount': amount(row.vatCents),
    'ram:TypeCode': 'VAT',
    'ram:ExemptionReason': exemption?.reason,
    'ram:BasisAmount': amount(row.baseCents),
    'ram:CategoryCode': row.category,
    'ram:ExemptionReasonCode': exemption?.code,
    'ram:DueDateTypeCode': row.category === 'S' ? taxPointCode(document) : undefined,
    'ram:RateApplicablePercent': percent(row.rateBp)
  }
}

function referencedInvoices(document: InvoiceDocument): XmlNode[] {
  const references = [...(document.creditedInvoice === null ? [] : [document.creditedInvoice]), ...document.deductions]
  return references.map((reference) => ({
    'ram:IssuerAssignedID': reference.number,
    'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@format': '102', '#': reference.issueDate.replaceAll('-', '') } }
  }))
}

function paymentTermsText(document: InvoiceDocument, totals: InvoiceTotals): string | undefined {
  const parts = [document.paymentTerms.trim()]
  if (document.retention !== null) parts.push(retentionText(document.retention, totals.retentionCents))
  const text = parts.filter((part) => part !== '').join('\n')
  return text === '' ? undefined : text
}

/** The invoice as its CII XML (UTF-8, with its declaration), from the document alone. */
export function buildFacturXml(document: InvoiceDocument, totals: InvoiceTotals = computeInvoiceTotals(document)): string {
  const { seller, buyer } = document
  const tree: XmlNode = {
    'rsm:CrossIndustryInvoice': {
      '@xmlns:rsm': CII_NAMESPACES.rsm,
      '@xmlns:qdt': CII_NAMESPACES.qdt,
      '@xmlns:ram': CII_NAMESPACES.ram,
      '@xmlns:udt': CII_NAMESPACES.udt,
      'rsm:ExchangedDocumentContext': {
        'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': billingFrameworkCode(document) },
        'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': EN16931_GUIDELINE }
      },
      'rsm:ExchangedDocument': {
        'ram:ID': document.number,
        'ram:TypeCode': INVOICE_TYPE_CODES[document.kind],
        'ram:IssueDateTime': dateTimeString(document.issueDate),
        'ram:IncludedNote': notes(document, totals)
      },
      'rsm:SupplyChainTradeTransaction': {
        'ram:IncludedSupplyChainTradeLineItem': lineItems(document, totals),
        'ram:ApplicableHeaderTradeAgreement': {
          'ram:BuyerReference': document.buyerReference.trim() === '' ? undefined : document.buyerReference,
          'ram:SellerTradeParty': sellerParty(seller),
          'ram:BuyerTradeParty': buyerParty(buyer),
          'ram:ContractReferencedDocument': document.quoteNumber === null ? undefined : { 'ram:IssuerAssignedID': document.quoteNumber }
        },
        'ram:ApplicableHeaderTradeDelivery': {
          'ram:ShipToTradeParty':
            buyer.deliveryAddress === null
              ? undefined
              : { 'ram:Name': buyerName(buyer), 'ram:PostalTradeAddress': postalAddress(buyer.deliveryAddress) },
          'ram:ActualDeliverySupplyChainEvent': { 'ram:OccurrenceDateTime': dateTimeString(document.saleDate) }
        },
        'ram:ApplicableHeaderTradeSettlement': {
          // BT-83: what the client writes on the transfer, as the QR code does.
          'ram:PaymentReference': document.number,
          'ram:InvoiceCurrencyCode': document.currency,
          'ram:SpecifiedTradeSettlementPaymentMeans':
            seller.iban === ''
              ? undefined
              : {
                  'ram:TypeCode': '58',
                  'ram:PayeePartyCreditorFinancialAccount': { 'ram:IBANID': seller.iban, 'ram:AccountName': seller.name },
                  'ram:PayeeSpecifiedCreditorFinancialInstitution': seller.bic === '' ? undefined : { 'ram:BICID': seller.bic }
                },
          'ram:ApplicableTradeTax': totals.vat.map((row) => headerTax(row, document)),
          'ram:SpecifiedTradePaymentTerms': {
            'ram:Description': paymentTermsText(document, totals),
            'ram:DueDateDateTime': dateTimeString(document.dueDate)
          },
          'ram:SpecifiedTradeSettlementHeaderMonetarySummation': {
            'ram:LineTotalAmount': amount(totals.totalHtCents),
            'ram:TaxBasisTotalAmount': amount(totals.totalHtCents),
            'ram:TaxTotalAmount': { '@currencyID': document.currency, '#': amount(totals.totalVatCents) },
            'ram:GrandTotalAmount': amount(totals.totalTtcCents),
            'ram:DuePayableAmount': amount(totals.amountDueCents)
          },
          'ram:InvoiceReferencedDocument': referencedInvoices(document)
        }
      }
    }
  }
  return create({ version: '1.0', encoding: 'UTF-8' }, tree).end({ prettyPrint: true })
}
