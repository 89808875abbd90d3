// Whether an issued invoice is paid, partly paid, overdue or cancelled by credit notes: computed at
// each read from its payments, its credit notes and its due date, never stored on the frozen
// invoice (so a payment recorded later never touches it). The list, the dashboard, the API and the
// overdue webhook all ask this one function.
import type { InvoicePaymentStatus } from '../api/invoice-schemas.js'
import type { InvoiceKind } from './invoice-document.js'

export interface PaymentFacts {
  kind: InvoiceKind
  status: 'draft' | 'issued'
  /** What the invoice asks the client to transfer (TTC less the retenue de garantie). */
  amountDueCents: number
  paidCents: number
  /** TTC of the credit notes issued on it. */
  creditedCents: number
  dueDate: string | null
}

/** What the client still owes (never negative). */
export function remainingCents(facts: Pick<PaymentFacts, 'kind' | 'status' | 'amountDueCents' | 'paidCents' | 'creditedCents'>): number {
  if (facts.status === 'draft' || facts.kind === 'credit_note') return 0
  return Math.max(0, facts.amountDueCents - facts.paidCents - facts.creditedCents)
}

/** Null for a draft or a credit note; `today` is the Paris calendar date (`YYYY-MM-DD`). */
export function invoicePaymentStatus(facts: PaymentFacts, today: string): InvoicePaymentStatus | null {
  if (facts.status === 'draft' || facts.kind === 'credit_note') return null
  if (remainingCents(facts) === 0) return facts.creditedCents >= facts.amountDueCents && facts.paidCents === 0 ? 'credited' : 'paid'
  if (facts.dueDate !== null && facts.dueDate < today) return 'overdue'
  return facts.paidCents > 0 ? 'partly_paid' : 'unpaid'
}
