// Companies with members, on PGlite and PostgreSQL 15: members share their company's quotes and
// never see another company's; a removed member loses access at the next request; the plans'
// seats hold; invitation links are hashed, single use, bound to their address and expire; the
// owner can hand over the company with its billing; a downgrade leaves extra members read-only.
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Database } from '../../src/db/database.js'
import { asMember } from '../support/as-member.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

const claimsOf = (user: TestUser) => ({ sub: user.id, email: user.email, role: 'authenticated' as const })

async function setUp(t: Test, db: Database): Promise<{ app: FastifyInstance; owner: TestUser }> {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const owner = await newUser(app)
  t.equal((await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200, 'the owner fills the profile')
  await subscribe(db, owner.id, 'entreprise')
  return { app, owner }
}

/** The link's token, read from the queued e-mail (no SMTP in these tests: it stays in the outbox). */
async function invitationToken(db: Database, to: string): Promise<string> {
  const { rows } = await db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
    [to]
  )
  const token = /token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1]
  if (token === undefined) throw new Error(`no invitation e-mail to ${to}`)
  return token
}

async function join(app: FastifyInstance, db: Database, owner: TestUser, t: Test): Promise<TestUser> {
  const email = `membre-${randomUUID().slice(0, 8)}@example.fr`
  t.equal((await owner.request('POST', '/api/company/invitations', { email })).statusCode, 201, `${email} invited`)
  const member = await newUser(app, email)
  const accepted = await member.request('POST', '/api/invitations/accept', { token: await invitationToken(db, email) })
  t.equal(accepted.statusCode, 200, `${email} joins`)
  return member
}

async function draft(user: TestUser): Promise<string> {
  const response = await user.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })
  return response.json<{ quote: { id: string } }>().quote.id
}

forEachEngine('members share their company’s quotes and never see another company’s', async (t, db) => {
  const { app, owner } = await setUp(t, db)
  const ownersQuote = await draft(owner)
  const member = await join(app, db, owner, t)
  const outsider = await newUser(app)
  const outsidersQuote = await draft(outsider)

  t.equal((await member.request('GET', `/api/quotes/${ownersQuote}`)).statusCode, 200, 'the member opens the owner’s quote')
  const membersQuote = await draft(member)
  const sent = await member.request('POST', `/api/quotes/${membersQuote}/send`)
  t.equal(sent.statusCode, 200, 'the member sends a quote of the company')
  t.match(sent.json<{ quote: { number: string } }>().quote.number, /^DEV-\d{4}-0001$/, 'numbered in the company’s sequence')
  const ownerList = (await owner.request('GET', '/api/quotes')).json<{ quotes: Array<{ id: string }> }>()
  t.same(ownerList.quotes.map((quote) => quote.id).sort(), [ownersQuote, membersQuote].sort(), 'the owner lists both quotes')
  t.equal(
    (await member.request('GET', `/api/quotes/${outsidersQuote}`)).statusCode,
    404,
    'another company’s quote does not exist for the member'
  )
  t.equal((await outsider.request('GET', `/api/quotes/${membersQuote}`)).statusCode, 404, 'nor the company’s for the outsider')

  // Through SQL, as `authenticated`: the policies hold whatever the query.
  const seen = await asMember(db, claimsOf(member), (tx) => tx.query<{ id: string }>('select id from paraphe.quotes'))
  t.same(seen.rows.map((row) => row.id).sort(), [ownersQuote, membersQuote].sort(), 'SQL: the member counts the company’s quotes only')
  const forged = asMember(db, claimsOf(outsider), (tx) =>
    tx.query(`insert into paraphe.quotes (company_id, content) values ($1, '{}')`, [owner.id])
  )
  await t.rejects(forged, 'SQL: nobody writes into another company')
  const events = await db.query<{ actor_id: string | null }>(
    `select actor_id from paraphe.quote_events where quote_id = $1 and type = 'sent'`,
    [membersQuote]
  )
  t.same(events.rows, [{ actor_id: member.id }], 'the event records which member sent it')

  const team = (await member.request('GET', '/api/company')).json<{
    members: Array<{ email: string; role: string }>
    invitations: unknown[]
  }>()
  t.same(
    team.members.map((one) => one.role),
    ['owner', 'member'],
    'the team lists the owner first'
  )
  t.same(team.invitations, [], 'invitations are the owner’s')
  t.equal((await member.request('POST', '/api/company/invitations', { email: 'x@example.fr' })).statusCode, 403, 'a member does not invite')
  const billing = await member.request('POST', '/api/billing/portal')
  t.equal(billing.statusCode, 403, 'nor manage billing')
  t.match(billing.json(), { error: { code: 'owner_only', message: /Seul le propriétaire/ } })
  t.equal(
    (await member.request('POST', '/api/billing/checkout', { plan: 'pro', interval: 'month' })).statusCode,
    403,
    'nor choose the plan'
  )
  t.equal(
    (await member.request('GET', '/api/billing/subscription')).json<{ canManage: boolean }>().canManage,
    false,
    'the subscription page says who manages it'
  )
  t.equal((await owner.request('GET', '/api/billing/subscription')).json<{ canManage: boolean }>().canManage, true)
})

