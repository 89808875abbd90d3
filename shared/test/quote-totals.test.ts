import t from 'tap'
import fc from 'fast-check'
import { VAT_RATES_BP, formatEuros, type VatRateBp } from '../src/money.js'
import { LIMITS, computeTotals, discountProblem, lineGrossCents, lineHtCents, type QuoteLineAmounts } from '../src/quote-totals.js'
import { parseEurosToCents, parseQuantity } from '../src/decimal-input.js'
import { formatDiscount, hasDiscount } from '../src/line-discount.js'

const line = (quantityMilli: number, unitPriceCents: number, vatRateBp: VatRateBp, discountBp = 0): QuoteLineAmounts => ({
  quantityMilli,
  unitPriceCents,
  vatRateBp,
  discountBp
})
const noOptions = { franchiseEnBase: false, depositBp: 0 }

// Large lines, bounded so that 40 of them at 20 % stay below 2^53 cents (see the refusal test).
const arbitraryLine = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 100_000_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 1_000_000_000 }),
  vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  discountBp: fc.integer({ min: 0, max: 10_000 })
})
// Realistic quotes as well (small amounts), where rounding effects are the most frequent.
const smallLine = fc.record({
  quantityMilli: fc.integer({ min: 1, max: 100_000 }),
  unitPriceCents: fc.integer({ min: 0, max: 500_000 }),
  vatRateBp: fc.constantFrom(...VAT_RATES_BP),
  discountBp: fc.integer({ min: 0, max: 10_000 })
})
const arbitraryLines = fc.array(fc.oneof(arbitraryLine, smallLine), { maxLength: 40 })

/** Exact reference with bigint rationals: round half-up of n/d for n ≥ 0. */
const roundHalfUp = (n: bigint, d: bigint): bigint => (n * 2n + d) / (2n * d)

t.test('a worked example: a plumber’s quote', async (t) => {
  const totals = computeTotals(
    [
      line(1000, 62_000, 1000), // chauffe-eau, 10 %
      line(3000, 4_800, 1000), // 3 h de pose
      line(1500, 4_800, 2000, 1000), // 1,5 h de dépannage à 20 %, remise 10 %
      line(1000, 3_500, 2000) // déplacement
    ],
    { franchiseEnBase: false, depositBp: 3000 }
  )
  t.same(totals.lineHtCents, [62_000, 14_400, 6_480, 3_500])
  t.equal(totals.totalHtCents, 86_380)
  t.same(totals.vat, [
    { rateBp: 1000, baseHtCents: 76_400, vatCents: 7_640 },
    { rateBp: 2000, baseHtCents: 9_980, vatCents: 1_996 }
  ])
  t.equal(totals.totalTtcCents, 96_016)
  t.equal(totals.depositCents, 28_805, '30 % of 960,16 € = 288,048 → 288,05 €')
  t.equal(formatEuros(totals.totalTtcCents), '960,16\u00a0€')
})

t.test('half-up per line, and VAT per rate on the sum (not per line)', async (t) => {
  t.equal(lineHtCents(line(333, 15, 2000)), 5, '0,333 × 0,15 € = 0,04995 € → 0,05 €')
  t.equal(lineHtCents(line(1000, 1, 2000, 5000)), 1, '0,005 € → 0,01 €')
  const totals = computeTotals([line(1000, 5, 2000), line(1000, 5, 2000), line(1000, 5, 2000)], noOptions)
  t.same(totals.vat, [{ rateBp: 2000, baseHtCents: 15, vatCents: 3 }], '3 × 1 cent of VAT per line would give 3 — 15 × 20 % = 3')
  const split = computeTotals([line(1000, 2, 550), line(1000, 7, 550)], noOptions)
  t.equal(split.totalVatCents, 0, '9 × 5,5 % = 0,495 → 0 (per line: 0 + 0)')
  t.equal(computeTotals([line(1000, 10, 550)], noOptions).totalVatCents, 1, '10 × 5,5 % = 0,55 → 1')
})

t.test('franchise en base: no VAT at all', async (t) => {
  const totals = computeTotals([line(2000, 45_000, 2000), line(1000, 12_000, 1000)], { franchiseEnBase: true, depositBp: 0 })
  t.same(totals.vat, [])
  t.equal(totals.totalTtcCents, totals.totalHtCents)
  t.equal(totals.totalTtcCents, 102_000)
})

t.test('out-of-range input is refused, never rounded into something else', async (t) => {
  t.throws(() => computeTotals([line(0, 100, 2000)], noOptions), /line 1: quantity/)
  t.throws(() => computeTotals([line(1000, -1, 2000)], noOptions), /unit price/)
  t.throws(() => computeTotals([line(1000, 1.5, 2000)], noOptions), /unit price/)
  t.throws(() => computeTotals([line(1000, 100, 1960 as VatRateBp)], noOptions), /VAT rate/)
  t.throws(() => computeTotals([line(1000, 100, 2000, 10_001)], noOptions), /discount/)
  t.throws(() => computeTotals([], { franchiseEnBase: false, depositBp: 12_000 }), /deposit/)
  t.throws(
    () =>
      computeTotals(
        Array.from({ length: 501 }, () => line(1000, 1, 2000)),
        noOptions
      ),
    /too many lines/
  )
  t.same(computeTotals([], noOptions), { lineHtCents: [], totalHtCents: 0, vat: [], totalVatCents: 0, totalTtcCents: 0, depositCents: 0 })
  const huge = line(LIMITS.maxQuantityMilli, LIMITS.maxUnitPriceCents, 2000)
  t.throws(() => computeTotals([huge], noOptions), /amounts too large/, 'past 2^53 cents: refused, not rounded')
})

