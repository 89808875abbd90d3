// How the invoice's integers are written in the CII XML: amounts with two decimals (BR-FR-DEC-01),
// quantities with at most four (BR-FR-DEC-02), prices with at most six and never negative
// (BR-FR-DEC-03), rates as the French list writes them (« 5.5 », « 20 »: BR-FR-16), dates as
// AAAAMMJJ (format 102), units as UN/ECE recommendation 20 codes.
import type { Unit } from '@paraphe/shared/quote'

/** xmlbuilder2's object notation, restricted to what the invoice needs; `undefined` leaves an element out. */
export type XmlNode = { [name: string]: string | XmlNode | XmlNode[] | undefined }

/** `-1234` cents → `-12.34`. */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/** An integer divided by 10^decimals, written without trailing zeros (`1500`, 3 → `1.5`). */
export function scaled(value: number | bigint, decimals: number): string {
  const big = BigInt(value)
  const sign = big < 0n ? '-' : ''
  const abs = big < 0n ? -big : big
  const divisor = 10n ** BigInt(decimals)
  const fraction = (abs % divisor).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${sign}${abs / divisor}${fraction === '' ? '' : `.${fraction}`}`
}

/** Thousandths → `1.5`. */
export const quantity = (milli: number): string => scaled(milli, 3)

/** Basis points → `20`, `5.5`, `2.1`, `0`. */
export const percent = (basisPoints: number): string => scaled(basisPoints, 2)

/** `2026-11-20` → `20261120`. */
export const date102 = (isoDate: string): string => isoDate.replaceAll('-', '')

export const dateTimeString = (isoDate: string): XmlNode => ({ 'udt:DateTimeString': { '@format': '102', '#': date102(isoDate) } })

/** UN/ECE recommendation 20 code of each unit the editor offers. */
export const UNIT_CODES: Readonly<Record<Unit, string>> = {
  u: 'C62',
  h: 'HUR',
  jour: 'DAY',
  m: 'MTR',
  'm²': 'MTK',
  'm³': 'MTQ',
  kg: 'KGM',
  forfait: 'LS'
}

/** Percent (a progress line's quantity is the share of the line invoiced). */
export const PERCENT_UNIT = 'P1'
/** One, for a deduction line. */
export const ONE_UNIT = 'C62'