forEachEngine('a removed member loses access at the next request; a member can leave', async (t, db) => {
  const { app, owner } = await setUp(t, db)
  const quote = await draft(owner)
  const member = await join(app, db, owner, t)
  t.equal((await member.request('GET', `/api/quotes/${quote}`)).statusCode, 200)
  t.equal((await owner.request('DELETE', `/api/company/members/${member.id}`)).statusCode, 204, 'the owner removes the member')
  t.equal((await member.request('GET', `/api/quotes/${quote}`)).statusCode, 404, 'the same token no longer opens the quote')
  t.same(
    (await member.request('GET', '/api/quotes')).json<{ quotes: unknown[] }>().quotes,
    [],
    'they start over with an empty company of their own'
  )
  t.equal((await owner.request('DELETE', `/api/company/members/${owner.id}`)).statusCode, 409, 'the owner cannot remove themself')

  const leaver = await join(app, db, owner, t)
  t.equal((await leaver.request('POST', '/api/company/leave')).statusCode, 204, 'a member leaves')
  t.equal((await leaver.request('GET', `/api/quotes/${quote}`)).statusCode, 404)
  const ownerLeaves = await owner.request('POST', '/api/company/leave')
  t.equal(ownerLeaves.statusCode, 409)
  t.match(ownerLeaves.json(), { error: { message: /transférez d’abord la propriété/ } }, 'the owner is told to transfer first')
})

forEachEngine('seats: the plan’s count holds, owner and pending invitations included', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const solo = await newUser(app)
  await subscribe(db, solo.id, 'pro')
  const refused = await solo.request('POST', '/api/company/invitations', { email: 'collegue@example.fr' })
  t.equal(refused.statusCode, 403, 'Pro has one user')
  t.match(refused.json(), {
    error: {
      code: 'plan_seats',
      message: /formule Pro compte un seul utilisateur.*Entreprise/,
      upgrade: { planId: 'entreprise', url: /^https?:\/\/.+\/tarifs$/ }
    }
  })

  const { owner } = await setUp(t, db)
  const invited: Array<{ id: string }> = []
  for (let index = 1; index <= 4; index++) {
    const response = await owner.request('POST', '/api/company/invitations', { email: `place-${index}@example.fr` })
    t.equal(response.statusCode, 201, `invitation ${index} (seat ${index + 1} of 5)`)
    invited.push(response.json<{ id: string }>())
  }
  const sixth = await owner.request('POST', '/api/company/invitations', { email: 'place-5@example.fr' })
  t.equal(sixth.statusCode, 403, 'the 6th seat is refused')
  t.match(sixth.json(), { error: { code: 'seats_full', message: /5 utilisateurs.*toutes les places sont prises/ } })
  t.equal(
    (await owner.request('POST', '/api/company/invitations', { email: 'PLACE-1@example.fr' })).statusCode,
    409,
    'an address already invited is told to re-send'
  )
  t.equal((await owner.request('POST', '/api/company/invitations', { email: 'pas-une-adresse' })).statusCode, 400)
  for (const malformed of ['%00', 'pas-un-id', "1'%20or%20'1'='1"]) {
    t.equal((await owner.request('DELETE', `/api/company/invitations/${malformed}`)).statusCode, 404, `invitation ${malformed}: 404`)
    t.equal((await owner.request('POST', `/api/company/invitations/${malformed}/resend`)).statusCode, 404)
    t.equal((await owner.request('DELETE', `/api/company/members/${malformed}`)).statusCode, 404, `member ${malformed}: 404`)
  }
  t.match(
    (await owner.request('POST', '/api/company/transfer', { userId: '\u0000' })).json(),
    { error: { fields: { userId: 'Ce texte contient un caractère invalide.' } } },
    'a member id holding a NUL is refused on its field (no text column can store one)'
  )
  t.equal(
    (await owner.request('POST', '/api/company/transfer', { userId: 'pas-un-id' })).statusCode,
    404,
    'a malformed member id is one that does not exist'
  )
  t.equal((await owner.request('DELETE', `/api/company/invitations/${invited[0]?.id}`)).statusCode, 204, 'an invitation cancelled')
  t.equal((await owner.request('POST', '/api/company/invitations', { email: 'place-5@example.fr' })).statusCode, 201, 'frees its seat')
  const team = (await owner.request('GET', '/api/company')).json<{ seats: { members: number; pending: number; seats: number } }>()
  t.same(team.seats, { members: 1, pending: 4, seats: 5 })
})

