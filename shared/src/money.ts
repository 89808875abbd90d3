// Money is integer cents end to end. This module is the only place that turns cents into
// amounts, applies VAT rates or formats euros; the gateway and the web app both call it.
import { formatFrenchNumber } from './french-number.js'

/** VAT rates allowed on a French quote, in basis points (20 % = 2000). */
export const VAT_RATES_BP = [0, 210, 550, 1000, 2000] as const
export type VatRateBp = (typeof VAT_RATES_BP)[number]

/** Standard French VAT rate, used to show TTC beside HT prices. */
export const STANDARD_VAT_BP: VatRateBp = 2000

/** Integer division rounded half-up (away from zero for .5), on non-negative or negative bigint. */
export function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive')
  const sign = numerator < 0n ? -1n : 1n
  const abs = numerator * sign
  return sign * ((abs * 2n + denominator) / (denominator * 2n))
}

/** VAT on an amount excluding tax, rounded half-up to the cent. */
export function vatCents(htCents: number, rateBp: number): number {
  assertCents(htCents)
  return Number(divRoundHalfUp(BigInt(htCents) * BigInt(rateBp), 10_000n))
}

/** Amount including tax for one amount excluding tax at one rate. */
export function ttcCents(htCents: number, rateBp: number): number {
  return htCents + vatCents(htCents, rateBp)
}

export function assertCents(value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not an integer amount of cents: ${value}`)
}

/**
 * `12 345,67 €` (fr-FR, with the narrow no-break spaces Intl produces). Whole amounts can drop
 * the cents (`14 €`), which reads better on a price list.
 */
export function formatEuros(cents: number, options: { dropZeroCents?: boolean } = {}): string {
  assertCents(cents)
  if (options.dropZeroCents === true && cents % 100 === 0) return `${formatFrenchNumber(cents / 100)}\u00a0€`
  return `${formatFrenchNumber(cents, 2, 2)}\u00a0€`
}

/** VAT rate as French text: 2000 → `20 %`, 550 → `5,5 %`. */
export function formatVatRate(rateBp: number): string {
  return `${formatFrenchNumber(rateBp, 2)}\u202f%`
}
