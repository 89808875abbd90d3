// The seller and the buyer as CII trade parties (BG-4, BG-7), with the French identifiers:
// SIREN as the legal registration (scheme 0002, BR-FR-10/11), SIRET as the global id (scheme
// 0009, BR-FR-09), the electronic address BT-34/BT-49 on the SIREN (scheme 0225, BR-FR-13/21),
// or the e-mail (scheme EM) for a private buyer, who has no SIREN.
import type { InvoiceBuyer, InvoiceSeller, PostalAddress } from '@paraphe/shared/invoices/invoice-document'
import type { XmlNode } from './cii-values.js'

/** BG-5 / BG-8 / BG-15, in the order the schema wants (postcode first). */
export function postalAddress(address: PostalAddress): XmlNode {
  const [lineOne, lineTwo, lineThree] = address.lines
  return {
    'ram:PostcodeCode': address.postcode === '' ? undefined : address.postcode,
    'ram:LineOne': lineOne,
    'ram:LineTwo': lineTwo,
    'ram:LineThree': lineThree,
    'ram:CityName': address.city === '' ? undefined : address.city,
    'ram:CountryID': address.countryCode
  }
}

/** BT-33: what the law asks beside the name (legal form and capital, RCS or RM). */
export function sellerLegalInformation(seller: InvoiceSeller): string {
  return [seller.legalForm, seller.registration].filter((part) => part.trim() !== '').join(' — ')
}

export function sellerParty(seller: InvoiceSeller): XmlNode {
  const legal = sellerLegalInformation(seller)
  const contact: XmlNode = {
    'ram:TelephoneUniversalCommunication': seller.phone.trim() === '' ? undefined : { 'ram:CompleteNumber': seller.phone },
    'ram:EmailURIUniversalCommunication': seller.email.trim() === '' ? undefined : { 'ram:URIID': seller.email }
  }
  const hasContact = Object.values(contact).some((value) => value !== undefined)
  return {
    'ram:GlobalID': { '@schemeID': '0009', '#': seller.siret },
    'ram:Name': seller.name,
    'ram:Description': legal === '' ? undefined : legal,
    'ram:SpecifiedLegalOrganization': { 'ram:ID': { '@schemeID': '0002', '#': seller.siren } },
    'ram:DefinedTradeContact': hasContact ? contact : undefined,
    'ram:PostalTradeAddress': postalAddress(seller.address),
    'ram:URIUniversalCommunication': { 'ram:URIID': { '@schemeID': '0225', '#': seller.siren } },
    // BT-31, or under the franchise without a VAT number the SIREN as tax registration (BT-32),
    // which is what BR-E-02 asks an exempt seller for.
    'ram:SpecifiedTaxRegistration':
      seller.vatNumber === null
        ? { 'ram:ID': { '@schemeID': 'FC', '#': seller.siren } }
        : { 'ram:ID': { '@schemeID': 'VA', '#': seller.vatNumber } }
  }
}

/** The name on the invoice: the company for a business, the person otherwise. */
export function buyerName(buyer: Pick<InvoiceBuyer, 'kind' | 'name' | 'company'>): string {
  return buyer.kind === 'business' && buyer.company.trim() !== '' ? buyer.company : buyer.name
}

export function buyerParty(buyer: InvoiceBuyer): XmlNode {
  const endpoint = buyer.siren !== null ? { '@schemeID': '0225', '#': buyer.siren } : { '@schemeID': 'EM', '#': buyer.email }
  const contactName = buyer.kind === 'business' && buyer.company.trim() !== '' && buyer.name.trim() !== '' ? buyer.name : undefined
  return {
    // BT-46: a public buyer's SIRET, by which Chorus Pro finds the recipient structure.
    'ram:GlobalID': buyer.publicBuyer == null ? undefined : { '@schemeID': '0009', '#': buyer.publicBuyer.siret },
    'ram:Name': buyerName(buyer),
    'ram:SpecifiedLegalOrganization': buyer.siren === null ? undefined : { 'ram:ID': { '@schemeID': '0002', '#': buyer.siren } },
    'ram:DefinedTradeContact':
      contactName === undefined
        ? undefined
        : {
            'ram:PersonName': contactName,
            'ram:EmailURIUniversalCommunication': buyer.email === '' ? undefined : { 'ram:URIID': buyer.email }
          },
    'ram:PostalTradeAddress': postalAddress(buyer.address),
    'ram:URIUniversalCommunication': { 'ram:URIID': endpoint },
    'ram:SpecifiedTaxRegistration': buyer.vatNumber === null ? undefined : { 'ram:ID': { '@schemeID': 'VA', '#': buyer.vatNumber } }
  }
}
