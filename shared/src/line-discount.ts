// A quote line's discount as the professional and the client read it, the same on the editor's
// preview, the signing page and the PDF: « 10 % » or « 50,00 € ».
import { formatEuros, formatVatRate } from './money.js'
import type { QuoteLineAmounts } from './quote-totals.js'

type Discounted = Pick<QuoteLineAmounts, 'discountBp' | 'discountCents'>

/** The line has a discount, in % or in €. */
export function hasDiscount(line: Discounted): boolean {
  return line.discountBp > 0 || (line.discountCents ?? 0) > 0
}

/** « 10 % », « 50,00 € », or '' without a discount. */
export function formatDiscount(line: Discounted): string {
  if ((line.discountCents ?? 0) > 0) return formatEuros(line.discountCents ?? 0)
  return line.discountBp > 0 ? formatVatRate(line.discountBp) : ''
}
