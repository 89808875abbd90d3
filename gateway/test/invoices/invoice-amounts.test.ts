// The amounts of deposit, situation, final and credit-note invoices as the professional would
// notice them: a deposit split by VAT rate and worded per rate, every refusal in French with the
// amount left (an empty deposit, one above what is left of the quote, a situation on an unknown
// line, above 100 %, going backwards or adding nothing), and a credit note never beyond the
// invoice it corrects.
import t from 'tap'
import type { QuoteLine } from '@paraphe/shared/quote'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import { ApiProblem } from '../../src/errors.js'
import { creditLines, depositLines, finalInvoice, progressLines, type IssuedInvoice } from '../../src/invoices/invoice-amounts.js'
import { INVOICE_CASES } from './support/invoice-cases.js'

const quoteLines: QuoteLine[] = [
  { id: 'l1', description: 'Carrelage', quantityMilli: 10_000, unit: 'm²', unitPriceCents: 5_000, vatRateBp: 1000, discountBp: 0 },
  { id: 'l2', description: 'Meuble vasque', quantityMilli: 1000, unit: 'u', unitPriceCents: 50_000, vatRateBp: 2000, discountBp: 0 }
]
// 500 € at 10 % (550 € TTC) and 500 € at 20 % (600 € TTC).
const QUOTE_TTC = 115_000

