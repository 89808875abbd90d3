import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { testDatabase } from '../support/databases.js'
import { COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'
import { billingApp, type ErrorJson } from './billing-app.js'

const db = await testDatabase('pglite')
const { app, stripe, deliver } = await billingApp(db)
const today = parisIsoDate(new Date())

t.test('the 4th quote of the month on Découverte is refused; after the Pro subscription event it goes through', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const sendNew = async () => {
    const draft = (await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    return user.request('POST', `/api/quotes/${draft.id}/send`)
  }
  for (let index = 0; index < 3; index += 1) t.equal((await sendNew()).statusCode, 200)
  const refused = await sendNew()
  t.equal(refused.statusCode, 403)
  t.equal(refused.json<ErrorJson>().error.code, 'plan_limit')
  t.match(refused.json<ErrorJson>().error.message, /Découverte.*3 devis par mois.*\/tarifs/)
  const usage = (await user.request('GET', '/api/billing/subscription')).json<{
    usage: { quotesSentThisMonth: number; quotesPerMonth: number | null }
  }>().usage
  t.same(usage, { quotesSentThisMonth: 3, quotesPerMonth: 3 })

  const { url } = (await user.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'year' })).json<{ url: string }>()
  const [, created] = stripe.completeSession(url.split('/').at(-1) as string)
  t.equal((await deliver(created!)).statusCode, 200, 'customer.subscription.created alone upgrades the account')
  const accepted = await sendNew()
  t.equal(accepted.statusCode, 200)
  const after = (await user.request('GET', '/api/billing/subscription')).json<{
    plan: { id: string }
    interval: string
    usage: { quotesPerMonth: number | null }
  }>()
  t.equal(after.plan.id, 'pro')
  t.equal(after.interval, 'year')
  t.equal(after.usage.quotesPerMonth, null, 'unlimited')
})
