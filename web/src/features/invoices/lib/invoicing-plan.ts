// What a signed quote can still be invoiced, from what has been (GET /api/quotes/:id/invoicing):
// the amounts the forms show before a draft is made. The gateway composes the invoice itself and
// refuses what the rules forbid; these previews only say beforehand what it will do.
import type { InvoiceSummary, QuoteInvoicing } from '@paraphe/shared/api/invoice-schemas'
import type { DepositDeductionMode, InvoiceLine } from '@paraphe/shared/invoices/invoice-document'
import { divRoundHalfUp } from '@paraphe/shared/money'

export interface InvoicingPlan {
  quoteTotalTtcCents: number
  invoicedTtcCents: number
  /** What the final invoice will ask: the quote less the deposits and situations issued. */
  remainingTtcCents: number
  /** Cumulative percentage of the last situation (0 before the first). */
  progressBp: number
  /** The number the next situation will carry (« situation n° 3 »). */
  nextSituationNumber: number
  /** Issued deposit and progress invoices, oldest first: what the final invoice deducts. */
  deductions: InvoiceSummary[]
  finalIssued: boolean
  /** The deposits' TTC, and what earlier situations took back of them. */
  depositsTtcCents: number
  depositTakenBackTtcCents: number
  /** Fixed by the first situation; null before it (the next situation may choose). */
  depositDeduction: DepositDeductionMode | null
  canDeposit: boolean
  canProgress: boolean
  canFinal: boolean
}

export function invoicingPlan(invoicing: QuoteInvoicing): InvoicingPlan {
  const issued = invoicing.invoices.filter((invoice) => invoice.status === 'issued')
  const deductions = issued.filter((invoice) => invoice.kind === 'deposit' || invoice.kind === 'progress')
  const situations = issued.filter((invoice) => invoice.kind === 'progress').length
  const remaining = Math.max(0, invoicing.quoteTotalTtcCents - invoicing.invoicedTtcCents)
  const open = !invoicing.finalIssued && remaining > 0
  return {
    quoteTotalTtcCents: invoicing.quoteTotalTtcCents,
    invoicedTtcCents: invoicing.invoicedTtcCents,
    remainingTtcCents: remaining,
    progressBp: invoicing.progressBp,
    nextSituationNumber: situations + 1,
    deductions,
    finalIssued: invoicing.finalIssued,
    depositsTtcCents: invoicing.depositsTtcCents,
    depositTakenBackTtcCents: invoicing.depositTakenBackTtcCents,
    depositDeduction: invoicing.depositDeduction,
    canDeposit: open,
    canProgress: open && invoicing.progressBp < 10_000,
    canFinal: open
  }
}

/** The deposit TTC for a share of the quote (half-up to the cent, as the gateway rounds). */
export function depositPreviewCents(quoteTotalTtcCents: number, depositBp: number): number {
  return Number(divRoundHalfUp(BigInt(quoteTotalTtcCents) * BigInt(depositBp), 10_000n))
}

/** The deposits a situation takes back: what was paid in advance, what earlier situations took, and how. */
export interface DepositTakeBack {
  depositsTtcCents: number
  takenBackTtcCents: number
  mode: DepositDeductionMode
}

/**
 * What a situation to `cumulativeBp` of the whole quote asks now, TTC, less the deposit it takes
 * back (the gateway's rule, per VAT rate and to the cent: invoice-amounts.ts; this says beforehand
 * about what it will be). Proportional: the deposit's share for the work done so far, less what
 * earlier situations took; first: as much as the situation invoices, until the deposit is used up.
 */
export function situationPreviewCents(
  quoteTotalTtcCents: number,
  previousBp: number,
  cumulativeBp: number,
  deposit: DepositTakeBack = { depositsTtcCents: 0, takenBackTtcCents: 0, mode: 'proportional' }
): number {
  const gross = depositPreviewCents(quoteTotalTtcCents, Math.max(0, cumulativeBp - previousBp))
  const left = Math.max(0, deposit.depositsTtcCents - deposit.takenBackTtcCents)
  const wanted =
    deposit.mode === 'first' ? left : depositPreviewCents(deposit.depositsTtcCents, Math.max(0, cumulativeBp)) - deposit.takenBackTtcCents
  return gross - Math.max(0, Math.min(wanted, left, gross))
}

/** Why a situation's percentage cannot be asked, or null: it only goes up, to 100 % at most. */
export function progressProblem(previousBp: number, cumulativeBp: number): string | null {
  if (cumulativeBp > 10_000) return 'L’avancement ne peut pas dépasser 100 %.'
  if (cumulativeBp <= previousBp) return 'L’avancement cumulé doit dépasser celui de la situation précédente.'
  return null
}

export interface LineProgressInput {
  lineId: string
  previousBp: number
  cumulativeBp: number
}

/** Per-line situation: each line only goes up; at least one must move. Messages by line id. */
export function lineProgressProblems(lines: readonly LineProgressInput[]): { byLine: Record<string, string>; general: string | null } {
  const byLine: Record<string, string> = {}
  for (const line of lines) {
    if (line.cumulativeBp > 10_000) byLine[line.lineId] = 'Au plus 100 %.'
    else if (line.cumulativeBp < line.previousBp) byLine[line.lineId] = 'L’avancement d’une ligne ne peut pas baisser.'
  }
  const moved = lines.some((line) => line.cumulativeBp > line.previousBp)
  return { byLine, general: Object.keys(byLine).length === 0 && !moved ? 'Faites avancer au moins une ligne.' : null }
}

/** Each quote line's cumulative progress after the last situation (its lines carry the quote lines' ids). */
export function previousLineProgress(lastSituationLines: readonly Pick<InvoiceLine, 'id' | 'progress'>[] | null): Map<string, number> {
  return new Map((lastSituationLines ?? []).map((line) => [line.id, line.progress?.cumulativeBp ?? 0]))
}
