// Percentages typed the French way (« 12,5 », « 30 % ») as basis points, the unit of the
// quote's discounts and deposit and of the invoices' shares (10 % → 1000): the quote editor and
// the invoicing forms read them alike.
import type { Parsed } from '@paraphe/shared/decimal-input'

const SPACES = /[\s\u00a0\u202f]/g

/** « 12,5 » → 1250; empty means none (0); at most 2 decimals, at most 100 %. */
export function parsePercentToBp(text: string): Parsed {
  const normalised = text.replace(SPACES, '').replace(/%$/, '').replace(',', '.')
  if (normalised === '') return { ok: true, value: 0 }
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?$/.exec(normalised)
  if (match === null) return { ok: false, message: 'Indiquez un pourcentage, avec au plus 2 décimales (par exemple 12,5).' }
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  if (value > 10_000) return { ok: false, message: 'Un pourcentage ne peut pas dépasser 100.' }
  return { ok: true, value }
}

/** 1250 → « 12,5 »; 0 → « 0 ». */
export function formatPercentInput(bp: number): string {
  const whole = Math.trunc(bp / 100)
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return fraction === '' ? String(whole) : `${whole},${fraction}`
}
