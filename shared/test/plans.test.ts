import t from 'tap'
import { FREE_PLAN_ID, PAID_PLAN_IDS, PLANS, findPlan, isPaidPlan, planPriceTtcCents, yearlySavingHtCents } from '../src/plans.js'

t.test('the plans of the product specification', async (t) => {
  t.same(PLANS.map((plan) => [plan.name, plan.priceHtCents.month, plan.priceHtCents.year]), [
    ['Découverte', 0, 0],
    ['Pro', 1400, 14000],
    ['Entreprise', 3900, 39000]
  ])
  t.equal(findPlan(FREE_PLAN_ID)?.limits.quotesPerMonth, 3)
  t.equal(findPlan('pro')?.limits.quotesPerMonth, null)
  t.equal(findPlan('inconnu'), undefined)
  t.equal(isPaidPlan(PLANS[0]!), false)
  t.equal(isPaidPlan(PLANS[1]!), true)
})

t.test('TTC and yearly saving derive from the HT prices', async (t) => {
  const pro = findPlan('pro')!
  t.equal(planPriceTtcCents(pro, 'month'), 1680)
  t.equal(planPriceTtcCents(pro, 'year'), 16800)
  t.equal(yearlySavingHtCents(pro), 2800, 'two months free')
  t.equal(yearlySavingHtCents(findPlan('entreprise')!), 7800)
})

t.test('the paid plans are exactly those with a price: only they can be bought through Stripe', async (t) => {
  t.same(PAID_PLAN_IDS, ['pro', 'entreprise'])
  for (const plan of PLANS) {
    t.equal(isPaidPlan(plan), plan.priceHtCents.month > 0 && plan.priceHtCents.year > 0, plan.id)
    t.equal(PAID_PLAN_IDS.includes(plan.id as never), isPaidPlan(plan), plan.id)
  }
})
