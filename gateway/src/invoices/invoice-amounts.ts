// The amounts of deposit, progress, final and credit-note invoices, computed from the signed quote
// and the invoices already issued on it (or the invoice a credit note corrects). Pure functions:
// what they return is checked by the shared invoice totals, which the PDF and the XML use too.
import { divRoundHalfUp, VAT_RATES_BP, type VatRateBp } from '@paraphe/shared/money'
import {
  DEPOSIT_DEDUCTION_LABELS,
  type DepositDeductionMode,
  type InvoiceDeduction,
  type InvoiceDocument,
  type InvoiceLine,
  type ProgressStatement
} from '@paraphe/shared/invoices/invoice-document'
import { computeInvoiceTotals, vatCategory } from '@paraphe/shared/invoices/invoice-totals'
import { lineHtCents } from '@paraphe/shared/quote-totals'
import type { QuoteLine } from '@paraphe/shared/quote'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { ApiProblem } from '../errors.js'

/** An invoice already issued, as later invoices read it. */
export interface IssuedInvoice {
  id: string
  kind: InvoiceDocument['kind']
  number: string
  issueDate: string
  document: InvoiceDocument
}

const refuse = (code: string, message: string) => new ApiProblem(422, code, message)

/** One quote line as an invoice line (the whole of it, or with its progress). */
export function invoiceLineOf(line: QuoteLine, progress: InvoiceLine['progress'] = null): InvoiceLine {
  return {
    id: line.id,
    description: line.description.trim() === '' ? 'Prestation' : line.description,
    quantityMilli: line.quantityMilli,
    unit: line.unit,
    unitPriceCents: line.unitPriceCents,
    vatRateBp: line.vatRateBp,
    // The quote's discount as it was given: a percentage, or an amount (BT-136 either way).
    discountBp: line.discountBp,
    discountCents: line.discountCents ?? 0,
    progress
  }
}

/** HT of the lines by VAT rate, in increasing rate order. */
function basesByRate(
  lines: ReadonlyArray<Pick<QuoteLine, 'vatRateBp'> & { htCents: number }>
): Array<{ rateBp: VatRateBp; htCents: number }> {
  const bases = new Map<VatRateBp, number>()
  for (const line of lines) bases.set(line.vatRateBp, (bases.get(line.vatRateBp) ?? 0) + line.htCents)
  return [...bases].sort(([a], [b]) => a - b).map(([rateBp, htCents]) => ({ rateBp, htCents }))
}

const quoteBases = (lines: readonly QuoteLine[]) =>
  basesByRate(lines.map((line) => ({ vatRateBp: line.vatRateBp, htCents: lineHtCents(line) })))

/** TTC of amounts by rate under a regime (no VAT under the franchise or reverse charge). */
function ttcOf(parts: ReadonlyArray<{ rateBp: number; htCents: number }>, regime: InvoiceDocument['vatRegime']): number {
  return parts.reduce(
    (sum, part) =>
      sum + part.htCents + Number(divRoundHalfUp(BigInt(part.htCents) * BigInt(vatCategory(regime, part.rateBp).rateBp), 10_000n)),
    0
  )
}

/**
 * A share of amounts by rate: `numerator / denominator` of each, rounded half-up; when a TTC
 * target is given, the largest part is nudged by a cent or two so that the TTC is exactly it.
 */
function shareOf(
  bases: ReadonlyArray<{ rateBp: VatRateBp; htCents: number }>,
  numerator: bigint,
  denominator: bigint,
  regime: InvoiceDocument['vatRegime'],
  targetTtc?: number
): Array<{ rateBp: VatRateBp; htCents: number }> {
  const parts = bases.map((base) => ({
    rateBp: base.rateBp,
    htCents: Number(divRoundHalfUp(BigInt(base.htCents) * numerator, denominator))
  }))
  if (targetTtc === undefined || parts.length === 0) return parts
  // VAT moves in steps of more than a cent at some rates: try each part, largest first.
  for (const part of [...parts].sort((a, b) => b.htCents - a.htCents)) {
    const start = part.htCents
    for (const delta of [0, -1, 1, -2, 2, -3, 3]) {
      part.htCents = start + delta
      if (ttcOf(parts, regime) === targetTtc) return parts
    }
    part.htCents = start
  }
  return parts
}

function flatLine(id: string, description: string, rateBp: VatRateBp, htCents: number): InvoiceLine {
  return {
    id,
    description,
    quantityMilli: 1000,
    unit: 'forfait',
    unitPriceCents: htCents,
    vatRateBp: rateBp,
    discountBp: 0,
    discountCents: 0,
    progress: null
  }
}

