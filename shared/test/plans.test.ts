import t from 'tap'
import { FREE_PLAN_ID, PLANS, findPlan, isPaidPlan, planPriceTtcCents, yearlySavingHtCents } from '../src/plans.js'

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
