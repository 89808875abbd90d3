// What a 212 « Encaissée » status reports of one payment: the amount received split across the
// invoice's VAT rates in proportion to what each rate weighs in the invoice (its base plus its
// VAT, deposits and progress already deducted — the VAT breakdown the Factur-X carries), the
// cents reconciled so that the parts add up to the payment exactly (largest remainders first).
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals } from '@paraphe/shared/invoices/invoice-totals'
import type { CdarRateAmount } from './cdar.js'

export interface RateWeight {
  rateBp: number
  /** What the rate weighs: its TTC in the invoice (a negative weight counts as none). */
  weightCents: number
}

/** The invoice's TTC per VAT rate, by increasing rate (a 0 % rate of two categories counts once). */
export function rateWeights(document: Pick<InvoiceDocument, 'lines' | 'deductions' | 'vatRegime' | 'retention'>): RateWeight[] {
  const byRate = new Map<number, number>()
  for (const row of computeInvoiceTotals(document).vat) byRate.set(row.rateBp, (byRate.get(row.rateBp) ?? 0) + row.baseCents + row.vatCents)
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rateBp, weightCents]) => ({ rateBp, weightCents }))
}

/** The payment per rate: proportional, exact to the cent, rates that receive nothing left out. */
export function splitByRate(amountCents: number, weights: readonly RateWeight[]): CdarRateAmount[] {
  const usable = weights.map((weight) => ({ rateBp: weight.rateBp, weight: BigInt(Math.max(0, weight.weightCents)) }))
  const total = usable.reduce((sum, weight) => sum + weight.weight, 0n)
  if (total === 0n) return weights.length === 0 ? [] : [{ rateBp: weights[0]?.rateBp ?? 0, amountCents }]
  const sign = amountCents < 0 ? -1 : 1
  const amount = BigInt(Math.abs(amountCents))
  // Exact integer arithmetic: amounts times weights exceed 2^53 on large invoices.
  const shares = usable.map((weight, index) => {
    const product = amount * weight.weight
    return { rateBp: weight.rateBp, index, cents: product / total, remainder: product % total }
  })
  let left = amount - shares.reduce((sum, share) => sum + share.cents, 0n)
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const share of byRemainder) {
    if (left === 0n) break
    share.cents += 1n
    left -= 1n
  }
  return shares.filter((share) => share.cents > 0n).map((share) => ({ rateBp: share.rateBp, amountCents: sign * Number(share.cents) }))
}
