// One Stripe customer per account: created at the first checkout, reused for the next ones and
// for the customer portal.
import type Stripe from 'stripe'
import type { Queryable } from '../db/database.js'

/** The account's Stripe customer id, or null; `tx` runs as the user (RLS) or as the owner. */
export async function findCustomerId(tx: Queryable, companyId: string): Promise<string | null> {
  const { rows } = await tx.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from paraphe.billing_customers where company_id = $1',
    [companyId]
  )
  return rows[0]?.stripe_customer_id ?? null
}

/** The account's e-mail as given to Stripe, for the webhook's e-mails. */
export async function findCustomerAccount(tx: Queryable, customerId: string): Promise<{ companyId: string; email: string } | null> {
  const { rows } = await tx.query<{ company_id: string; email: string }>(
    'select company_id, email from paraphe.billing_customers where stripe_customer_id = $1',
    [customerId]
  )
  const row = rows[0]
  return row === undefined ? null : { companyId: row.company_id, email: row.email }
}

/**
 * Creates the account's customer at Stripe (no transaction open meanwhile: on the embedded
 * database one open transaction holds every other request) and records it through `transact`.
 * Two checkouts started together get the same customer from Stripe (idempotency key) and the
 * second insert does nothing.
 */
export async function createCustomer(
  stripe: Stripe,
  company: { id: string; email: string },
  transact: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>
): Promise<string> {
  const customer = await stripe.customers.create(
    { email: company.email, metadata: { company_id: company.id } },
    { idempotencyKey: `paraphe-customer-${company.id}` }
  )
  return transact(async (tx) => {
    await tx.query(
      `insert into paraphe.billing_customers (company_id, stripe_customer_id, email) values ($1, $2, $3)
       on conflict (company_id) do nothing`,
      [company.id, customer.id, company.email]
    )
    return (await findCustomerId(tx, company.id)) ?? customer.id
  })
}
