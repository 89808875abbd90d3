import { randomUUID } from 'node:crypto'
import { PAID_STATUSES } from '../../src/plans/paid-statuses.js'
import { planAllowsSql, plansWith } from '../../src/plans/plan-sql.js'
import { forEachEngine } from '../support/databases.js'

forEachEngine('the paid statuses are the same list in SQL and in TypeScript', async (t, db) => {
  const { rows } = await db.query<{ statuses: string[] }>('select paraphe.paid_statuses() as statuses')
  t.same(rows[0]?.statuses, [...PAID_STATUSES])
})

forEachEngine('« the plan allows X » in SQL follows the plan and its status, as a downgrade or a lapsed card would', async (t, db) => {
  const allows = async (companyId: string, plans: readonly string[]) =>
    (await db.query<{ allowed: boolean }>(`select ${planAllowsSql('$1::uuid', '$2')} as allowed`, [companyId, plans])).rows[0]?.allowed
  const company = randomUUID()
  await db.query('insert into paraphe.companies (id) values ($1)', [company])
  t.equal(await allows(company, plansWith('api')), false, 'no subscription: the free plan, no API')

  await db.query(`insert into paraphe.subscriptions (company_id, plan_id, status) values ($1, 'entreprise', 'past_due')`, [company])
  t.equal(await allows(company, plansWith('api')), true, 'Entreprise while Stripe retries the card: still allowed')
  t.equal(await allows(company, plansWith('automaticReminders')), true)

  await db.query(`update paraphe.subscriptions set plan_id = 'pro', status = 'active' where company_id = $1`, [company])
  t.equal(await allows(company, plansWith('api')), false, 'down to Pro: no API, hence no webhooks')

  await db.query(`update paraphe.subscriptions set plan_id = 'entreprise', status = 'canceled' where company_id = $1`, [company])
  t.equal(await allows(company, plansWith('api')), false, 'a cancelled subscription allows nothing')
})
