// The CDAR lifecycle message, both ways: a 212 « Encaissée » written then read back as it was
// (amounts per VAT rate, dates, parties), a buyer's refusal with its reason, a platform's file in
// another shape (status on the document status, another prefix); a partial payment split across
// the invoice's VAT rates to the exact cent; malformed files refused with a French sentence.
import t from 'tap'
import type { InvoiceDocument, InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { CdarError, parseCdar, writeCdar, type CdarStatus } from '../../src/transmission/cdar.js'
import { rateWeights, splitByRate } from '../../src/transmission/payment-status.js'

const collected: CdarStatus = {
  messageId: '212-9b7a4a1e-3c1d-4c5e-9a0b-1f2e3d4c5b6a',
  issuedAt: '2026-11-28T10:15:30.000Z',
  statusCode: 212,
  statusDate: '2026-11-27',
  invoice: { number: 'FA-2026-0042', issueDate: '2026-11-02', typeCode: '380', sellerSiren: '552100554', buyerSiren: '443061841' },
  issuer: { siren: '552100554', name: 'Toitures & Fils', role: 'SE' },
  recipient: { siren: '443061841', name: null, role: 'BY' },
  reason: null,
  amounts: [
    { rateBp: 550, amountCents: 21_100 },
    { rateBp: 2000, amountCents: 98_900 }
  ]
}

t.test('a 212 « Encaissée » written then read back as it was', async (t) => {
  const xml = writeCdar(collected)
  t.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>/)
  t.match(
    xml,
    '<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"'
  )
  t.match(xml, '<ram:ProcessConditionCode>212</ram:ProcessConditionCode>')
  t.match(xml, '<ram:ProcessCondition>Encaissée</ram:ProcessCondition>')
  t.match(xml, '<ram:ValueAmount currencyID="EUR">989.00</ram:ValueAmount>')
  t.match(xml, '<ram:ValuePercent>5.50</ram:ValuePercent>')
  t.match(xml, '<ram:GlobalID schemeID="0002">552100554</ram:GlobalID>')
  t.match(xml, 'Toitures &amp; Fils', 'texts are escaped')
  t.match(xml, '<udt:DateTimeString format="102">20261127</udt:DateTimeString>', 'the payment date')
  t.same(parseCdar(xml), collected)
  t.equal(writeCdar(collected), xml, 'the same status gives the same bytes (the same SHA-256 on every attempt)')
})

t.test('a refusal by the buyer, with its reason, round-trips', async (t) => {
  const refused: CdarStatus = {
    ...collected,
    statusCode: 210,
    issuer: { siren: '443061841', name: null, role: 'BY' },
    recipient: { siren: '552100554', name: null, role: 'SE' },
    reason: { code: 'AUTRE', text: 'Commande non reçue' },
    amounts: []
  }
  const xml = writeCdar(refused)
  t.notMatch(xml, 'SpecifiedDocumentCharacteristic')
  t.same(parseCdar(xml), refused)
})

t.test('a platform’s file in another shape still reads', async (t) => {
  // Other prefixes, the status on the document status, a date-time status date, a party without SIREN.
  const xml = `<?xml version="1.0"?>
<cdar:CrossDomainAcknowledgementAndResponse xmlns:cdar="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"
    xmlns:a="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"
    xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <cdar:ExchangedDocument>
    <a:ID>LC-1</a:ID>
    <a:IssueDateTime><u:DateTimeString format="204">20261201083000</u:DateTimeString></a:IssueDateTime>
    <a:IssuerTradeParty><a:GlobalID schemeID="0238">PA-42</a:GlobalID><a:RoleCode>WK</a:RoleCode></a:IssuerTradeParty>
  </cdar:ExchangedDocument>
  <cdar:AcknowledgementDocument>
    <a:ReferenceReferencedDocument>
      <a:IssuerAssignedID>FA-2026-0042</a:IssuerAssignedID>
      <a:IssuerTradeParty><a:GlobalID schemeID="0002">552100554</a:GlobalID><a:RoleCode>SE</a:RoleCode></a:IssuerTradeParty>
      <a:SpecifiedDocumentStatus>
        <a:ReferenceDateTime><u:DateTimeString format="204">20261201080000</u:DateTimeString></a:ReferenceDateTime>
        <a:ProcessConditionCode>213</a:ProcessConditionCode>
        <a:Reason>Fichier illisible</a:Reason>
      </a:SpecifiedDocumentStatus>
    </a:ReferenceReferencedDocument>
  </cdar:AcknowledgementDocument>
</cdar:CrossDomainAcknowledgementAndResponse>`
  t.match(parseCdar(xml), {
    messageId: 'LC-1',
    issuedAt: '2026-12-01T08:30:00.000Z',
    statusCode: 213,
    statusDate: '2026-12-01',
    invoice: { number: 'FA-2026-0042', sellerSiren: '552100554', buyerSiren: null, issueDate: '' },
    issuer: { siren: null, role: 'WK' },
    recipient: null,
    reason: { code: null, text: 'Fichier illisible' },
    amounts: []
  })
})

