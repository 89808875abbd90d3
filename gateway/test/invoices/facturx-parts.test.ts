// The parts of a Factur-X invoice one by one: the EPC QR payload's rules (EPC069-12), the
// numbers as the XML writes them, the same invoice giving the same bytes, the invoice made in a
// PDF process, and the layouts that the validation cases do not reach (no IBAN, goods with a
// delivery address, a description longer than a page, deductions under the franchise).
import t from 'tap'
import { PDFDocument, PDFName } from 'pdf-lib'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { buildFacturX } from '../../src/invoices/facturx/build-facturx.js'
import { buildFacturXml } from '../../src/invoices/facturx/cii-xml.js'
import { amount, percent, quantity, scaled } from '../../src/invoices/facturx/cii-values.js'
import { epcPayload, qrMatrix } from '../../src/invoices/facturx/epc-qr.js'
import { holdPdfPool, makeFacturXOffThread, pdfTasksStarted } from '../../src/workers/pdf-pool.js'
import { normaliseSpaces, pdfPagesText } from '../support/pdf-text.js'
import { sampleInvoice } from '../../../shared/test/invoices/sample-invoice.js'
import { INVOICE_CASES } from './support/invoice-cases.js'

const transfer = {
  name: 'Atelier Durand',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  amountCents: 123_456,
  reference: 'FA-2026-0042'
}

t.test('the EPC payload: eleven fields, the amount in euros, nothing to scan without an IBAN or an amount', async (t) => {
  t.equal(epcPayload(transfer), 'BCD\n002\n1\nSCT\nAGRIFRPP\nAtelier Durand\nFR7630006000011234567890189\nEUR1234.56\n\n\nFA-2026-0042')
  t.equal(epcPayload({ ...transfer, amountCents: 5 })?.split('\n')[7], 'EUR0.05')
  t.equal(epcPayload({ ...transfer, iban: '' }), null, 'no IBAN in the profile')
  t.equal(epcPayload({ ...transfer, amountCents: 0 }), null, 'nothing to pay')
  t.equal(epcPayload({ ...transfer, amountCents: 100_000_000_000 }), null, 'past 999 999 999,99 €')
  const long = epcPayload({ ...transfer, name: `Société « Île-de-France »\nRénovation ${'x'.repeat(80)}` })?.split('\n')[5] ?? ''
  t.equal([...long].length, 70, 'the name cut at 70 characters, on one line')
  t.ok(long.startsWith('Société « Île-de-France » Rénovation'), 'accents kept (UTF-8)')
  const matrix = qrMatrix(epcPayload(transfer) ?? '')
  t.ok(matrix.length >= 25 && matrix.every((row) => row.length === matrix.length), `a square matrix (${matrix.length} modules)`)
  t.ok(matrix[0]?.slice(0, 7).every(Boolean), 'with its finder pattern in the corner')
})

t.test('numbers as the XML writes them', async (t) => {
  t.same([amount(0), amount(5), amount(123_456), amount(-99_999)], ['0.00', '0.05', '1234.56', '-999.99'])
  t.same([quantity(1500), quantity(1000), quantity(3333)], ['1.5', '1', '3.333'])
  t.same([percent(2000), percent(550), percent(210), percent(0)], ['20', '5.5', '2.1', '0'])
  t.equal(scaled(-123_450, 4), '-12.345')
})

t.test('the same invoice gives the same bytes; the ID follows the content', async (t) => {
  const document = sampleInvoice()
  const first = await buildFacturX(document)
  const second = await buildFacturX(document)
  t.same(Buffer.from(first.pdf), Buffer.from(second.pdf), 'identical files (the hash chain of issued invoices can rely on it)')
  const other = await buildFacturX(sampleInvoice({ number: 'FA-2026-0043' }))
  const id = async (pdf: Uint8Array) => String((await PDFDocument.load(pdf, { updateMetadata: false })).context.trailerInfo.ID)
  t.not(await id(first.pdf), await id(other.pdf), 'another invoice, another /ID')
  const loaded = await PDFDocument.load(first.pdf, { updateMetadata: false })
  t.equal(loaded.getTitle(), 'Facture n° FA-2026-0042')
  t.ok(loaded.catalog.get(PDFName.of('Metadata')) !== undefined, 'XMP metadata in the catalog')
})

