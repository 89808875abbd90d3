// The totals of a quote, the one computation the gateway (API, PDF) and the web preview share.
// Integer arithmetic only: quantities in thousandths, prices in cents, rates in basis points,
// products in bigint. Each line's HT is rounded half-up to the cent; VAT is computed per rate
// on the sum of HT at that rate, rounded half-up; TTC = HT + Σ VAT.
import type { Static } from '@sinclair/typebox'
import type { QuoteTotalsSchema, VatLineSchema } from './api/quote-schemas.js'
import { divRoundHalfUp, formatEuros, VAT_RATES_BP, type VatRateBp } from './money.js'
import { LIMITS } from './quote-constants.js'

export { LIMITS }

export interface QuoteLineAmounts {
  /** Quantity in thousandths (1,5 h → 1500): at most 3 decimals, > 0. */
  quantityMilli: number
  /** Unit price excluding VAT, in cents. */
  unitPriceCents: number
  vatRateBp: VatRateBp
  /** Discount on the line in basis points (10 % → 1000), 0 to 10 000. */
  discountBp: number
  /**
   * Or a discount as an amount, in cents (50 € → 5000), at most the line's gross amount; absent or
   * 0 without one. A line has one kind of discount or none, never both.
   */
  discountCents?: number
}

/** A section heading among the lines: no amount, no VAT (its subtotal is quote-sections.ts's). */
export interface SectionMark {
  kind: 'section'
}

const isMark = (line: QuoteLineAmounts | SectionMark): line is SectionMark => 'kind' in line && line.kind === 'section'

/** VAT at one rate: the HT it applies to and its amount. */
export type VatLine = Static<typeof VatLineSchema>

/**
 * `lineHtCents` in the lines' order; `vat` one entry per rate used, by increasing rate (empty under
 * the franchise en base); `depositCents` rounded half-up on TTC, 0 without a deposit.
 */
export type QuoteTotals = Static<typeof QuoteTotalsSchema>

export interface TotalsOptions {
  /** Micro-entrepreneur under the franchise en base: no VAT at all (art. 293 B du CGI). */
  franchiseEnBase: boolean
  /** Deposit in basis points of TTC (30 % → 3000). */
  depositBp: number
}

function assertLine(line: QuoteLineAmounts, index: number): void {
  const where = `line ${index + 1}`
  if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0 || line.quantityMilli > LIMITS.maxQuantityMilli) {
    throw new RangeError(`${where}: quantity out of range`)
  }
  if (!Number.isSafeInteger(line.unitPriceCents) || line.unitPriceCents < 0 || line.unitPriceCents > LIMITS.maxUnitPriceCents) {
    throw new RangeError(`${where}: unit price out of range`)
  }
  if (!(VAT_RATES_BP as readonly number[]).includes(line.vatRateBp)) throw new RangeError(`${where}: VAT rate not allowed`)
  if (!Number.isSafeInteger(line.discountBp) || line.discountBp < 0 || line.discountBp > 10_000) {
    throw new RangeError(`${where}: discount out of range`)
  }
  const cents = line.discountCents ?? 0
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > LIMITS.maxDiscountCents)
    throw new RangeError(`${where}: discount amount out of range`)
  if (cents > 0 && line.discountBp > 0) throw new RangeError(`${where}: two discounts`)
  if (BigInt(cents) > grossHt(line)) throw new RangeError(`${where}: discount larger than the line`)
}

/** Quantity × unit price, rounded half-up to the cent: the line before its discount. */
function grossHt(line: Pick<QuoteLineAmounts, 'quantityMilli' | 'unitPriceCents'>): bigint {
  return divRoundHalfUp(BigInt(line.quantityMilli) * BigInt(line.unitPriceCents), 1000n)
}

/** The line's gross amount (quantity × unit price, before its discount), in cents. */
export function lineGrossCents(line: Pick<QuoteLineAmounts, 'quantityMilli' | 'unitPriceCents'>): number {
  return Number(grossHt(line))
}

/**
 * Why the line's amount discount cannot apply, in French for the professional, or null when it can:
 * a discount of more than the line would make its amount negative.
 */
export function discountProblem(
  line: Pick<QuoteLineAmounts, 'quantityMilli' | 'unitPriceCents' | 'discountBp' | 'discountCents'>
): string | null {
  const cents = line.discountCents ?? 0
  if (cents === 0) return null
  if (line.discountBp > 0) return 'Choisissez une remise en % ou en €, pas les deux.'
  const gross = lineGrossCents(line)
  if (cents > gross) return `La remise (${formatEuros(cents)}) dépasse le montant de la ligne (${formatEuros(gross)}).`
  return null
}

/** HT of one line: quantity × unit price − discount, rounded half-up to the cent. */
export function lineHtCents(line: QuoteLineAmounts): number {
  assertLine(line, 0)
  return Number(lineHt(line))
}

/** A line already checked (assertLine): computeTotals checks each line once, not twice. */
function lineHt(line: QuoteLineAmounts): bigint {
  // An amount comes off the gross rounded to the cent: both are whole cents already.
  const cents = line.discountCents ?? 0
  if (cents > 0) return grossHt(line) - BigInt(cents)
  const numerator = BigInt(line.quantityMilli) * BigInt(line.unitPriceCents) * BigInt(10_000 - line.discountBp)
  return divRoundHalfUp(numerator, 1000n * 10_000n)
}

/** `lineHtCents` is 0 for a section heading, so that it stays in the lines' order. */
export function computeTotals(all: ReadonlyArray<QuoteLineAmounts | SectionMark>, options: TotalsOptions): QuoteTotals {
  if (all.length > LIMITS.maxLines) throw new RangeError('too many lines')
  // Sections count for nothing: the amounts are those of the lines alone.
  const lines = all.filter((line): line is QuoteLineAmounts => !isMark(line))
  if (!Number.isSafeInteger(options.depositBp) || options.depositBp < 0 || options.depositBp > 10_000) {
    throw new RangeError('deposit out of range')
  }
  lines.forEach(assertLine)
  const lineAmounts = lines.map(lineHt)
  const baseByRate = new Map<VatRateBp, bigint>()
  lines.forEach((line, index) => {
    baseByRate.set(line.vatRateBp, (baseByRate.get(line.vatRateBp) ?? 0n) + (lineAmounts[index] as bigint))
  })
  const totalHt = lineAmounts.reduce((sum, amount) => sum + amount, 0n)
  const vat: VatLine[] = options.franchiseEnBase
    ? []
    : [...baseByRate]
        .sort(([a], [b]) => a - b)
        .map(([rateBp, base]) => ({
          rateBp,
          baseHtCents: Number(base),
          vatCents: Number(divRoundHalfUp(base * BigInt(rateBp), 10_000n))
        }))
  const totalVat = vat.reduce((sum, line) => sum + BigInt(line.vatCents), 0n)
  const totalTtc = totalHt + totalVat
  let next = 0
  const lineHtCentsInOrder = all.map((line) => (isMark(line) ? 0 : Number(lineAmounts[next++])))
  // Every amount below is at most the TTC: past 2^53 cents, numbers would silently lose cents.
  if (totalTtc > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amounts too large')
  return {
    lineHtCents: lineHtCentsInOrder,
    totalHtCents: Number(totalHt),
    vat,
    totalVatCents: Number(totalVat),
    totalTtcCents: Number(totalTtc),
    depositCents: Number(divRoundHalfUp(totalTtc * BigInt(options.depositBp), 10_000n))
  }
}
