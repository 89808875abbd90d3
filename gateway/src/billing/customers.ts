// One Stripe customer per account: created at the first checkout, reused for the next ones and
// for the customer portal.
import type Stripe from 'stripe'
import type { Queryable } from '../db/database.js'

/** The account's Stripe customer id, or null; `tx` runs as the user (RLS) or as the owner. */
export async function findCustomerId(tx: Queryable, userId: string): Promise<string | null> {
  const { rows } = await tx.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from paraphe.billing_customers where user_id = $1',
    [userId]
  )
  return rows[0]?.stripe_customer_id ?? null
}

/** The account's e-mail as given to Stripe, for the webhook's e-mails. */
export async function findCustomerAccount(tx: Queryable, customerId: string): Promise<{ userId: string; email: string } | null> {
  const { rows } = await tx.query<{ user_id: string; email: string }>(
    'select user_id, email from paraphe.billing_customers where stripe_customer_id = $1',
    [customerId]
  )
  const row = rows[0]
  return row === undefined ? null : { userId: row.user_id, email: row.email }
}

/**
 * Creates the account's customer at Stripe (no transaction open meanwhile: on the embedded
 * database one open transaction holds every other request) and records it through `transact`.
 * Two checkouts started together get the same customer from Stripe (idempotency key) and the
 * second insert does nothing.
 */
export async function createCustomer(
  stripe: Stripe,
  user: { id: string; email: string },
  transact: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>
): Promise<string> {
  const customer = await stripe.customers.create({ email: user.email, metadata: { user_id: user.id } }, { idempotencyKey: `paraphe-customer-${user.id}` })
  return transact(async (tx) => {
    await tx.query(
      `insert into paraphe.billing_customers (user_id, stripe_customer_id, email) values ($1, $2, $3)
       on conflict (user_id) do nothing`,
      [user.id, customer.id, user.email]
    )
    return (await findCustomerId(tx, user.id)) ?? customer.id
  })
}