const refusal = (fn: () => unknown): { status: number; code: string; message: string } => {
  try {
    fn()
  } catch (error) {
    if (error instanceof ApiProblem) return { status: error.statusCode, code: error.code, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

function issued(kind: IssuedInvoice['kind'], number: string, document: IssuedInvoice['document']): IssuedInvoice {
  return { id: number, kind, number, issueDate: '2026-11-02', document }
}

t.test('a deposit: the share at each VAT rate, worded per rate, or refused in French', async (t) => {
  const thirty = depositLines({
    quoteNumber: 'DEV-2026-0007',
    quoteLines,
    quoteTtcCents: QUOTE_TTC,
    regime: 'standard',
    share: { bp: 3000 },
    earlier: []
  })
  t.same(
    thirty.map((line) => [line.description, line.unitPriceCents, line.vatRateBp]),
    [
      ['Acompte de 30 % sur le devis DEV-2026-0007 — part à 10 % de TVA', 15_000, 1000],
      ['Acompte de 30 % sur le devis DEV-2026-0007 — part à 20 % de TVA', 15_000, 2000]
    ]
  )
  const amount = depositLines({
    quoteNumber: 'DEV-2026-0007',
    quoteLines,
    quoteTtcCents: QUOTE_TTC,
    regime: 'standard',
    share: { amountCents: 40_000 },
    earlier: []
  })
  t.match(amount[0]?.description, /^Acompte sur le devis DEV-2026-0007/, 'an amount: no percentage in the wording')
  t.equal(
    amount.reduce((sum, line) => sum + Math.round((line.unitPriceCents * (10_000 + line.vatRateBp)) / 10_000), 0),
    40_000,
    'exactly the amount asked, TTC'
  )
  const single = depositLines({
    quoteNumber: 'DEV-2026-0008',
    quoteLines: [quoteLines[1] as QuoteLine],
    quoteTtcCents: 60_000,
    regime: 'standard',
    share: { bp: 5000 },
    earlier: []
  })
  t.same(
    single.map((line) => line.description),
    ['Acompte de 50 % sur le devis DEV-2026-0008'],
    'one rate: no « part à … » in the wording'
  )

  t.match(
    refusal(() =>
      depositLines({ quoteNumber: 'D', quoteLines, quoteTtcCents: QUOTE_TTC, regime: 'standard', share: { amountCents: 0 }, earlier: [] })
    ),
    {
      status: 422,
      code: 'invoice_empty',
      message: 'Le montant de l’acompte doit être supérieur à zéro.'
    }
  )
  t.match(
    refusal(() =>
      depositLines({
        quoteNumber: 'D',
        quoteLines,
        quoteTtcCents: QUOTE_TTC,
        regime: 'standard',
        share: { amountCents: 200_000 },
        earlier: []
      })
    ),
    {
      status: 422,
      code: 'invoice_over_quote',
      message: /L’acompte dépasse ce qui reste à facturer sur le devis \(1\s150,00\s€ TTC\)\./
    }
  )
})

t.test('a situation: refused on an unknown line, above 100 %, backwards, or adding nothing', async (t) => {
  const ask = (progress: { bp: number } | { lines: Array<{ lineId: string; cumulativeBp: number }> }, earlier: IssuedInvoice[] = []) =>
    progressLines({ quoteLines, quoteTtcCents: QUOTE_TTC, regime: 'standard', progress, earlier })
  const first = ask({ lines: [{ lineId: 'l1', cumulativeBp: 5000 }] })
  t.same(first.statement, { situationNumber: 1, cumulativeBp: 2500, previousBp: 0 }, 'half of one of two equal lines: 25 % of the contract')
  t.equal(first.lines[1]?.progress?.cumulativeBp, 0, 'a line not asked stays where it was')

  const previous = issued('progress', 'F-2026-0003', { ...INVOICE_CASES.progress!, lines: first.lines })
  t.match(
    refusal(() => ask({ lines: [{ lineId: 'nope', cumulativeBp: 1000 }] })),
    { status: 422, code: 'invoice_unknown_line', message: 'Une ligne de la situation n’existe pas dans le devis.' }
  )
  t.match(
    refusal(() => ask({ bp: 10_001 })),
    { status: 422, code: 'invoice_progress_over', message: 'Une situation ne dépasse jamais 100 % du devis.' }
  )
  t.match(
    refusal(() => ask({ lines: [{ lineId: 'l1', cumulativeBp: 4000 }] }, [previous])),
    {
      code: 'invoice_progress_backwards',
      message: 'L’avancement cumulé ne peut pas baisser : la situation précédente en était à 50 % sur « Carrelage ».'
    }
  )
  t.match(
    refusal(() => ask({ lines: [{ lineId: 'l1', cumulativeBp: 5000 }] }, [previous])),
    { code: 'invoice_empty', message: /ne facture rien de plus que la précédente/ }
  )
  const second = ask({ bp: 6000 }, [previous])
  t.same(
    second.statement,
    { situationNumber: 2, cumulativeBp: 6000, previousBp: 2500 },
    '« situation n° 2 : cumul 60 %, déjà facturé 25 % »'
  )

  const free = progressLines({
    quoteLines: [{ ...(quoteLines[0] as QuoteLine), unitPriceCents: 0 }],
    quoteTtcCents: 0,
    regime: 'standard',
    progress: { bp: 5000 },
    earlier: []
  })
  t.same(free.statement, { situationNumber: 1, cumulativeBp: 0, previousBp: 0 }, 'a contract worth nothing has no percentage to state')
})

t.test('the final invoice once, and a credit note never beyond what it corrects', async (t) => {
  const deposit = issued('deposit', 'F-2026-0001', INVOICE_CASES.deposit!)
  const final = finalInvoice(quoteLines, [deposit])
  t.same(
    final.deductions.map((deduction) => deduction.number),
    ['F-2026-0001'],
    'the deposit deducted by its number'
  )
  t.match(
    refusal(() => finalInvoice(quoteLines, [deposit, issued('final', 'F-2026-0009', INVOICE_CASES.final!)])),
    { status: 409, code: 'invoice_final_exists' }
  )

  const corrected = issued('standard', 'F-2026-0004', INVOICE_CASES['vat-20']!)
  const total = computeInvoiceTotals(corrected.document).totalTtcCents
  t.match(
    refusal(() =>
      creditLines({
        corrected: issued('credit_note', 'F-2026-0005', INVOICE_CASES['credit-note']!),
        alreadyCreditedCents: 0,
        amountCents: null
      })
    ),
    {
      status: 409,
      code: 'invoice_is_credit_note',
      message: 'Un avoir ne se corrige pas par un autre avoir.'
    }
  )
  t.match(
    refusal(() => creditLines({ corrected, alreadyCreditedCents: total, amountCents: null })),
    { status: 409, code: 'invoice_fully_credited' }
  )
  t.match(
    refusal(() => creditLines({ corrected, alreadyCreditedCents: total - 1000, amountCents: 1001 })),
    {
      status: 422,
      code: 'invoice_credit_over',
      message: /L’avoir dépasse ce qui reste de la facture F-2026-0004 \(10,00\s€ TTC\)\./
    }
  )
  const partial = creditLines({ corrected, alreadyCreditedCents: 0, amountCents: 1200 })
  t.ok(partial.lines.length > 0, 'a partial credit note has lines')
  const rest = creditLines({ corrected, alreadyCreditedCents: 1200, amountCents: null })
  const restTtc = computeInvoiceTotals({ ...corrected.document, lines: rest.lines, deductions: rest.deductions }).totalTtcCents
  t.equal(restTtc, total - 1200, '« the whole invoice » after a partial credit note credits what is left of it')
})