const percent = (bp: number) => formatVatRate(bp).replace('\u202f', ' ')

/** What earlier deposit and progress invoices of the quote charged, TTC. */
export function invoicedTtc(earlier: readonly IssuedInvoice[]): number {
  return earlier
    .filter((invoice) => invoice.kind === 'deposit' || invoice.kind === 'progress')
    .reduce((sum, invoice) => sum + computeInvoiceTotals(invoice.document).totalTtcCents, 0)
}

export interface DepositRequest {
  quoteNumber: string
  quoteLines: readonly QuoteLine[]
  quoteTtcCents: number
  regime: InvoiceDocument['vatRegime']
  /** Basis points of the quote's TTC, or an amount TTC. */
  share: { bp: number } | { amountCents: number }
  earlier: readonly IssuedInvoice[]
}

/** A deposit invoice: the share of the quote at each of its VAT rates, one line per rate. */
export function depositLines(request: DepositRequest): InvoiceLine[] {
  const bases = quoteBases(request.quoteLines)
  const parts =
    'bp' in request.share
      ? shareOf(bases, BigInt(request.share.bp), 10_000n, request.regime)
      : shareOf(
          bases,
          BigInt(request.share.amountCents),
          BigInt(Math.max(request.quoteTtcCents, 1)),
          request.regime,
          request.share.amountCents
        )
  const ttc = ttcOf(parts, request.regime)
  if (ttc <= 0) throw refuse('invoice_empty', 'Le montant de l’acompte doit être supérieur à zéro.')
  const left = request.quoteTtcCents - invoicedTtc(request.earlier)
  if (ttc > left) {
    throw refuse('invoice_over_quote', `L’acompte dépasse ce qui reste à facturer sur le devis (${formatEuros(left)} TTC).`)
  }
  const label = 'bp' in request.share ? `Acompte de ${percent(request.share.bp)}` : 'Acompte'
  return parts
    .filter((part) => part.htCents > 0)
    .map((part, index) =>
      flatLine(
        `acompte-${index + 1}`,
        `${label} sur le devis ${request.quoteNumber}${parts.length > 1 ? ` — part à ${percent(part.rateBp)} de TVA` : ''}`,
        part.rateBp,
        part.htCents
      )
    )
}

export interface ProgressRequest {
  quoteLines: readonly QuoteLine[]
  quoteTtcCents: number
  regime: InvoiceDocument['vatRegime']
  /** The whole quote at one cumulative percentage, or some lines at theirs. */
  progress: { bp: number } | { lines: ReadonlyArray<{ lineId: string; cumulativeBp: number }> }
  /** How the deposits come off; asked at the first situation only (later ones keep its choice). */
  depositDeduction?: DepositDeductionMode
  earlier: readonly IssuedInvoice[]
}

/** The mode the quote's situations follow: the first situation's, else the one asked, else proportional. */
function depositDeductionMode(request: ProgressRequest, situations: readonly IssuedInvoice[]): DepositDeductionMode {
  const first = situations[0]?.document.progress
  if (first === undefined || first === null) return request.depositDeduction ?? 'proportional'
  const kept = first.depositDeduction ?? 'proportional'
  if (request.depositDeduction !== undefined && request.depositDeduction !== kept) {
    throw refuse(
      'invoice_deposit_mode',
      `Les situations de ce devis déduisent déjà l’acompte ${DEPOSIT_DEDUCTION_LABELS[kept]} : la suite du chantier garde ce choix.`
    )
  }
  return kept
}

/**
 * What each deposit gives back on this situation, at each VAT rate (HT), as deductions naming it.
 * Proportional: a deposit is taken back as the work it paid for in advance is invoiced — at each
 * rate, the share of the deposit matching the cumulative progress of that rate's work, less what
 * earlier situations took (computed on the cumulative figure, so rounding never drifts and 100 %
 * takes it all back). First: the whole of what the situation invoices at that rate, until the
 * deposit is used up. Never more than the situation invoices at a rate (its base stays ≥ 0).
 */
