import { randomUUID } from 'node:crypto'
import type { Database } from '../../src/db/database.js'
import { asMember } from '../support/as-member.js'
import { forEachEngine } from '../support/databases.js'

const claimsOf = (id: string) => ({ sub: id, email: `${id.slice(0, 8)}@example.fr`, role: 'authenticated' as const })

forEachEngine('an account sees and records only its own Stripe customer; webhook tables stay private', async (t, db: Database) => {
  const owner = randomUUID()
  const other = randomUUID()
  await asMember(db, claimsOf(owner), (tx) =>
    tx.query(`insert into paraphe.billing_customers (company_id, stripe_customer_id, email) values ($1, $2, 'a@example.fr')`, [
      owner,
      `cus_${owner.slice(0, 8)}`
    ])
  )
  const own = await asMember(db, claimsOf(owner), (tx) => tx.query('select stripe_customer_id from paraphe.billing_customers'))
  t.same(own.rows, [{ stripe_customer_id: `cus_${owner.slice(0, 8)}` }])
  const seen = await asMember(db, claimsOf(other), (tx) =>
    tx.query('select 1 from paraphe.billing_customers where company_id = $1', [owner])
  )
  t.equal(seen.rows.length, 0, 'another account’s customer is invisible')
  await t.rejects(
    asMember(db, claimsOf(other), (tx) =>
      tx.query(`insert into paraphe.billing_customers (company_id, stripe_customer_id, email) values ($1, 'cus_forged', 'x@example.fr')`, [
        owner
      ])
    ),
    'no customer recorded in someone else’s name'
  )
  await t.rejects(
    asMember(db, claimsOf(owner), (tx) => tx.query(`update paraphe.billing_customers set stripe_customer_id = 'cus_other'`)),
    'customers are never changed by users'
  )
  await t.rejects(
    asMember(db, claimsOf(owner), (tx) => tx.query('select 1 from paraphe.stripe_events')),
    'processed events are the webhook’s'
  )
  await t.rejects(
    asMember(db, claimsOf(owner), (tx) =>
      tx.query(`update paraphe.subscriptions set plan_id = 'entreprise', status = 'active' where company_id = $1`, [owner])
    ),
    'nobody upgrades themselves'
  )
})
