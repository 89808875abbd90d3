// Payments received on an issued invoice, full or partial. The invoice itself never changes: its
// status is derived from these rows. Reaching the amount due records `paid` once (invoice.paid).
// On an e-invoice of services the payment is also reported to the platform (transmission/payment-status-jobs.ts).
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice, NewPayment } from '@paraphe/shared/api/invoice-schemas'
import { formatEuros } from '@paraphe/shared/money'
import { remainingCents } from '@paraphe/shared/invoices/invoice-payment-status'
import type { Queryable } from '../db/database.js'
import { queuePaymentReports } from '../transmission/payment-status-jobs.js'
import { ApiProblem } from '../errors.js'
import { findInvoice, getInvoice } from './invoices-repository.js'

export async function recordPayment(tx: Queryable, companyId: string, id: string, payment: NewPayment, now: Date): Promise<Invoice> {
  const row = await findInvoice(tx, id, { lock: true })
  if (row.status !== 'issued') throw new ApiProblem(409, 'invoice_draft', 'Un paiement s’enregistre sur une facture émise.')
  if (row.kind === 'credit_note') throw new ApiProblem(409, 'invoice_is_credit_note', 'Un avoir ne reçoit pas de paiement.')
  const facts = {
    kind: row.kind,
    status: row.status,
    amountDueCents: row.amount_due_cents,
    paidCents: row.paid_cents,
    creditedCents: row.credited_cents
  }
  const remaining = remainingCents(facts)
  if (remaining === 0) throw new ApiProblem(409, 'invoice_paid', 'Cette facture est déjà entièrement réglée.')
  if (payment.amountCents > remaining) {
    throw new ApiProblem(422, 'payment_too_large', `Ce paiement dépasse le reste à payer (${formatEuros(remaining)}).`, {
      amountCents: `Le reste à payer est de ${formatEuros(remaining)}.`
    })
  }
  if (payment.paidOn > parisIsoDate(now)) {
    throw new ApiProblem(422, 'validation_failed', 'La date du paiement ne peut pas être dans le futur.', { paidOn: 'Date dans le futur.' })
  }
  await tx.query(
    `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means, note) values ($1, $2, $3, $4, $5, $6)`,
    [id, companyId, payment.amountCents, payment.paidOn, payment.means, payment.note ?? '']
  )
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, 'payment_recorded', $3)`, [
    id,
    companyId,
    JSON.stringify({ amountCents: payment.amountCents, means: payment.means, paidOn: payment.paidOn })
  ])
  // A services invoice the platform took: the payment is reported to it (212 « Encaissée »), by its own job.
  await queuePaymentReports(tx, id)
  if (payment.amountCents === remaining) {
    await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type) values ($1, $2, 'paid')`, [id, companyId])
  }
  return getInvoice(tx, id, now)
}
