// The events of the professionals' Stripe accounts (Connect webhook): a Checkout session paid
// records the payment through the same function as a payment typed by hand (status, « À
// encaisser », invoice.paid and whatever else follows a payment); a refund records a reversal
// line; a dispute follows its money (card-disputes.ts). Each event is applied once across
// gateways: its id is stored in the transaction of its effect (paraphe.stripe_events).
import type Stripe from 'stripe'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Queryable } from '../../db/database.js'
import { ApiProblem } from '../../errors.js'
import { isRowId } from '../../db/row-id.js'
import { enqueueJob } from '../../jobs/job-queue.js'
import { recordPayment } from '../invoice-payments.js'
import { cardSessionsExpiryJob } from './card-jobs.js'
import { CARD_DISPUTE_EVENT_TYPES, disputeClosed, disputeCreated, disputeFundsMoved } from './card-disputes.js'
import { cardPaymentOf, firstDelivery, idOf, type ConnectEventContext, type ConnectEventResult } from './card-event-records.js'

export const CONNECT_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'charge.refunded',
  ...CARD_DISPUTE_EVENT_TYPES
] as const

export type { ConnectEventContext, ConnectEventResult, ConnectOutcome } from './card-event-records.js'

async function sessionCompleted(
  tx: Queryable,
  context: ConnectEventContext,
  event: Stripe.Event,
  session: Stripe.Checkout.Session
): Promise<ConnectEventResult> {
  const invoiceId = session.metadata?.['invoice_id'] ?? ''
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return { outcome: 'ignored', invoiceId: null }
  // The invoice must be one of the company whose account the event comes from.
  const { rows } = isRowId(invoiceId)
    ? await tx.query<{ company_id: string }>(
        `select i.company_id from paraphe.invoices i
          where i.id = $1 and i.status = 'issued'
            and exists (select 1 from paraphe.stripe_connections c where c.company_id = i.company_id and c.account_id = $2)`,
        [invoiceId, event.account ?? '']
      )
    : { rows: [] }
  const companyId = rows[0]?.company_id
  if (companyId === undefined || session.currency !== 'eur' || session.amount_total === null) {
    context.log.warn(
      { stripeEvent: event.id, account: event.account, invoiceId },
      'Stripe card payment for no known invoice: acknowledged, nothing recorded'
    )
    return { outcome: 'unknown', invoiceId: null }
  }
  if (!(await firstDelivery(tx, event))) return { outcome: 'duplicate', invoiceId: null }
  const paymentIntent = idOf(session.payment_intent) ?? session.id
  try {
    await recordPayment(
      tx,
      companyId,
      invoiceId,
      {
        amountCents: session.amount_total,
        paidOn: parisIsoDate(new Date(event.created * 1000)),
        means: 'card',
        note: `Carte bancaire, Stripe ${paymentIntent}`
      },
      new Date()
    )
  } catch (error) {
    if (!(error instanceof ApiProblem)) throw error
    // Only possible when the invoice changed between the session's opening and its payment
    // faster than the session could be expired: the professional refunds it from Stripe.
    context.log.error(
      { stripeEvent: event.id, account: event.account, invoiceId, code: error.code },
      'Stripe card payment not recorded: the invoice no longer asks for it (refund it from the Stripe dashboard)'
    )
    return { outcome: 'ignored', invoiceId }
  }
  await tx.query(
    `insert into paraphe.invoice_card_payments (payment_id, invoice_id, company_id, account_id, payment_intent)
     select p.id, p.invoice_id, p.company_id, $2, $3 from paraphe.invoice_payments p
      where p.invoice_id = $1 and p.means = 'card' and p.amount_cents > 0 and p.recorded_at = now()
      order by p.id limit 1`,
    [invoiceId, event.account, paymentIntent]
  )
  await tx.query(`update paraphe.invoice_card_checkouts set status = 'complete' where session_id = $1`, [session.id])
  return { outcome: 'applied', invoiceId }
}

async function chargeRefunded(
  tx: Queryable,
  context: ConnectEventContext,
  event: Stripe.Event,
  charge: Stripe.Charge
): Promise<ConnectEventResult> {
  const payment = await cardPaymentOf(tx, event, idOf(charge.payment_intent))
  if (payment === null) {
    context.log.warn(
      { stripeEvent: event.id, account: event.account },
      'Stripe refund of no recorded card payment: acknowledged, nothing recorded'
    )
    return { outcome: 'unknown', invoiceId: null }
  }
  if (!(await firstDelivery(tx, event))) return { outcome: 'duplicate', invoiceId: null }
  // `amount_refunded` is the total so far: what this event adds is the difference (refunds may come in parts).
  const added = charge.amount_refunded - Number(payment.refunded_cents)
  if (added <= 0) return { outcome: 'ignored', invoiceId: null }
  await tx.query(
    `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means, note, reverses_payment_id, reason)
     values ($1, $2, $3, $4, 'card', $5, $6, 'refund')`,
    [
      payment.invoice_id,
      payment.company_id,
      -added,
      parisIsoDate(new Date(event.created * 1000)),
      `Remboursement Stripe ${charge.id}`,
      payment.payment_id
    ]
  )
  await tx.query('update paraphe.invoice_card_payments set refunded_cents = $2, charge_id = $3 where payment_id = $1', [
    payment.payment_id,
    charge.amount_refunded,
    charge.id
  ])
  await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type, data) values ($1, $2, 'payment_refunded', $3)`, [
    payment.invoice_id,
    payment.company_id,
    JSON.stringify({ amountCents: added, means: 'card', stripeCharge: charge.id })
  ])
  return { outcome: 'applied', invoiceId: payment.invoice_id }
}

/** Applies one verified event of a connected account, once. */
export async function processConnectEvent(context: ConnectEventContext, event: Stripe.Event): Promise<ConnectEventResult> {
  if (typeof event.account !== 'string') return { outcome: 'ignored', invoiceId: null }
  return context.db.transaction(async (tx) => {
    const result = await applyEvent(tx, context, event)
    // What the invoice asks changed: its open session for the old rest goes, after the commit.
    if (result.outcome === 'applied' && result.invoiceId !== null)
      await enqueueJob(tx, cardSessionsExpiryJob, { invoiceId: result.invoiceId })
    return result
  })
}

async function applyEvent(tx: Queryable, context: ConnectEventContext, event: Stripe.Event): Promise<ConnectEventResult> {
  switch (event.type) {
    // A delayed means (a SEPA debit) completes the session unpaid, then says so when the money comes.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return sessionCompleted(tx, context, event, event.data.object)
    case 'charge.refunded':
      return chargeRefunded(tx, context, event, event.data.object)
    case 'charge.dispute.created':
      return disputeCreated(tx, context, event, event.data.object)
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return disputeFundsMoved(tx, context, event, event.data.object)
    case 'charge.dispute.closed':
      return disputeClosed(tx, context, event, event.data.object)
    default:
      return { outcome: 'ignored', invoiceId: null }
  }
}
