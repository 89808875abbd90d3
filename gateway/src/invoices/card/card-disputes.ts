// A card payment disputed by the client with their bank, as Stripe tells it for the connected
// account: opened (told on the invoice), its money withdrawn from the professional's account —
// the invoice is owed that amount again, a reversal line — then, when the bank decides for the
// professional, reinstated — a line giving it back — and closed, won or lost (in the history).
// Each movement is recorded once, whatever the deliveries: the dispute's row says where it stands.
import type Stripe from 'stripe'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Queryable } from '../../db/database.js'
import { cardPaymentOf, firstDelivery, idOf, type ConnectEventContext, type ConnectEventResult } from './card-event-records.js'

export const CARD_DISPUTE_EVENT_TYPES = [
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.closed'
] as const

interface DisputeRow {
  payment_id: string
  invoice_id: string
  company_id: string
  amount_cents: string
  funds: 'kept' | 'withdrawn' | 'reinstated'
  withdrawn_cents: string
  /** What the card payment still holds after its refunds: a withdrawal never takes more. */
  held_cents: string
}

/** The dispute's row, created from its card payment the first time any of its events comes. */
async function disputeRow(
  tx: Queryable,
  context: ConnectEventContext,
  event: Stripe.Event,
  dispute: Stripe.Dispute
): Promise<DisputeRow | null> {
  const payment = await cardPaymentOf(tx, event, idOf(dispute.payment_intent))
  if (payment === null) {
    context.log.warn(
      { stripeEvent: event.id, account: event.account, type: event.type },
      'Stripe dispute of no recorded card payment: acknowledged, nothing recorded'
    )
    return null
  }
  await tx.query(
    `insert into paraphe.invoice_card_disputes (dispute_id, payment_id, invoice_id, company_id, amount_cents)
     values ($1, $2, $3, $4, $5) on conflict (dispute_id) do nothing`,
    [dispute.id, payment.payment_id, payment.invoice_id, payment.company_id, dispute.amount]
  )
  const { rows } = await tx.query<DisputeRow>(
    `select d.payment_id, d.invoice_id, d.company_id, d.amount_cents, d.funds, d.withdrawn_cents,
            p.amount_cents - c.refunded_cents as held_cents
       from paraphe.invoice_card_disputes d
       join paraphe.invoice_card_payments c on c.payment_id = d.payment_id
       join paraphe.invoice_payments p on p.id = d.payment_id
      where d.dispute_id = $1 for update of d`,
    [dispute.id]
  )
  return rows[0] ?? null
}

type DisputeHandler = (
  tx: Queryable,
  context: ConnectEventContext,
  event: Stripe.Event,
  dispute: Stripe.Dispute
) => Promise<ConnectEventResult>

/** Every dispute event: its row (or unknown: logged), applied once (a delivery seen before is a duplicate). */
function onDispute(
  apply: (tx: Queryable, row: DisputeRow, event: Stripe.Event, dispute: Stripe.Dispute) => Promise<ConnectEventResult>
): DisputeHandler {
  return async (tx, context, event, dispute) => {
    const row = await disputeRow(tx, context, event, dispute)
    if (row === null) return { outcome: 'unknown', invoiceId: null }
    if (!(await firstDelivery(tx, event))) return { outcome: 'duplicate', invoiceId: null }
    return apply(tx, row, event, dispute)
  }
}

export const disputeCreated = onDispute(async (tx, row, _event, dispute) => {
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, 'payment_disputed', $3)`, [
    row.invoice_id,
    row.company_id,
    JSON.stringify({ amountCents: dispute.amount, reason: dispute.reason, stripeDispute: dispute.id })
  ])
  return { outcome: 'applied', invoiceId: row.invoice_id }
})

/**
 * The disputed amount taken from the professional's account (owed again on the invoice) or given
 * back to it. Stripe's dispute fee is the professional's cost, not the client's payment: the line
 * moves the disputed amount only.
 */
export const disputeFundsMoved = onDispute(async (tx, row, event, dispute) => {
  const withdrawn = event.type === 'charge.dispute.funds_withdrawn'
  // A movement the row already has (Stripe retried under another event id) changes nothing.
  if (withdrawn ? row.funds === 'withdrawn' : row.funds !== 'withdrawn') return { outcome: 'ignored', invoiceId: null }
  // Never more than the card payment still holds (a part may have been refunded before).
  const amount = withdrawn ? Math.min(Number(row.amount_cents), Number(row.held_cents)) : Number(row.withdrawn_cents)
  if (amount <= 0) return { outcome: 'ignored', invoiceId: null }
  const day = parisIsoDate(new Date(event.created * 1000))
  await tx.query(
    `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means, note, reverses_payment_id, reason)
     values ($1, $2, $3, $4, 'card', $5, $6, $7)`,
    withdrawn
      ? [row.invoice_id, row.company_id, -amount, day, `Litige Stripe ${dispute.id}`, row.payment_id, 'dispute_withdrawn']
      : [row.invoice_id, row.company_id, amount, day, `Litige Stripe ${dispute.id}`, null, 'dispute_reinstated']
  )
  await tx.query('update paraphe.invoice_card_disputes set funds = $2, withdrawn_cents = $3 where dispute_id = $1', [
    dispute.id,
    withdrawn ? 'withdrawn' : 'reinstated',
    withdrawn ? amount : 0
  ])
  return { outcome: 'applied', invoiceId: row.invoice_id }
})

/** The bank's decision, in the invoice's history (the money already followed its movements). */
export const disputeClosed = onDispute(async (tx, row, _event, dispute) => {
  const outcome = dispute.status === 'won' ? 'won' : dispute.status === 'lost' ? 'lost' : null
  if (outcome === null) return { outcome: 'ignored', invoiceId: null }
  await tx.query('update paraphe.invoice_card_disputes set outcome = $2 where dispute_id = $1', [dispute.id, outcome])
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, 'payment_dispute_closed', $3)`, [
    row.invoice_id,
    row.company_id,
    JSON.stringify({ amountCents: Number(row.amount_cents), outcome, stripeDispute: dispute.id })
  ])
  return { outcome: 'applied', invoiceId: row.invoice_id }
})
