// « Double authentification exigée de toute l’équipe » (Entreprise), on both engines: the owner
// turns it on only from a session that proved a second factor and on a plan that offers it; then a
// member whose session did not (aal1) is refused the company's data with the way out, while the
// rule itself stays readable; a session with the second factor goes on.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import type { Database } from '../../src/db/database.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

async function invitationToken(db: Database, to: string): Promise<string> {
  const { rows } = await db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
    [to]
  )
  const token = /token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1]
  if (token === undefined) throw new Error(`no invitation e-mail to ${to}`)
  return token
}

async function join(t: Test, app: FastifyInstance, db: Database, owner: TestUser): Promise<TestUser> {
  const email = `membre-${randomUUID().slice(0, 8)}@example.fr`
  t.equal((await owner.request('POST', '/api/company/invitations', { email })).statusCode, 201)
  const member = await newUser(app, email)
  t.equal((await member.request('POST', '/api/invitations/accept', { token: await invitationToken(db, email) })).statusCode, 200)
  return member
}

const codeOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string } }).error

forEachEngine('the owner requires a second factor of the whole team', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const owner = await newUser(app)
  await subscribe(db, owner.id, 'entreprise')
  const member = await join(t, app, db, owner)

  const off = await owner.request('GET', '/api/company/two-factor')
  t.same(off.json(), { requireTwoFactor: false, available: true, signedInWithSecondFactor: false, canChange: true })
  const notProved = await owner.request('PUT', '/api/company/two-factor', { required: true })
  t.equal(notProved.statusCode, 403, 'not from a session with the password alone')
  t.equal(codeOf(notProved).code, 'two_factor_required')
  t.equal((await member.request('PUT', '/api/company/two-factor', { required: true })).statusCode, 403, 'the owner’s decision')

  const ownerAal2 = await newUser(app, owner.email, { aal: 'aal2', id: owner.id })
  const on = await ownerAal2.request('PUT', '/api/company/two-factor', { required: true })
  t.same(on.json(), { requireTwoFactor: true, available: true, signedInWithSecondFactor: true, canChange: true })

  const refused = await member.request('GET', '/api/quotes')
  t.equal(refused.statusCode, 403, 'a member without the second factor is kept from the data')
  t.equal(codeOf(refused).code, 'two_factor_required')
  t.match(codeOf(refused).message, /Sécurité/)
  t.equal((await owner.request('GET', '/api/quotes')).statusCode, 403, 'the owner too, with the password alone')
  t.same((await member.request('GET', '/api/company/two-factor')).json(), {
    requireTwoFactor: true,
    available: true,
    signedInWithSecondFactor: false,
    canChange: false
  })
  const memberAal2 = await newUser(app, member.email, { aal: 'aal2', id: member.id })
  t.equal((await memberAal2.request('GET', '/api/quotes')).statusCode, 200, 'with the second factor, the data opens')

  t.same(
    (await ownerAal2.request('PUT', '/api/company/two-factor', { required: false })).json<{ requireTwoFactor: boolean }>().requireTwoFactor,
    false
  )
  t.equal((await member.request('GET', '/api/quotes')).statusCode, 200, 'turned off, the password is enough again')

  const pro = await newUser(app, undefined, { aal: 'aal2' })
  await subscribe(db, pro.id, 'pro')
  const offered = await pro.request('PUT', '/api/company/two-factor', { required: true })
  t.equal(offered.statusCode, 403, 'only on a plan that offers it')
  t.equal(codeOf(offered).code, 'plan_feature_required')
})
