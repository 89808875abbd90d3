// The totals of an invoice document: the one computation the PDF, the Factur-X XML, the API and
// the web share, so that they can never disagree. It follows EN 16931's calculation rules as the
// validator checks them:
//   BT-131 line net = quantity × net price − line allowances (per line, rounded half-up to the cent)
//   BR-CO-10 BT-106 Σ line nets (deductions of earlier invoices are negative lines)
//   BR-CO-13 BT-109 = BT-106 (no document-level allowance or charge)
//   BR-CO-17 BT-117 = BT-116 × rate, per VAT category and rate, rounded half-up (as quote-totals.ts)
//   BR-CO-14 BT-110 Σ BT-117;  BR-CO-15 BT-112 = BT-109 + BT-110;  BR-CO-16 BT-115 = BT-112 − BT-113 (0)
// The retenue de garantie is not an EN 16931 amount: the client holds it back from BT-115 until
// its release date, so it only lowers what he transfers now (`netToPayCents`, the QR code's).
import { divRoundHalfUp, VAT_RATES_BP } from '../money.js'
import { lineHtCents, LIMITS } from '../quote-totals.js'
import type { InvoiceDeduction, InvoiceDocument, InvoiceLine, VatRegime } from './invoice-document.js'

/** EN 16931 VAT category codes (UNCL 5305) the product uses; all are allowed by BR-FR-15. */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE'

export interface InvoiceLineTotals {
  /** Quantity × unit price, before the discount (the line's gross amount). */
  grossCents: number
  /** The discount on the line (BT-136), 0 without one. */
  discountCents: number
  /** Gross − discount: the line's amount in the contract (the whole of it without progress). */
  contractCents: number
  /** What this invoice charges for the line (BT-131): the contract amount, or its share invoiced now. */
  netCents: number
  category: VatCategory
  /** The rate applied (0 under the franchise or reverse charge, whatever the line said). */
  rateBp: number
}

export interface InvoiceDeductionTotals {
  htCents: number
  vatCents: number
  ttcCents: number
}

/** One row of the VAT breakdown (BG-23). */
export interface InvoiceVatBreakdown {
  category: VatCategory
  rateBp: number
  /** BT-116: lines minus deductions at this category and rate. */
  baseCents: number
  /** BT-117. */
  vatCents: number
}

export interface InvoiceTotals {
  lines: InvoiceLineTotals[]
  deductions: InvoiceDeductionTotals[]
  /** Σ line nets, before deductions. */
  linesNetCents: number
  /** Σ deductions HT. */
  deductionsHtCents: number
  /** BT-106 = BT-109: lines − deductions. */
  totalHtCents: number
  /** By category then increasing rate; one row per pair used. */
  vat: InvoiceVatBreakdown[]
  /** BT-110. */
  totalVatCents: number
  /** BT-112. */
  totalTtcCents: number
  /** BT-115: what the invoice asks for (nothing is paid at issuing). */
  amountDueCents: number
  /** The retenue de garantie on the TTC, 0 without one. */
  retentionCents: number
  /** What the client transfers now: BT-115 − retention. */
  netToPayCents: number
}

/** The category and rate a line or deduction at `rateBp` falls in, under the invoice's regime. */
export function vatCategory(regime: VatRegime, rateBp: number): { category: VatCategory; rateBp: number } {
  if (regime === 'franchise') return { category: 'E', rateBp: 0 }
  if (regime === 'reverse_charge') return { category: 'AE', rateBp: 0 }
  return rateBp === 0 ? { category: 'Z', rateBp: 0 } : { category: 'S', rateBp }
}