t.test('a discount in euros: off the gross amount rounded to the cent, never more than the line', async (t) => {
  const amount = (quantityMilli: number, unitPriceCents: number, discountCents: number): QuoteLineAmounts => ({
    quantityMilli,
    unitPriceCents,
    vatRateBp: 2000,
    discountBp: 0,
    discountCents
  })
  t.equal(lineHtCents(amount(3000, 4_800, 5_000)), 9_400, '3 h × 48 € − 50 € = 94 €')
  t.equal(lineHtCents(amount(333, 15, 1)), 4, '0,333 × 0,15 € = 0,04995 € → 0,05 €, less 0,01 € = 0,04 €')
  t.equal(lineHtCents(amount(1000, 2_000, 2_000)), 0, 'a discount of the whole line leaves 0 €')
  t.equal(lineGrossCents({ quantityMilli: 1500, unitPriceCents: 4_801 }), 7_202, '1,5 × 48,01 € = 72,015 € → 72,02 €')
  const totals = computeTotals([amount(1000, 10_000, 5_000), line(1000, 10_000, 2000, 1000)], { franchiseEnBase: false, depositBp: 0 })
  t.same(totals.lineHtCents, [5_000, 9_000], '50 € off one line, 10 % off the other')
  t.equal(totals.totalTtcCents, 16_800)
  t.throws(() => lineHtCents(amount(1000, 2_000, 2_001)), /discount larger than the line/)
  t.throws(() => lineHtCents({ ...amount(1000, 2_000, 100), discountBp: 1000 }), /two discounts/)
  t.throws(() => lineHtCents(amount(1000, 2_000, -1)), /discount amount/)
  t.throws(() => lineHtCents(amount(1000, 2_000, 0.5)), /discount amount/)
  t.equal(discountProblem(amount(1000, 2_000, 2_000)), null, 'the whole line may be given')
  t.equal(discountProblem(line(1000, 2_000, 2000, 1000)), null, 'a percentage is never more than the line')
  t.equal(discountProblem(amount(2000, 2_500, 6_000)), 'La remise (60,00\u00a0€) dépasse le montant de la ligne (50,00\u00a0€).')
  t.equal(discountProblem({ ...amount(1000, 2_000, 100), discountBp: 1000 }), 'Choisissez une remise en % ou en €, pas les deux.')
})

t.test('a line stored before amount discounts (no discountCents) reads as it did', async (t) => {
  const stored: QuoteLineAmounts = { quantityMilli: 1500, unitPriceCents: 4_800, vatRateBp: 2000, discountBp: 1000 }
  t.equal(lineHtCents(stored), 6_480)
  t.equal(lineHtCents({ ...stored, discountCents: 0 }), 6_480, 'an amount of 0 is no discount')
})

t.test('property: a discount in euros never makes a line negative, and takes exactly its cents off', async () => {
  fc.assert(
    fc.property(smallLine, fc.integer({ min: 0, max: 1_000_000 }), (base, cents) => {
      const gross = lineGrossCents(base)
      const candidate: QuoteLineAmounts = { ...base, discountBp: 0, discountCents: cents }
      if (cents > gross) return discountProblem(candidate) !== null
      return discountProblem(candidate) === null && lineHtCents(candidate) === gross - cents && lineHtCents(candidate) >= 0
    })
  )
})

t.test('property: totals are the sums of their parts', async () => {
  fc.assert(
    fc.property(arbitraryLines, fc.boolean(), fc.integer({ min: 0, max: 10_000 }), (lines, franchiseEnBase, depositBp) => {
      const totals = computeTotals(lines, { franchiseEnBase, depositBp })
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
      return (
        totals.totalHtCents === sum(totals.lineHtCents) &&
        totals.totalVatCents === sum(totals.vat.map((v) => v.vatCents)) &&
        totals.totalTtcCents === totals.totalHtCents + totals.totalVatCents &&
        (franchiseEnBase || sum(totals.vat.map((v) => v.baseHtCents)) === totals.totalHtCents) &&
        totals.depositCents <= totals.totalTtcCents
      )
    })
  )
})

