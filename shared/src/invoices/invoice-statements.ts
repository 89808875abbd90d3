// The sentences an invoice states about itself, printed on the PDF, put in the XML's notes and
// shown on the pages: one wording each, built from the document.
import { formatLongDate } from '../dates.js'
import { formatEuros, formatVatRate } from '../money.js'
import {
  DEPOSIT_DEDUCTION_LABELS,
  type InvoiceDeduction,
  type InvoiceDocument,
  type InvoiceInsurance,
  type ProgressStatement,
  type Retention
} from './invoice-document.js'
import { FRANCHISE_MENTION, REVERSE_CHARGE_MENTION, VAT_ON_DEBITS_MENTION } from './invoice-mentions.js'

/** « Situation n° 3 : cumul 60 %, déjà facturé 40 % ; acompte déduit au prorata de l’avancement ». */
export function progressStatementText(progress: ProgressStatement): string {
  const statement = `Situation n° ${progress.situationNumber} : cumul ${formatVatRate(progress.cumulativeBp)}, déjà facturé ${formatVatRate(progress.previousBp)}`
  if (progress.depositDeduction === undefined) return statement
  return `${statement} ; acompte déduit ${DEPOSIT_DEDUCTION_LABELS[progress.depositDeduction]}`
}

/** « Assurance professionnelle (décennale) : MAAF Assurances, couverture France métropolitaine, police n° 123 ». */
export function insuranceText(insurance: InvoiceInsurance): string {
  const parts = [insurance.insurer]
  if (insurance.coverage !== '') parts.push(`couverture ${insurance.coverage}`)
  if (insurance.policy !== '') parts.push(`police n° ${insurance.policy}`)
  return `Assurance professionnelle (décennale) : ${parts.join(', ')}`
}

/** « Acompte FA-2026-0001 du 1 octobre 2026 » — how a deduction names the invoice it deducts. */
export function deductionLabel(deduction: Pick<InvoiceDeduction, 'kind' | 'number' | 'issueDate'>): string {
  const what = deduction.kind === 'deposit' ? 'Acompte' : 'Situation'
  return `${what} ${deduction.number} du ${formatLongDate(deduction.issueDate)}`
}

/** « Retenue de garantie de 5 % (12,34 €), libérée le 1 décembre 2027 ». */
export function retentionText(retention: Retention, retentionCents: number): string {
  return `Retenue de garantie de ${formatVatRate(retention.rateBp)} (${formatEuros(retentionCents)}), libérée le ${formatLongDate(retention.releaseDate)} (loi n° 71-584 du 16 juillet 1971)`
}

/** « Avoir sur la facture FA-2026-0003 du 2 novembre 2026 ». */
export function creditedInvoiceText(reference: NonNullable<InvoiceDocument['creditedInvoice']>): string {
  return `Avoir sur la facture ${reference.number} du ${formatLongDate(reference.issueDate)}`
}

/** The VAT mentions the regime and options require, in the order they are printed. */
export function vatMentions(document: Pick<InvoiceDocument, 'vatRegime' | 'vatOnDebits'>): string[] {
  const mentions: string[] = []
  if (document.vatRegime === 'franchise') mentions.push(FRANCHISE_MENTION)
  if (document.vatRegime === 'reverse_charge') mentions.push(REVERSE_CHARGE_MENTION)
  if (document.vatOnDebits && document.vatRegime === 'standard') mentions.push(VAT_ON_DEBITS_MENTION)
  return mentions
}
