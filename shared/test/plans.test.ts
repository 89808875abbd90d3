import t from 'tap'
import {
  FREE_PLAN_ID,
  PAID_PLAN_IDS,
  PLAN_FEATURES,
  PLANS,
  findPlan,
  isPaidPlan,
  planAllows,
  planPriceTtcCents,
  planWith,
  quotaText,
  quotesLeft,
  unlimitedPlan,
  yearlySavingHtCents,
  type Plan
} from '../src/plans.js'
import { canRemindAt, nextReminderAt } from '../src/reminders.js'

t.test('the plans of the product specification', async (t) => {
  t.same(
    PLANS.map((plan) => [plan.name, plan.priceHtCents.month, plan.priceHtCents.year]),
    [
      ['Découverte', 0, 0],
      ['Pro', 1400, 14000],
      ['Entreprise', 3900, 39000]
    ]
  )
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

t.test('one gating rule: planAllows, the plan a badge names, the quota counter', async (t) => {
  const [free, pro, entreprise] = PLANS as [Plan, Plan, Plan]
  // The API, the own sender address and the team's second factor are Entreprise's alone; every other feature comes with Pro.
  const firstPlan = (feature: string) => (['api', 'customSender', 'teamTwoFactor'].includes(feature) ? 'entreprise' : 'pro')
  for (const feature of PLAN_FEATURES) {
    t.equal(planAllows(free, feature), false, `${feature} is not free`)
    t.equal(planAllows(pro, feature), firstPlan(feature) === 'pro', `${feature} in Pro or not`)
    t.equal(planAllows(entreprise, feature), true, `${feature} stays in Entreprise`)
    t.equal(planWith(feature).id, firstPlan(feature), `the « ${firstPlan(feature)} » badge for ${feature}`)
  }
  t.equal(unlimitedPlan().id, 'pro')
  t.equal(quotaText(free, 2), '2 devis envoyés sur 3 ce mois-ci')
  t.equal(quotaText(free, 1), '1 devis envoyé sur 3 ce mois-ci')
  t.equal(quotaText(pro, 40), null, 'nothing to count on an unlimited plan')
  t.same([quotesLeft(free, 2), quotesLeft(free, 3), quotesLeft(free, 5), quotesLeft(pro, 99)], [1, 0, 0, null])
})

t.test('sell only what ships: the API on the plans that have it, no custom sender until it is built', async (t) => {
  for (const plan of PLANS) {
    t.notOk('customEmailSender' in plan.limits, plan.id)
    t.notMatch(plan.features.join('\n'), /expédition/, plan.id)
    t.equal(
      plan.features.some((feature) => feature.startsWith('Accès à l’API')),
      plan.limits.api,
      `${plan.id}: « Accès à l’API » exactly with the API`
    )
  }
})

t.test('invoices the law requires are in every plan, never a gated feature', async (t) => {
  t.notOk(
    PLAN_FEATURES.some((feature) => /invoice/i.test(feature)),
    'no plan feature gates invoices'
  )
  const free = PLANS[0]
  t.match(free?.features.join('\n'), /Factures Factur-X.*dans toutes les formules/, 'the free plan says it, and the others contain it')
})

t.test('the reminder rule: not twice within 20 hours', async (t) => {
  const last = new Date('2026-11-21T12:00:00Z')
  t.equal(nextReminderAt(last)?.toISOString(), '2026-11-22T08:00:00.000Z')
  t.equal(nextReminderAt(null), null)
  t.equal(canRemindAt(null, last), true)
  t.equal(canRemindAt(last, new Date('2026-11-22T07:59:59Z')), false)
  t.equal(canRemindAt(last, new Date('2026-11-22T08:00:00Z')), true)
})