forEachEngine('invitation links: stored hashed, bound to their address, single use, expiring, renewed by a re-send', async (t, db) => {
  const { app, owner } = await setUp(t, db)
  const email = 'nouvelle@example.fr'
  const created = (await owner.request('POST', '/api/company/invitations', { email })).json<{ id: string }>()
  const token = await invitationToken(db, email)
  const stored = await db.query<{ token_hash: Buffer }>('select token_hash from paraphe.company_invitations where id = $1', [created.id])
  t.same(stored.rows[0]?.token_hash, createHash('sha256').update(token).digest(), 'only the SHA-256 of the token is stored')
  const dump = JSON.stringify((await db.query('select * from paraphe.company_invitations')).rows)
  t.notOk(dump.includes(token), 'the invitations table holds no usable link')

  const view = await app.inject({ url: `/api/invitations/${token}` })
  t.same(
    view.json(),
    { companyName: COMPLETE_PROFILE.companyName, email, invitedBy: owner.email, state: 'open' },
    'the link shows who invites, to which company, and the invited address, without signing in'
  )
  t.equal((await app.inject({ url: `/api/invitations/${'x'.repeat(43)}` })).statusCode, 404)

  const stranger = await newUser(app)
  const wrong = await stranger.request('POST', '/api/invitations/accept', { token })
  t.equal(wrong.statusCode, 403, 'another address cannot use the link')
  t.match(wrong.json(), { error: { code: 'invitation_wrong_email' } })

  // Expired: refused; a re-send makes a new link and voids the old one.
  await db.query(
    `update paraphe.company_invitations set expires_at = now() - interval '1 minute', sent_at = now() - interval '8 days' where id = $1`,
    [created.id]
  )
  const invitee = await newUser(app, email)
  const expired = await invitee.request('POST', '/api/invitations/accept', { token })
  t.equal(expired.statusCode, 410)
  t.match(expired.json(), { error: { code: 'invitation_expired', message: /expiré/ } })
  t.equal((await owner.request('POST', `/api/company/invitations/${created.id}/resend`)).statusCode, 200, 're-sent')
  t.equal((await owner.request('POST', `/api/company/invitations/${created.id}/resend`)).statusCode, 429, 'not twice within a minute')
  const renewed = await invitationToken(db, email)
  t.not(renewed, token, 'a new link')
  t.equal((await invitee.request('POST', '/api/invitations/accept', { token })).statusCode, 404, 'the old link no longer exists')
  t.equal((await invitee.request('POST', '/api/invitations/accept', { token: renewed })).statusCode, 200, 'the new one works')
  t.equal((await invitee.request('POST', '/api/company/leave')).statusCode, 204)
  const again = await invitee.request('POST', '/api/invitations/accept', { token: renewed })
  t.equal(again.statusCode, 410, 'used once only')
  t.match(again.json(), { error: { code: 'invitation_used' } })

  // Someone with their own quotes cannot fold them into another company.
  const busy = await newUser(app, 'occupe@example.fr')
  await draft(busy)
  await owner.request('POST', '/api/company/invitations', { email: 'occupe@example.fr' })
  const refused = await busy.request('POST', '/api/invitations/accept', { token: await invitationToken(db, 'occupe@example.fr') })
  t.equal(refused.statusCode, 409)
  t.match(refused.json(), { error: { code: 'has_own_company' } })
})

forEachEngine('ownership transfer keeps billing working; a downgrade leaves extra members read-only', async (t, db) => {
  const { app, owner } = await setUp(t, db)
  await db.query(`insert into paraphe.billing_customers (company_id, stripe_customer_id, email) values ($1, 'cus_transfer', $2)`, [
    owner.id,
    owner.email
  ])
  const member = await join(app, db, owner, t)
  const second = await join(app, db, owner, t)
  t.equal((await owner.request('POST', '/api/company/transfer', { userId: randomUUID() })).statusCode, 404, 'only to a member')
  t.equal((await owner.request('POST', '/api/company/transfer', { userId: member.id })).statusCode, 204, 'transferred')
  const customers = (user: TestUser) =>
    asMember(db, claimsOf(user), (tx) =>
      tx.query<{ stripe_customer_id: string }>('select stripe_customer_id from paraphe.billing_customers')
    )
  t.same((await customers(member)).rows, [{ stripe_customer_id: 'cus_transfer' }], 'the new owner reaches the company’s Stripe customer')
  t.same((await customers(owner)).rows, [], 'the former owner no longer does')
  const subscription = (await member.request('GET', '/api/billing/subscription')).json<{ plan: { id: string } }>()
  t.equal(subscription.plan.id, 'entreprise', 'the subscription stays the company’s')
  t.equal((await owner.request('POST', '/api/billing/portal')).statusCode, 403, 'billing is now the new owner’s')

  // Downgraded to Pro (1 user) with 3 members: members read, the owner still writes.
  await subscribe(db, owner.id, 'pro') // the company's id is its first owner's user id
  const quote = await draft(member)
  t.equal((await second.request('GET', `/api/quotes/${quote}`)).statusCode, 200, 'an extra member still reads')
  const write = await second.request('POST', '/api/quotes', { content: {} })
  t.equal(write.statusCode, 403, 'but does not write')
  t.match(write.json(), { error: { code: 'seats_exceeded', message: /plus de membres que sa formule Pro/ } })
  t.equal((await second.request('GET', '/api/company')).json<{ readOnly: boolean }>().readOnly, true, 'the team page says so')
  t.equal((await member.request('POST', '/api/quotes', { content: {} })).statusCode, 201, 'the owner still writes')
  t.equal((await second.request('POST', '/api/company/leave')).statusCode, 204, 'a read-only member can still leave')
})
