// The plans table, walked: for every limit of every plan, what the API answers to an account on
// that plan. A limit added to PlanLimits without its check here fails the typecheck (the Record
// below) and this test (the keys are compared at run time), so nothing is sold unenforced.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { parisIsoDate } from '@paraphe/shared/dates'
import { PLANS, planWith, teamPlan, unlimitedPlan, type Plan, type PlanLimits } from '@paraphe/shared/plans'
import type { Quote } from '@paraphe/shared/quote'
import type { Database } from '../../src/db/database.js'
import { sendDueReminders } from '../../src/quotes/quote-jobs.js'
import { forEachEngine } from '../support/databases.js'
import { pdfImages } from '../support/pdf-text.js'
import { makePng } from '../pdf/quote-fixtures.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

interface Walk {
  t: Test
  db: Database
  app: FastifyInstance
  plan: Plan
  user: TestUser
}
type ErrorJson = { error: { code: string; message: string; upgrade?: { planId: string; planName: string; url: string } } }

const today = parisIsoDate(new Date())

async function draft(user: TestUser, content: Record<string, unknown> = {}): Promise<Quote> {
  return (await user.request('POST', '/api/quotes', { content: { ...completeContent(today), ...content } })).json<{ quote: Quote }>().quote
}

/** The refusal names the plan that has what was asked, and links to the pricing page by its full address. */
function assertUpgrade(t: Test, walk: Walk, body: ErrorJson, offered: Plan) {
  t.equal(body.error.upgrade?.planId, offered.id, `${walk.plan.id}: the refusal offers ${offered.name}`)
  t.equal(body.error.upgrade?.url, new URL('/tarifs', walk.app.config.publicUrl).href, 'an absolute link to /tarifs')
  t.ok(
    body.error.message.includes(`formule ${offered.name}`) && body.error.message.includes(body.error.upgrade?.url ?? '?'),
    'the message says it too'
  )
}

