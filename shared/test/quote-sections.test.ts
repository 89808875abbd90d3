// Sections among a quote's lines (« Lot 1 — Plomberie »): their subtotals HT, the rows a document
// prints, and what they leave unchanged (totals, VAT, quotes without sections).
import t from 'tap'
import { computeTotals } from '../src/quote-totals.js'
import { quoteRows, sectionSubtotals, sectionTitle, subtotalLabel, UNTITLED_SECTION, workLines } from '../src/quote-sections.js'
import type { QuoteContentLine, QuoteLine, QuoteSection } from '../src/quote.js'

const item = (
  id: string,
  quantityMilli: number,
  unitPriceCents: number,
  vatRateBp: 550 | 1000 | 2000 = 1000,
  discountBp = 0
): QuoteLine => ({
  id,
  description: `Ligne ${id}`,
  quantityMilli,
  unit: 'u',
  unitPriceCents,
  vatRateBp,
  discountBp
})
const section = (id: string, title: string): QuoteSection => ({ id, kind: 'section', title })
const options = { franchiseEnBase: false, depositBp: 3000 }

t.test('a section’s subtotal is the HT of its lines, up to the next section', async (t) => {
  // 1,5 × 33,33 € = 49,995 → 50,00 €; 100 € − 12,5 % = 87,50 €; 2 × 10 € = 20 €.
  const lines: QuoteContentLine[] = [
    item('a', 1000, 1000),
    section('s1', 'Lot 1 — Plomberie'),
    item('b', 1500, 3333),
    item('c', 1000, 10_000, 2000, 1250),
    section('s2', 'Lot 2 — Électricité'),
    item('d', 2000, 1000, 550),
    section('s3', 'Lot 3 — Vide')
  ]
  const totals = computeTotals(lines, options)
  t.same(totals.lineHtCents, [1000, 0, 5000, 8750, 0, 2000, 0], 'one HT per line, 0 for a heading, in order')
  t.same(
    sectionSubtotals(lines, totals.lineHtCents),
    [null, 13_750, null, null, 2000, null, 0],
    'the lines before the first heading belong to none'
  )
  const withoutSections = computeTotals(workLines(lines), options)
  t.same(
    { ...totals, lineHtCents: [] },
    { ...withoutSections, lineHtCents: [] },
    'totals, VAT per rate, TTC and deposit as without the headings'
  )
  t.equal(totals.totalHtCents, 1000 + 13_750 + 2000, 'the subtotals and the lines outside add up to the total HT')

  t.same(
    quoteRows(lines, totals.lineHtCents).map((row) =>
      row.kind === 'line'
        ? `${row.line.id} ${row.htCents}`
        : row.kind === 'section'
          ? `# ${row.section.title}`
          : `= ${row.label} ${row.htCents}`
    ),
    [
      'a 1000',
      '# Lot 1 — Plomberie',
      'b 5000',
      'c 8750',
      '= Sous-total Lot 1 — Plomberie 13750',
      '# Lot 2 — Électricité',
      'd 2000',
      '= Sous-total Lot 2 — Électricité 2000',
      '# Lot 3 — Vide',
      '= Sous-total Lot 3 — Vide 0'
    ],
    'each heading, its lines, then its subtotal'
  )
})

t.test('a quote without sections: one row per line, its totals unchanged', async (t) => {
  const lines = [item('a', 1000, 1000), item('b', 3000, 1999, 2000)]
  const totals = computeTotals(lines, options)
  t.same(totals.lineHtCents, [1000, 5997])
  t.same(sectionSubtotals(lines, totals.lineHtCents), [null, null])
  t.same(quoteRows(lines, totals.lineHtCents), [
    { kind: 'line', line: lines[0], index: 0, htCents: 1000 },
    { kind: 'line', line: lines[1], index: 1, htCents: 5997 }
  ])
  t.same(workLines(lines), lines)
})

t.test('while typing: a line whose amount cannot be read counts for 0 in its section', async (t) => {
  const lines = [{ kind: 'section' }, {}, {}, { kind: 'section' }, {}]
  t.same(sectionSubtotals(lines, [0, 1500, null, 0, 250]), [1500, null, null, 250, null])
  t.same(sectionSubtotals([], []), [])
})

t.test('a heading without a title yet is named so, and its subtotal after it', async (t) => {
  t.equal(sectionTitle(section('x', '  ')), UNTITLED_SECTION)
  t.equal(sectionTitle(section('x', ' Lot 4 — Peinture ')), 'Lot 4 — Peinture')
  t.equal(subtotalLabel(section('x', '')), 'Sous-total Section sans titre')
})

t.test('headings count among the lines the limit allows', async (t) => {
  const many = Array.from({ length: 501 }, (_, index): QuoteContentLine =>
    index % 2 === 0 ? section(`s${index}`, 'Lot') : item(`l${index}`, 1000, 100)
  )
  t.throws(() => computeTotals(many, options), RangeError)
})
