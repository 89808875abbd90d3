// Reading amounts typed the French way (« 1 234,50 », « 1,5 ») into integers, with a French
// message when the text is not one. The API and the forms share these rules.

import { formatFrenchNumber } from './french-number.js'

export type Parsed = { ok: true; value: number } | { ok: false; message: string }

// Spaces of every kind are thousands separators in fr-FR (Intl uses U+202F).
const SPACES = /[\s\u00a0\u202f]/g

/** `text` as an integer count of 10^-places units, or null when it is not such a number. */
function toScaledInteger(text: string, places: number): number | null {
  const normalised = text.replace(SPACES, '').replace(',', '.')
  const match = /^(\d+)(?:\.(\d*))?$/.exec(normalised)
  if (match === null) return null
  const whole = match[1] as string // `\d+` always matches
  const fraction = match[2] ?? ''
  if (fraction.length > places) return null
  const value = Number(whole) * 10 ** places + Number(fraction.padEnd(places, '0'))
  return Number.isSafeInteger(value) ? value : null
}

// A minus sign before a number (the ASCII one, or U+2212 typed on a Mac or pasted from a
// spreadsheet): the number is fine, its sign is what must be explained.
const NEGATIVE = /^[-\u2212]\s*\d/

/** « 1,5 » → 1500 thousandths; at most three decimals, more than zero. */
export function parseQuantity(text: string, maxMilli: number): Parsed {
  const trimmed = text.trim()
  if (trimmed === '') return { ok: false, message: 'Indiquez une quantité.' }
  // Short: it shows under a narrow quantity column.
  if (NEGATIVE.test(trimmed)) return { ok: false, message: 'La quantité doit être positive.' }
  const value = toScaledInteger(trimmed, 3)
  if (value === null) return { ok: false, message: 'La quantité doit être un nombre, avec au plus 3 décimales (par exemple 1,5).' }
  if (value === 0) return { ok: false, message: 'La quantité doit être supérieure à zéro.' }
  if (value > maxMilli) return { ok: false, message: 'Cette quantité est trop grande.' }
  return { ok: true, value }
}

/** « 1 234,50 » or « 1234.5 » → 123450 cents; at most two decimals, zero allowed. */
export function parseEurosToCents(text: string, maxCents: number): Parsed {
  const trimmed = text.trim().replace(/\s*€$/, '')
  if (trimmed === '') return { ok: false, message: 'Indiquez un montant.' }
  if (NEGATIVE.test(trimmed)) return { ok: false, message: 'Le montant ne peut pas être négatif.' }
  const value = toScaledInteger(trimmed, 2)
  if (value === null) return { ok: false, message: 'Le montant doit être un nombre, avec au plus 2 décimales (par exemple 1 234,50).' }
  if (value > maxCents) return { ok: false, message: 'Ce montant est trop élevé.' }
  return { ok: true, value }
}

/** Quantity in thousandths → « 1,5 », « 12 », « 1 250,125 » (fr-FR, up to 3 decimals). */
export function formatQuantity(quantityMilli: number): string {
  return formatFrenchNumber(quantityMilli, 3)
}

// Integers shown back in text fields (the quote editor, the items page), the way the parsers
// above read them, so that what is shown is what is saved.

/** 1500 thousandths → « 1,5 »; 2000 → « 2 ». */
export function formatQuantityInput(quantityMilli: number): string {
  const whole = Math.trunc(quantityMilli / 1000)
  const fraction = String(quantityMilli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return fraction === '' ? String(whole) : `${whole},${fraction}`
}

/** 123450 cents → « 1 234,50 » (plain spaces, easy to edit). */
export function formatCentsInput(cents: number): string {
  const euros = String(Math.trunc(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')
  return `${euros},${String(cents % 100).padStart(2, '0')}`
}