const checks: Record<keyof PlanLimits, (walk: Walk) => Promise<void>> = {
  async signerEmailCode(walk) {
    const { t, plan, user } = walk
    const quote = await draft(user, { requireEmailCode: true })
    const sent = await user.request('POST', `/api/quotes/${quote.id}/send`)
    if (plan.limits.signerEmailCode) {
      t.equal(sent.statusCode, 200, `${plan.id}: sent with the e-mail code`)
      return
    }
    t.equal(sent.statusCode, 403, `${plan.id}: the e-mail code is refused`)
    t.equal(sent.json<ErrorJson>().error.code, 'plan_feature_required')
    assertUpgrade(t, walk, sent.json<ErrorJson>(), planWith('signerEmailCode'))
    t.equal((await user.request('GET', `/api/quotes/${quote.id}`)).json<{ quote: Quote }>().quote.status, 'draft', 'nothing was sent')
  },

  async logo({ t, db, plan, user, app }) {
    const upload = await app.inject({
      method: 'PUT',
      url: '/api/profile/logo',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'image/png' },
      payload: Buffer.from(makePng(120, 40))
    })
    t.equal(upload.statusCode, 200, `${plan.id}: the logo is kept (printed once the plan includes it)`)
    const quote = await draft(user)
    const images = async () =>
      (await pdfImages((await user.request('GET', `/api/quotes/${quote.id}/pdf`)).rawPayload)).filter((image) => image.type === 'image')
        .length
    t.equal(await images(), plan.limits.logo ? 1 : 0, `${plan.id}: logo on the draft's PDF`)
    const sent = await user.request('POST', `/api/quotes/${quote.id}/send`)
    t.equal(sent.statusCode, 200)
    t.equal(await images(), plan.limits.logo ? 1 : 0, `${plan.id}: logo on the sent quote's PDF`)
    const token = new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') ?? ''
    t.equal(
      (await app.inject({ url: `/api/sign/${token}` })).json<{ hasLogo: boolean }>().hasLogo,
      plan.limits.logo,
      `${plan.id}: logo in the signing page's header`
    )
    const served = await app.inject({ url: `/api/sign/${token}/logo` })
    t.equal(served.statusCode, plan.limits.logo ? 200 : 404, `${plan.id}: the logo served by the link`)
    if (plan.limits.logo) t.same(served.rawPayload, Buffer.from(makePng(120, 40)), 'the bytes frozen at sending')
    const { rows } = await db.query<{ html_body: string; attachments: Array<{ cid?: string; contentType: string }> }>(
      `select html_body, attachments from paraphe.outbox where company_id = $1 and kind = 'signing-request'`,
      [user.id]
    )
    const email = rows.at(-1)
    t.equal(email?.html_body.includes('src="cid:logo@paraphe"'), plan.limits.logo, `${plan.id}: logo in the e-mail to the client`)
    t.same(
      email?.attachments.map((attachment) => [attachment.cid, attachment.contentType]),
      plan.limits.logo ? [['logo@paraphe', 'image/png']] : []
    )
  },

  async automaticReminders({ t, db, app, plan, user }) {
    const quote = await draft(user)
    t.equal((await user.request('POST', `/api/quotes/${quote.id}/send`)).statusCode, 200)
    await db.query(`update paraphe.quotes set sent_at = now() - interval '4 days' where id = $1`, [quote.id])
    await sendDueReminders({ db, config: app.config, log: app.log, certificate: app.sealCertificate, wake: app.queueWake })
    const { rows } = await db.query<{ sent: number }>(
      `select count(*)::int as sent from paraphe.outbox where company_id = $1 and kind = 'quote-reminder'`,
      [user.id]
    )
    t.equal(rows[0]?.sent, plan.limits.automaticReminders ? 1 : 0, `${plan.id}: automatic reminder 3 days after sending`)
  },

  async quotesPerMonth(walk) {
    const { t, plan, user } = walk
    const limit = plan.limits.quotesPerMonth
    // Beyond every finite quota of the table: an unlimited plan must go past all of them.
    const attempts = Math.max(...PLANS.map((other) => other.limits.quotesPerMonth ?? 0)) + 1
    const answers: number[] = []
    for (let index = 0; index < attempts; index += 1)
      answers.push((await user.request('POST', `/api/quotes/${(await draft(user)).id}/send`)).statusCode)
    const expected = Array.from({ length: attempts }, (_, index) => (limit === null || index < limit ? 200 : 403))
    t.same(answers, expected, `${plan.id}: ${limit ?? 'no'} quota`)
    const usage = (await user.request('GET', '/api/billing/subscription')).json<{
      usage: { quotesSentThisMonth: number; quotesPerMonth: number | null }
    }>().usage
    t.same(usage, { quotesSentThisMonth: limit ?? attempts, quotesPerMonth: limit }, 'the counter the workspace shows')
    if (limit === null) return
    const refused = await user.request('POST', `/api/quotes/${(await draft(user)).id}/send`)
    t.equal(refused.json<ErrorJson>().error.code, 'plan_limit')
    assertUpgrade(t, walk, refused.json<ErrorJson>(), unlimitedPlan())
  },

  /** Keys are created on a plan with the API only (test/api-v1 goes further). */
  async api(walk) {
    const { t, plan, user } = walk
    const created = await user.request('POST', '/api/company/api-keys', { name: 'ERP', scopes: ['read', 'write'] })
    if (plan.limits.api) {
      t.equal(created.statusCode, 201, `${plan.id}: an API key is created`)
      const listed = await walk.app.inject({
        url: '/api/v1/quotes',
        headers: { authorization: `Bearer ${created.json<{ secret: string }>().secret}` }
      })
      t.equal(listed.statusCode, 200, `${plan.id}: the key reads the public API`)
      return
    }
    t.equal(created.statusCode, 403, `${plan.id}: no API key`)
    t.equal(created.json<ErrorJson>().error.code, 'plan_feature_required')
    assertUpgrade(t, walk, created.json<ErrorJson>(), planWith('api'))
    t.same(
      (await user.request('GET', '/api/company/api-keys')).json(),
      { keys: [], apiIncluded: false },
      'nothing was created, and the page knows why'
    )
  },

  /** The whole team's second factor: required on Entreprise from a session with one, refused elsewhere (company/team-two-factor.test.ts goes further). */
  async teamTwoFactor(walk) {
    const { t, plan, user, app } = walk
    const proved = await newUser(app, user.email, { aal: 'aal2', id: user.id })
    const set = await proved.request('PUT', '/api/company/two-factor', { required: true })
    if (plan.limits.teamTwoFactor) {
      t.equal(set.statusCode, 200, `${plan.id}: the second factor is required of the team`)
      // Off again: the walk's other checks sign in with the password alone.
      t.equal((await proved.request('PUT', '/api/company/two-factor', { required: false })).statusCode, 200)
      return
    }
    t.equal(set.statusCode, 403, `${plan.id}: the team's second factor cannot be required`)
    t.equal(set.json<ErrorJson>().error.code, 'plan_feature_required')
    assertUpgrade(t, walk, set.json<ErrorJson>(), planWith('teamTwoFactor'))
  },

  /** The company's own sender address: set on Entreprise (its confirmation sent), refused elsewhere (company-sender.test.ts goes further). */
  async customSender(walk) {
    const { t, plan, user } = walk
    const set = await user.request('PUT', '/api/company/sender', { address: `devis@${plan.id}-plomberie.fr` })
    if (plan.limits.customSender) {
      t.equal(set.statusCode, 200, `${plan.id}: a sender address is set`)
      t.equal(
        set.json<{ sender: { state: string } }>().sender.state,
        'awaiting-confirmation',
        `${plan.id}: it waits for its confirmation link`
      )
      return
    }
    t.equal(set.statusCode, 403, `${plan.id}: no sender address of its own`)
    t.equal(set.json<ErrorJson>().error.code, 'plan_feature_required')
    assertUpgrade(t, walk, set.json<ErrorJson>(), planWith('customSender'))
    t.match(
      (await user.request('GET', '/api/company/sender')).json(),
      { sender: null, included: false },
      'nothing was set, and the page knows why'
    )
  },

  /** Invitations fill the seats, the owner's included; the next one is refused (company/members.test.ts goes further). */
  async seats(walk) {
    const { t, plan, user } = walk
    for (let seat = 2; seat <= plan.limits.seats; seat++) {
      t.equal(
        (await user.request('POST', '/api/company/invitations', { email: `place-${seat}@example.fr` })).statusCode,
        201,
        `${plan.id}: seat ${seat} invited`
      )
    }
    const refused = await user.request('POST', '/api/company/invitations', { email: 'une-de-trop@example.fr' })
    t.equal(refused.statusCode, 403, `${plan.id}: no seat ${plan.limits.seats + 1}`)
    const body = refused.json<ErrorJson>()
    if (plan.limits.seats > 1) t.equal(body.error.code, 'seats_full', 'a full team')
    else {
      t.equal(body.error.code, 'plan_seats', 'a one-user plan')
      assertUpgrade(t, walk, body, teamPlan())
    }
  }
}

t.test('every limit of the plans table has its check in this walk', async (t) => {
  for (const plan of PLANS) t.same(Object.keys(plan.limits).sort(), Object.keys(checks).sort(), plan.id)
})

forEachEngine('the API enforces each limit of each plan', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  for (const plan of PLANS) {
    for (const [limit, check] of Object.entries(checks)) {
      await t.test(`${plan.name}: ${limit}`, async (t) => {
        const user = await newUser(app)
        if (plan.id !== 'decouverte') await subscribe(db, user.id, plan.id)
        await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
        await check({ t, db, app, plan, user })
      })
    }
  }
})