function depositTakeBacks(
  lines: readonly InvoiceLine[],
  regime: InvoiceDocument['vatRegime'],
  mode: DepositDeductionMode,
  earlier: readonly IssuedInvoice[]
): InvoiceDeduction[] {
  const rateOf = (line: Pick<InvoiceLine, 'vatRateBp'>) => vatCategory(regime, line.vatRateBp).rateBp
  const totals = computeInvoiceTotals({ lines: [...lines], deductions: [], vatRegime: regime, retention: null })
  // Per rate: what this situation invoices, the contract, and the contract × cumulative progress.
  const available = new Map<number, number>()
  const contract = new Map<number, bigint>()
  const done = new Map<number, bigint>()
  totals.lines.forEach((line, index) => {
    const rate = line.rateBp
    const cumulativeBp = lines[index]?.progress?.cumulativeBp ?? 10_000
    available.set(rate, (available.get(rate) ?? 0) + line.netCents)
    contract.set(rate, (contract.get(rate) ?? 0n) + BigInt(line.contractCents))
    done.set(rate, (done.get(rate) ?? 0n) + BigInt(line.contractCents) * BigInt(cumulativeBp))
  })
  const situations = earlier.filter((invoice) => invoice.kind === 'progress')
  const deductions: InvoiceDeduction[] = []
  for (const deposit of earlier.filter((invoice) => invoice.kind === 'deposit')) {
    const amounts: InvoiceDeduction['amounts'] = []
    for (const row of computeInvoiceTotals(deposit.document).vat) {
      const rate = row.rateBp
      const taken = situations
        .flatMap((situation) => situation.document.deductions)
        .filter((deduction) => deduction.kind === 'deposit' && deduction.number === deposit.number)
        .flatMap((deduction) => deduction.amounts)
        .filter((amount) => vatCategory(regime, amount.vatRateBp).rateBp === rate)
        .reduce((sum, amount) => sum + amount.htCents, 0)
      const left = row.baseCents - taken
      const contractCents = contract.get(rate) ?? 0n
      const target =
        mode === 'first' || contractCents === 0n
          ? row.baseCents
          : Number(divRoundHalfUp(BigInt(row.baseCents) * (done.get(rate) ?? 0n), contractCents * 10_000n))
      const htCents = Math.max(0, Math.min(mode === 'first' ? left : target - taken, left, available.get(rate) ?? 0))
      if (htCents === 0) continue
      available.set(rate, (available.get(rate) ?? 0) - htCents)
      const vatRateBp = (lines.find((line) => rateOf(line) === rate)?.vatRateBp ?? row.rateBp) as VatRateBp
      amounts.push({ vatRateBp, htCents, vatCents: Number(divRoundHalfUp(BigInt(htCents) * BigInt(rate), 10_000n)) })
    }
    if (amounts.length > 0) deductions.push({ kind: 'deposit', number: deposit.number, issueDate: deposit.issueDate, amounts })
  }
  return deductions
}

/**
 * A situation: every quote line with its cumulative progress, the running statement, and the
 * deposits taken back (so that what the client has paid never runs ahead of the work: after a 30 %
 * deposit, a situation at 50 % asks 50 % of the price less 15 %, not 50 % more).
 */
export function progressLines(request: ProgressRequest): {
  lines: InvoiceLine[]
  deductions: InvoiceDeduction[]
  statement: ProgressStatement
} {
  const situations = request.earlier.filter((invoice) => invoice.kind === 'progress')
  const mode = depositDeductionMode(request, situations)
  const last = situations.at(-1)
  const before = new Map<string, number>()
  for (const line of last?.document.lines ?? []) before.set(line.id, line.progress?.cumulativeBp ?? 0)
  const asked = 'bp' in request.progress ? null : new Map(request.progress.lines.map((line) => [line.lineId, line.cumulativeBp]))
  if (asked !== null) {
    const unknown = [...asked.keys()].find((lineId) => !request.quoteLines.some((line) => line.id === lineId))
    if (unknown !== undefined) throw refuse('invoice_unknown_line', 'Une ligne de la situation n’existe pas dans le devis.')
  }
  const lines = request.quoteLines.map((line) => {
    const previousBp = before.get(line.id) ?? 0
    const cumulativeBp = asked === null ? (request.progress as { bp: number }).bp : (asked.get(line.id) ?? previousBp)
    if (cumulativeBp > 10_000) throw refuse('invoice_progress_over', 'Une situation ne dépasse jamais 100 % du devis.')
    if (cumulativeBp < previousBp) {
      throw refuse(
        'invoice_progress_backwards',
        `L’avancement cumulé ne peut pas baisser : la situation précédente en était à ${percent(previousBp)} sur « ${line.description} ».`
      )
    }
    return invoiceLineOf(line, { cumulativeBp, previousBp })
  })
  if (lines.every((line) => line.progress !== null && line.progress.cumulativeBp === line.progress.previousBp)) {
    throw refuse('invoice_empty', 'Cette situation ne facture rien de plus que la précédente : augmentez l’avancement.')
  }
  const hasDeposit = request.earlier.some((invoice) => invoice.kind === 'deposit')
  // The statement's percentages are over the whole contract, weighted by each line's amount.
  const contract = request.quoteLines.map((line) => BigInt(lineHtCents(line)))
  const total = contract.reduce((sum, amount) => sum + amount, 0n)
  const weighted = (pick: (line: InvoiceLine) => number) =>
    total === 0n
      ? 0
      : Number(
          divRoundHalfUp(
            lines.reduce((sum, line, index) => sum + (contract[index] as bigint) * BigInt(pick(line)), 0n),
            total
          )
        )
  const statement: ProgressStatement = {
    situationNumber: situations.length + 1,
    cumulativeBp: weighted((line) => line.progress?.cumulativeBp ?? 0),
    previousBp: weighted((line) => line.progress?.previousBp ?? 0),
    // Said only where there is a deposit to take back, so that a quote without one states nothing.
    ...(hasDeposit ? { depositDeduction: mode } : {})
  }
  const deductions = depositTakeBacks(lines, request.regime, mode, request.earlier)
  const ttc = computeInvoiceTotals({ lines, deductions, vatRegime: request.regime, retention: null }).totalTtcCents
  const left = request.quoteTtcCents - invoicedTtc(request.earlier)
  if (ttc > left) {
    throw refuse(
      'invoice_over_quote',
      `Avec les acomptes et situations déjà facturés, cette situation dépasserait le devis (reste ${formatEuros(left)} TTC).`
    )
  }
  return { lines, deductions, statement }
}