function lineTotals(line: InvoiceLine, regime: VatRegime, index: number): InvoiceLineTotals {
  const where = `line ${index + 1}`
  if (line.discountBp > 0 && line.discountCents > 0) throw new RangeError(`${where}: two discounts`)
  const amounts = { quantityMilli: line.quantityMilli, unitPriceCents: line.unitPriceCents, vatRateBp: line.vatRateBp }
  // The quote's rule for the gross and a percentage discount, so an invoiced line equals its quoted line.
  const grossCents = lineHtCents({ ...amounts, discountBp: 0 })
  const contractCents = line.discountCents > 0 ? grossCents - line.discountCents : lineHtCents({ ...amounts, discountBp: line.discountBp })
  if (contractCents < 0) throw new RangeError(`${where}: discount larger than the line`)
  let netCents = contractCents
  if (line.progress !== null) {
    const { cumulativeBp, previousBp } = line.progress
    if (previousBp > cumulativeBp) throw new RangeError(`${where}: progress going backwards`)
    netCents = Number(divRoundHalfUp(BigInt(contractCents) * BigInt(cumulativeBp - previousBp), 10_000n))
  }
  return { grossCents, discountCents: grossCents - contractCents, contractCents, netCents, ...vatCategory(regime, line.vatRateBp) }
}

function deductionTotals(deduction: InvoiceDeduction): InvoiceDeductionTotals {
  const htCents = deduction.amounts.reduce((sum, amount) => sum + amount.htCents, 0)
  const vatCents = deduction.amounts.reduce((sum, amount) => sum + amount.vatCents, 0)
  return { htCents, vatCents, ttcCents: htCents + vatCents }
}

const CATEGORY_ORDER: readonly VatCategory[] = ['S', 'Z', 'E', 'AE']

/** The totals of an issued (or about to be issued) invoice; throws RangeError on inconsistent amounts. */
export function computeInvoiceTotals(document: Pick<InvoiceDocument, 'lines' | 'deductions' | 'vatRegime' | 'retention'>): InvoiceTotals {
  if (document.lines.length === 0) throw new RangeError('an invoice has at least one line')
  if (document.lines.length > LIMITS.maxLines) throw new RangeError('too many lines')
  const lines = document.lines.map((line, index) => lineTotals(line, document.vatRegime, index))
  const deductions = document.deductions.map(deductionTotals)

  const bases = new Map<string, { category: VatCategory; rateBp: number; base: bigint }>()
  const add = (category: VatCategory, rateBp: number, cents: bigint): void => {
    const key = `${category}/${rateBp}`
    const entry = bases.get(key) ?? { category, rateBp, base: 0n }
    entry.base += cents
    bases.set(key, entry)
  }
  lines.forEach((line) => add(line.category, line.rateBp, BigInt(line.netCents)))
  for (const deduction of document.deductions) {
    for (const amount of deduction.amounts) {
      if (!(VAT_RATES_BP as readonly number[]).includes(amount.vatRateBp)) throw new RangeError('deduction: VAT rate not allowed')
      const { category, rateBp } = vatCategory(document.vatRegime, amount.vatRateBp)
      add(category, rateBp, -BigInt(amount.htCents))
    }
  }
  const vat: InvoiceVatBreakdown[] = [...bases.values()]
    .sort((a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category) || a.rateBp - b.rateBp)
    .map(({ category, rateBp, base }) => {
      if (base < 0n) throw new RangeError(`deductions larger than the lines at ${rateBp / 100} %`)
      return { category, rateBp, baseCents: Number(base), vatCents: Number(divRoundHalfUp(base * BigInt(rateBp), 10_000n)) }
    })

  const linesNetCents = lines.reduce((sum, line) => sum + line.netCents, 0)
  const deductionsHtCents = deductions.reduce((sum, deduction) => sum + deduction.htCents, 0)
  const totalHtCents = linesNetCents - deductionsHtCents
  const totalVatCents = vat.reduce((sum, row) => sum + row.vatCents, 0)
  const totalTtcCents = totalHtCents + totalVatCents
  if (!Number.isSafeInteger(totalTtcCents) || totalTtcCents > LIMITS.maxUnitPriceCents * 1000) throw new RangeError('amounts too large')
  const retentionCents =
    document.retention === null ? 0 : Number(divRoundHalfUp(BigInt(totalTtcCents) * BigInt(document.retention.rateBp), 10_000n))
  return {
    lines,
    deductions,
    linesNetCents,
    deductionsHtCents,
    totalHtCents,
    vat,
    totalVatCents,
    totalTtcCents,
    amountDueCents: totalTtcCents,
    retentionCents,
    netToPayCents: totalTtcCents - retentionCents
  }
}