t.test('edge values: a reversal, one decimal, a date from the acknowledgement, a bare GlobalID, a reason code alone', async (t) => {
  const reversal: CdarStatus = { ...collected, amounts: [{ rateBp: 2000, amountCents: -1_050 }], reason: { code: 'ANNUL', text: null } }
  const xml = writeCdar(reversal)
  t.match(xml, '>-10.50<')
  t.same(parseCdar(xml), reversal)
  t.same(parseCdar(xml.replace('>-10.50<', '>12.5<')).amounts, [{ rateBp: 2000, amountCents: 1_250 }])
  // Without the message's own date, the acknowledgement's; a GlobalID without scheme is taken as a SIREN.
  const dated = parseCdar(
    xml
      .replace(/<ram:IssueDateTime>\s*<udt:DateTimeString format="204">\d+<\/udt:DateTimeString>\s*<\/ram:IssueDateTime>/, '')
      .replace('<ram:GlobalID schemeID="0002">552100554</ram:GlobalID>', '<ram:GlobalID>552100554</ram:GlobalID>')
  )
  t.equal(dated.issuedAt, collected.issuedAt)
  t.equal(dated.issuer.siren, '552100554')
  // An impossible date is no date: the status date falls back to the message's day.
  t.equal(parseCdar(xml.replace('>20261127<', '>20261345<')).statusDate, '2026-11-28')
})

t.test('a malformed or foreign file: a French sentence, never a crash', async (t) => {
  const refusedWith = (xml: string, message: RegExp) => {
    let problem: unknown = null
    try {
      parseCdar(xml)
    } catch (error) {
      problem = error
    }
    t.ok(problem instanceof CdarError, `refused as a CdarError: ${message.source}`)
    t.match((problem as Error | null)?.message, message)
  }
  refusedWith('<rsm:CrossDomainAcknowledgementAndResponse><rsm:ExchangedDocument>', /XML invalide, ligne 1/)
  refusedWith('', /XML invalide|n’est pas un message/)
  refusedWith('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>', /n’est pas un message de cycle de vie/)
  const xml = writeCdar(collected)
  refusedWith(xml.replace(/<ram:ReferenceReferencedDocument>[\s\S]*<\/ram:ReferenceReferencedDocument>/, ''), /sans facture référencée/)
  refusedWith(xml.replace(/<ram:IssuerAssignedID>[^<]*<\/ram:IssuerAssignedID>/, ''), /sans numéro de facture/)
  refusedWith(xml.replace('>212<', '>Encaissée<'), /Code de statut absent ou illisible/)
  refusedWith(xml.replaceAll(/format="204">\d+</g, 'format="204">hier<'), /sans date/)
  refusedWith(xml.replace('>989.00<', '>989,00<'), /Montant illisible/)
  refusedWith(xml.replace('<ram:ValuePercent>5.50</ram:ValuePercent>', ''), /Taux de TVA manquant/)
  refusedWith(xml.replace('>5.50<', '>cinq<'), /Taux de TVA illisible/)
  refusedWith(xml.replace('>5.50<', '>550<'), /Taux de TVA illisible/)
  refusedWith(`<a>${'x'.repeat(1_000_001)}</a>`, /trop volumineux/)
})

t.test('a partial payment split across the VAT rates, exact to the cent', async (t) => {
  // 1 000,00 HT at 20 % (1 200,00 TTC) and 500,00 HT at 5,5 % (527,50 TTC): 1 727,50 TTC.
  const weights = [
    { rateBp: 550, weightCents: 52_750 },
    { rateBp: 2000, weightCents: 120_000 }
  ]
  const full = splitByRate(172_750, weights)
  t.same(full, [
    { rateBp: 550, amountCents: 52_750 },
    { rateBp: 2000, amountCents: 120_000 }
  ])
  const partial = splitByRate(100_000, weights)
  t.same(partial, [
    { rateBp: 550, amountCents: 30_535 },
    { rateBp: 2000, amountCents: 69_465 }
  ])
  // Thirds: the cents left over go to the largest remainders, the sum stays exact.
  const thirds = splitByRate(100, [
    { rateBp: 0, weightCents: 1 },
    { rateBp: 1000, weightCents: 1 },
    { rateBp: 2000, weightCents: 1 }
  ])
  t.same(
    thirds.map((part) => part.amountCents),
    [34, 33, 33]
  )
  for (const amount of [1, 7, 99_999, 123_456_789_01]) {
    const parts = splitByRate(amount, [
      { rateBp: 550, weightCents: 33_333 },
      { rateBp: 1000, weightCents: 77_777 },
      { rateBp: 2000, weightCents: 99_999_999_999 }
    ])
    t.equal(
      parts.reduce((sum, part) => sum + part.amountCents, 0),
      amount,
      `${amount} cents split exactly`
    )
  }
  t.same(splitByRate(5_000, [{ rateBp: 2000, weightCents: 0 }]), [{ rateBp: 2000, amountCents: 5_000 }], 'no weight: one rate')
  t.same(splitByRate(5_000, []), [])
  t.same(splitByRate(-300, [{ rateBp: 2000, weightCents: 10 }]), [{ rateBp: 2000, amountCents: -300 }], 'a reversal keeps its sign')
})

t.test('the weights are the invoice’s TTC per rate, deposits deducted', async (t) => {
  const line = (id: string, unitPriceCents: number, vatRateBp: 550 | 2000): InvoiceLine => ({
    id,
    description: `Travaux ${id}`,
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceCents,
    vatRateBp,
    discountBp: 0,
    discountCents: 0,
    progress: null
  })
  const document: Pick<InvoiceDocument, 'lines' | 'deductions' | 'vatRegime' | 'retention'> = {
    vatRegime: 'standard',
    retention: null,
    lines: [line('isolation', 100_000, 550), line('peinture', 50_000, 2000), line('nettoyage', 10_000, 2000)],
    deductions: [
      { kind: 'deposit', number: 'FA-2026-0001', issueDate: '2026-10-01', amounts: [{ vatRateBp: 2000, htCents: 20_000, vatCents: 4_000 }] }
    ]
  }
  // 5,5 %: 1 000,00 + 55,00; 20 %: 600,00 − 200,00 deposit = 400,00 + 80,00.
  t.same(rateWeights(document), [
    { rateBp: 550, weightCents: 105_500 },
    { rateBp: 2000, weightCents: 48_000 }
  ])
})
