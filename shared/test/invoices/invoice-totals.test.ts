import t from 'tap'
import { Value } from '@sinclair/typebox/value'
import { computeTotals } from '../../src/quote-totals.js'
import { billingFrameworkCode, invoiceHeading, InvoiceDocumentSchema, type InvoiceLine } from '../../src/invoices/invoice-document.js'
import { computeInvoiceTotals, vatCategory } from '../../src/invoices/invoice-totals.js'
import { defaultInvoiceMentions, PRIVATE_RECOVERY_INDEMNITY, PROFESSIONAL_RECOVERY_INDEMNITY } from '../../src/invoices/invoice-mentions.js'
import { sampleInvoice } from './sample-invoice.js'

const line = (overrides: Partial<InvoiceLine>): InvoiceLine => ({
  id: 'l1',
  description: 'Pose',
  quantityMilli: 1000,
  unit: 'u',
  unitPriceCents: 10000,
  vatRateBp: 2000,
  discountBp: 0,
  discountCents: 0,
  progress: null,
  ...overrides
})
const base = { deductions: [], vatRegime: 'standard' as const, retention: null }

t.test('an invoice of the quote’s lines has the quote’s totals, VAT per rate', async (t) => {
  const lines = [
    line({ id: 'a', quantityMilli: 1500, unitPriceCents: 4550, vatRateBp: 1000 }),
    line({ id: 'b', quantityMilli: 3000, unitPriceCents: 1999, vatRateBp: 2000, discountBp: 1000 }),
    line({ id: 'c', quantityMilli: 1000, unitPriceCents: 33333, vatRateBp: 550 }),
    line({ id: 'd', quantityMilli: 2000, unitPriceCents: 1234, vatRateBp: 210 })
  ]
  const invoice = computeInvoiceTotals({ ...base, lines })
  const quote = computeTotals(lines, { franchiseEnBase: false, depositBp: 0 })
  t.equal(invoice.totalHtCents, quote.totalHtCents)
  t.equal(invoice.totalVatCents, quote.totalVatCents)
  t.equal(invoice.totalTtcCents, quote.totalTtcCents)
  t.same(
    invoice.vat.map((row) => [row.category, row.rateBp, row.baseCents, row.vatCents]),
    quote.vat.map((row) => ['S', row.rateBp, row.baseHtCents, row.vatCents])
  )
  t.same(invoice.lines[1], { grossCents: 5997, discountCents: 600, contractCents: 5397, netCents: 5397, category: 'S', rateBp: 2000 })
  t.equal(invoice.amountDueCents, invoice.totalTtcCents, 'nothing paid at issuing')
})

t.test('a discount can be an amount, never larger than the line nor beside a percentage', async (t) => {
  const totals = computeInvoiceTotals({ ...base, lines: [line({ quantityMilli: 2000, discountCents: 2500 })] })
  t.same([totals.lines[0]?.grossCents, totals.lines[0]?.discountCents, totals.lines[0]?.netCents], [20000, 2500, 17500])
  t.equal(totals.totalVatCents, 3500)
  t.throws(() => computeInvoiceTotals({ ...base, lines: [line({ discountCents: 10001 })] }), RangeError)
  t.throws(() => computeInvoiceTotals({ ...base, lines: [line({ discountCents: 1, discountBp: 1 })] }), RangeError)
  t.throws(() => computeInvoiceTotals({ ...base, lines: [] }), RangeError)
})

t.test('franchise and reverse charge charge no VAT, whatever the lines’ rates', async (t) => {
  const lines = [line({ vatRateBp: 2000 }), line({ id: 'b', vatRateBp: 1000 })]
  const franchise = computeInvoiceTotals({ ...base, vatRegime: 'franchise', lines })
  t.same(franchise.vat, [{ category: 'E', rateBp: 0, baseCents: 20000, vatCents: 0 }])
  t.equal(franchise.totalTtcCents, 20000)
  const reverse = computeInvoiceTotals({ ...base, vatRegime: 'reverse_charge', lines })
  t.same(reverse.vat, [{ category: 'AE', rateBp: 0, baseCents: 20000, vatCents: 0 }])
  t.same(vatCategory('standard', 0), { category: 'Z', rateBp: 0 })
})

