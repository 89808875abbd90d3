// What every handler of a connected account's events shares: its outcome, the once-only record of
// the event's id, and the card payment line an event about a charge names.
import type Stripe from 'stripe'
import type { Database, Queryable } from '../../db/database.js'

/** applied; duplicate (seen before); ignored (not ours to handle); unknown (names nothing we know: logged). */
export type ConnectOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown'

export interface ConnectEventResult {
  outcome: ConnectOutcome
  /** The invoice whose amounts changed (its stale sessions are expired next). */
  invoiceId: string | null
}

export interface ConnectEventContext {
  db: Database
  log: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void }
}

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id

/** Records the event's id; false when another delivery (this gateway or another) did already. */
export async function firstDelivery(tx: Queryable, event: Stripe.Event): Promise<boolean> {
  const { rowCount } = await tx.query(
    `insert into paraphe.stripe_events (id, type, created) values ($1, $2, to_timestamp($3)) on conflict (id) do nothing`,
    [event.id, event.type, event.created]
  )
  return rowCount === 1
}

export interface CardPaymentRow {
  payment_id: string
  invoice_id: string
  company_id: string
  refunded_cents: string
}

/** The card payment line of a PaymentIntent on the event's account, locked for the event's change. */
export async function cardPaymentOf(tx: Queryable, event: Stripe.Event, paymentIntent: string | null): Promise<CardPaymentRow | null> {
  if (paymentIntent === null) return null
  const { rows } = await tx.query<CardPaymentRow>(
    `select payment_id, invoice_id, company_id, refunded_cents from paraphe.invoice_card_payments
      where payment_intent = $1 and account_id = $2 for update`,
    [paymentIntent, event.account ?? '']
  )
  return rows[0] ?? null
}