/** What an earlier invoice charged at each VAT rate, as a deduction of a final invoice. */
export function deductionOf(invoice: IssuedInvoice): InvoiceDeduction {
  const totals = computeInvoiceTotals(invoice.document)
  return {
    kind: invoice.kind === 'deposit' ? 'deposit' : 'progress',
    number: invoice.number,
    issueDate: invoice.issueDate,
    amounts: totals.vat.map((row) => ({ vatRateBp: row.rateBp as VatRateBp, htCents: row.baseCents, vatCents: row.vatCents }))
  }
}

/** The final invoice: the whole quote, less each deposit and situation by its number. */
export function finalInvoice(
  quoteLines: readonly QuoteLine[],
  earlier: readonly IssuedInvoice[]
): { lines: InvoiceLine[]; deductions: InvoiceDeduction[] } {
  if (earlier.some((invoice) => invoice.kind === 'final'))
    throw new ApiProblem(409, 'invoice_final_exists', 'La facture de solde de ce devis a déjà été émise.')
  return {
    lines: quoteLines.map((line) => invoiceLineOf(line)),
    deductions: earlier.filter((invoice) => invoice.kind === 'deposit' || invoice.kind === 'progress').map(deductionOf)
  }
}

export interface CreditRequest {
  corrected: IssuedInvoice
  /** TTC of the credit notes already issued on it. */
  alreadyCreditedCents: number
  /** The whole invoice, or an amount TTC. */
  amountCents: number | null
}

/** A credit note: the corrected invoice's lines again (total), or a share of it at its rates (partial). */
export function creditLines(request: CreditRequest): { lines: InvoiceLine[]; deductions: InvoiceDeduction[] } {
  const { corrected } = request
  if (corrected.kind === 'credit_note')
    throw new ApiProblem(409, 'invoice_is_credit_note', 'Un avoir ne se corrige pas par un autre avoir.')
  const totals = computeInvoiceTotals(corrected.document)
  const left = totals.totalTtcCents - request.alreadyCreditedCents
  // « The whole invoice » after a partial credit note: what is left of it.
  const amount = request.amountCents ?? left
  if (left <= 0) throw new ApiProblem(409, 'invoice_fully_credited', 'Cette facture est déjà entièrement annulée par avoir.')
  if (amount > left)
    throw refuse('invoice_credit_over', `L’avoir dépasse ce qui reste de la facture ${corrected.number} (${formatEuros(left)} TTC).`)
  if (request.amountCents === null && request.alreadyCreditedCents === 0) {
    return { lines: corrected.document.lines, deductions: corrected.document.deductions }
  }
  const bases = totals.vat
    .map((row) => ({ rateBp: row.rateBp as VatRateBp, htCents: row.baseCents }))
    .filter((row) => (VAT_RATES_BP as readonly number[]).includes(row.rateBp))
  const parts = shareOf(bases, BigInt(amount), BigInt(Math.max(totals.totalTtcCents, 1)), corrected.document.vatRegime, amount)
  return {
    lines: parts
      .filter((part) => part.htCents > 0)
      .map((part, index) =>
        flatLine(
          `avoir-${index + 1}`,
          `Avoir partiel sur la facture ${corrected.number}${parts.length > 1 ? ` — part à ${percent(part.rateBp)} de TVA` : ''}`,
          part.rateBp,
          part.htCents
        )
      ),
    deductions: []
  }
}