t.test('a situation charges the progress since the last one, line by line', async (t) => {
  const totals = computeInvoiceTotals({
    ...base,
    lines: [
      line({ quantityMilli: 10_000, unitPriceCents: 12345, progress: { cumulativeBp: 6000, previousBp: 4000 } }),
      line({ id: 'b', unitPriceCents: 99999, vatRateBp: 1000, progress: { cumulativeBp: 3333, previousBp: 0 } })
    ]
  })
  t.equal(totals.lines[0]?.contractCents, 123450)
  t.equal(totals.lines[0]?.netCents, 24690, '20 % of 1 234,50 €')
  t.equal(totals.lines[1]?.netCents, 33330, '33,33 % of 999,99 € = 333,296… → 333,30 €')
  t.equal(totals.totalHtCents, 58020)
  t.throws(() => computeInvoiceTotals({ ...base, lines: [line({ progress: { cumulativeBp: 1000, previousBp: 2000 } })] }), RangeError)
})

t.test('a final invoice deducts each earlier invoice at its rates; the retention lowers what is paid now', async (t) => {
  const totals = computeInvoiceTotals({
    vatRegime: 'standard',
    retention: { rateBp: 500, releaseDate: '2027-12-01' },
    lines: [line({ quantityMilli: 1000, unitPriceCents: 100000 }), line({ id: 'b', unitPriceCents: 50000, vatRateBp: 1000 })],
    deductions: [
      {
        kind: 'deposit',
        number: 'FA-2026-0001',
        issueDate: '2026-10-01',
        amounts: [
          { vatRateBp: 2000, htCents: 30000, vatCents: 6000 },
          { vatRateBp: 1000, htCents: 15000, vatCents: 1500 }
        ]
      },
      { kind: 'progress', number: 'FA-2026-0002', issueDate: '2026-11-01', amounts: [{ vatRateBp: 2000, htCents: 20000, vatCents: 4000 }] }
    ]
  })
  t.same(totals.deductions, [
    { htCents: 45000, vatCents: 7500, ttcCents: 52500 },
    { htCents: 20000, vatCents: 4000, ttcCents: 24000 }
  ])
  t.same(totals.vat, [
    { category: 'S', rateBp: 1000, baseCents: 35000, vatCents: 3500 },
    { category: 'S', rateBp: 2000, baseCents: 50000, vatCents: 10000 }
  ])
  t.equal(totals.totalHtCents, 85000)
  t.equal(totals.totalTtcCents, 98500)
  t.equal(totals.retentionCents, 4925, '5 % of the TTC')
  t.equal(totals.netToPayCents, 93575)
  t.throws(
    () =>
      computeInvoiceTotals({
        ...base,
        lines: [line({})],
        deductions: [
          { kind: 'deposit', number: 'A1', issueDate: '2026-01-01', amounts: [{ vatRateBp: 2000, htCents: 10001, vatCents: 0 }] }
        ]
      }),
    /deductions larger/
  )
})

t.test('BT-23 says after a deposit; headings name the kind', async (t) => {
  const invoice = sampleInvoice()
  t.ok(Value.Check(InvoiceDocumentSchema, invoice), 'the sample matches the contract')
  t.equal(billingFrameworkCode(invoice), 'S1')
  const deposit = {
    kind: 'deposit' as const,
    number: 'FA-1',
    issueDate: '2026-10-01',
    amounts: [{ vatRateBp: 2000 as const, htCents: 1, vatCents: 0 }]
  }
  t.equal(billingFrameworkCode({ ...invoice, kind: 'final', operation: 'mixed', deductions: [deposit] }), 'M4')
  t.equal(billingFrameworkCode({ ...invoice, kind: 'final', operation: 'goods', deductions: [{ ...deposit, kind: 'progress' }] }), 'B1')
  t.equal(invoiceHeading(invoice), 'Facture n° FA-2026-0042')
  t.equal(
    invoiceHeading({
      kind: 'progress',
      number: 'FA-2026-0043',
      progress: { situationNumber: 3, cumulativeBp: 6000, previousBp: 4000 },
      deductions: []
    }),
    'Facture de situation n° 3 — FA-2026-0043'
  )
  t.equal(invoiceHeading({ ...invoice, kind: 'final', deductions: [] }), 'Facture n° FA-2026-0042', 'the whole quote at once: « Facture »')
  t.equal(
    invoiceHeading({ ...invoice, kind: 'final', deductions: [deposit] }),
    'Facture de solde n° FA-2026-0042',
    'after a deposit: the balance'
  )
  t.equal(defaultInvoiceMentions('business').recoveryIndemnity, PROFESSIONAL_RECOVERY_INDEMNITY)
  t.equal(defaultInvoiceMentions('individual').recoveryIndemnity, PRIVATE_RECOVERY_INDEMNITY)
})