t.test('an invoice made in a PDF process is the one made here, its XML with it', async (t) => {
  const release = holdPdfPool()
  t.teardown(release)
  const document = INVOICE_CASES.final
  if (document === undefined) throw new Error('final')
  const before = pdfTasksStarted().invoice
  const { pdf, xml } = await makeFacturXOffThread(document)
  t.equal(pdfTasksStarted().invoice - before, 1, 'one invoice task, for both files')
  const here = await buildFacturX(document)
  t.same(Buffer.from(pdf), Buffer.from(here.pdf), 'same PDF bytes as in this process')
  t.equal(xml, here.xml, 'and the XML it carries, built there once, as here')
})

t.test('without an IBAN: no transfer details, no QR code, no payment means in the XML', async (t) => {
  const document = sampleInvoice({ seller: { ...sampleInvoice().seller, iban: '', bic: '' } })
  const { pdf, xml } = await buildFacturX(document)
  const text = normaliseSpaces((await pdfPagesText(pdf)).join(' '))
  t.match(text, /Net à payer 888,00 €/, '740,00 € HT + 148,00 € TVA')
  t.notMatch(text, /IBAN|Payer par virement/)
  t.notMatch(xml, /SpecifiedTradeSettlementPaymentMeans/)
})

t.test('goods delivered elsewhere; a long description over pages; deductions under the franchise', async (t) => {
  const long = Array.from({ length: 140 }, (_, index) => `Étape ${index + 1} : fourniture et pose conformes au descriptif.`).join('\n')
  const document = sampleInvoice({
    kind: 'final',
    operation: 'goods',
    vatRegime: 'franchise',
    seller: { ...sampleInvoice().seller, vatNumber: null },
    buyer: {
      ...sampleInvoice().buyer,
      deliveryAddress: { lines: ['Zone artisanale', 'Lot 12'], postcode: '', city: 'Genève', countryCode: 'CH' }
    },
    lines: [
      {
        id: 'a',
        description: long,
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceCents: 500_000,
        vatRateBp: 2000,
        discountBp: 0,
        discountCents: 0,
        progress: null
      }
    ],
    deductions: [
      {
        kind: 'deposit',
        number: 'FA-2026-0001',
        issueDate: '2026-09-01',
        amounts: [
          { vatRateBp: 2000, htCents: 150_000, vatCents: 0 },
          { vatRateBp: 1000, htCents: 0, vatCents: 0 }
        ]
      }
    ]
  })
  const { pdf, xml } = await buildFacturX(document)
  const pages = (await pdfPagesText(pdf)).map(normaliseSpaces)
  t.ok(pages.length >= 3, `the description runs over pages (${pages.length})`)
  t.match(pages[0] ?? '', /ADRESSE DE LIVRAISON/)
  t.match(pages[0] ?? '', /Date de livraison/)
  t.match(pages.join(' '), /Étape 140 : fourniture/, 'nothing of it lost')
  t.match(pages.join(' '), /Acompte FA-2026-0001 \(HT\) −1 500,00 €/)
  t.match(pages.join(' '), /TVA non applicable, article 293 B du CGI/)
  t.match(xml, /<ram:ID>B4<\/ram:ID>/, 'goods, final after a deposit: B4')
  t.equal(
    (xml.match(/<ram:BilledQuantity unitCode="C62">-1<\/ram:BilledQuantity>/g) ?? []).length,
    1,
    'one deduction line: the empty rate has none'
  )
  t.match(xml, /<ram:ID schemeID="FC">732829320<\/ram:ID>/, 'an exempt seller without VAT number: the SIREN as tax registration')
  t.notMatch(xml, /DueDateTypeCode/, 'goods: no tax point code')
  t.equal(computeInvoiceTotals(document).totalTtcCents, 350_000)
})

t.test('services under the débits option say so, in the XML and on the PDF', async (t) => {
  const document = sampleInvoice({ vatOnDebits: true, buyerReference: 'BC-7781' })
  const xml = buildFacturXml(document)
  t.match(xml, /<ram:DueDateTypeCode>5<\/ram:DueDateTypeCode>/)
  t.match(xml, /<ram:BuyerReference>BC-7781<\/ram:BuyerReference>/)
  t.match(buildFacturXml(sampleInvoice()), /<ram:DueDateTypeCode>72<\/ram:DueDateTypeCode>/, 'without it: on payment')
  const text = normaliseSpaces((await pdfPagesText((await buildFacturX(document)).pdf)).join(' '))
  t.match(text, /Option pour le paiement de la taxe d’après les débits/)
  t.match(text, /Votre référence : BC-7781/)
})