t.test('property: every line and every rate match an exact decimal reference', async () => {
  fc.assert(
    fc.property(arbitraryLines, (lines) => {
      const totals = computeTotals(lines, noOptions)
      const exactLines = lines.map((l) =>
        roundHalfUp(BigInt(l.quantityMilli) * BigInt(l.unitPriceCents) * BigInt(10_000 - l.discountBp), 10_000_000n)
      )
      if (!exactLines.every((amount, i) => Number(amount) === totals.lineHtCents[i])) return false
      return VAT_RATES_BP.every((rate) => {
        const base = lines.reduce((sum, l, i) => (l.vatRateBp === rate ? sum + (exactLines[i] ?? 0n) : sum), 0n)
        const entry = totals.vat.find((v) => v.rateBp === rate)
        const used = lines.some((l) => l.vatRateBp === rate)
        if (!used) return entry === undefined
        return (
          entry !== undefined && BigInt(entry.baseHtCents) === base && BigInt(entry.vatCents) === roundHalfUp(base * BigInt(rate), 10_000n)
        )
      })
    })
  )
})

t.test('property: no float anywhere, and the order of lines does not matter', async () => {
  fc.assert(
    fc.property(arbitraryLines, (lines) => {
      const totals = computeTotals(lines, { franchiseEnBase: false, depositBp: 3000 })
      const numbers = [
        totals.totalHtCents,
        totals.totalVatCents,
        totals.totalTtcCents,
        totals.depositCents,
        ...totals.lineHtCents,
        ...totals.vat.flatMap((v) => [v.baseHtCents, v.vatCents])
      ]
      const reversed = computeTotals([...lines].reverse(), { franchiseEnBase: false, depositBp: 3000 })
      return (
        numbers.every(Number.isSafeInteger) &&
        reversed.totalTtcCents === totals.totalTtcCents &&
        reversed.totalVatCents === totals.totalVatCents
      )
    })
  )
})

t.test('amounts and quantities typed the French way', async (t) => {
  t.same(parseQuantity('1,5', LIMITS.maxQuantityMilli), { ok: true, value: 1500 })
  t.same(parseQuantity(' 2 ', LIMITS.maxQuantityMilli), { ok: true, value: 2000 })
  t.same(parseQuantity('0.125', LIMITS.maxQuantityMilli), { ok: true, value: 125 })
  t.same(parseQuantity('1\u202f000', LIMITS.maxQuantityMilli), { ok: true, value: 1_000_000 })
  t.match(parseQuantity('', LIMITS.maxQuantityMilli), { ok: false, message: 'Indiquez une quantité.' })
  t.match(parseQuantity('0', LIMITS.maxQuantityMilli), { ok: false, message: /supérieure à zéro/ })
  t.match(parseQuantity('1,2345', LIMITS.maxQuantityMilli), { ok: false, message: /au plus 3 décimales/ })
  t.same(
    parseQuantity('-1', LIMITS.maxQuantityMilli),
    { ok: false, message: 'La quantité doit être positive.' },
    'the sign is named, not « doit être un nombre »'
  )
  t.match(parseQuantity('\u2212 2,5', LIMITS.maxQuantityMilli), { ok: false, message: /doit être positive/ }, 'the typographic minus too')
  t.match(parseEurosToCents('-12', LIMITS.maxUnitPriceCents), { ok: false, message: 'Le montant ne peut pas être négatif.' })
  t.match(parseQuantity('deux', LIMITS.maxQuantityMilli), { ok: false })
  t.match(parseQuantity('2000000', LIMITS.maxQuantityMilli), { ok: false, message: /trop grande/ })
  t.same(parseEurosToCents('1 234,50 €', LIMITS.maxUnitPriceCents), { ok: true, value: 123_450 })
  t.same(parseEurosToCents('0', LIMITS.maxUnitPriceCents), { ok: true, value: 0 })
  t.same(parseEurosToCents('14.', LIMITS.maxUnitPriceCents), { ok: true, value: 1400 })
  t.match(parseEurosToCents('', LIMITS.maxUnitPriceCents), { ok: false, message: 'Indiquez un montant.' })
  t.match(parseEurosToCents('12,345', LIMITS.maxUnitPriceCents), { ok: false, message: /au plus 2 décimales/ })
  t.match(parseEurosToCents('1e3', LIMITS.maxUnitPriceCents), { ok: false })
  t.match(parseEurosToCents('999999999999', LIMITS.maxUnitPriceCents), { ok: false, message: /trop élevé/ })
  t.match(parseEurosToCents('99999999999999999999', LIMITS.maxUnitPriceCents), { ok: false }, 'beyond safe integers: refused, not rounded')
})

t.test('property: a formatted amount reads back as the same cents', async () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: LIMITS.maxUnitPriceCents }), (cents) => {
      const parsed = parseEurosToCents(formatEuros(cents), LIMITS.maxUnitPriceCents)
      return parsed.ok && parsed.value === cents
    })
  )
})

t.test('a discount reads « 10 % » or « 50,00 € »', async (t) => {
  t.equal(formatDiscount({ discountBp: 1000 }), '10\u202f%')
  t.equal(formatDiscount({ discountBp: 1250, discountCents: 0 }), '12,5\u202f%')
  t.equal(formatDiscount({ discountBp: 0, discountCents: 5000 }), '50,00\u00a0€')
  t.equal(formatDiscount({ discountBp: 0 }), '')
  t.ok(hasDiscount({ discountBp: 0, discountCents: 1 }))
  t.notOk(hasDiscount({ discountBp: 0, discountCents: 0 }))
})
