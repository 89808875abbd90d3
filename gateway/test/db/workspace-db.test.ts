// The rules the database itself enforces, on PGlite and on PostgreSQL 15: whatever query the
// gateway sends as one user, another account's rows do not exist for it.
import { randomUUID } from 'node:crypto'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { asAnonymous, type Database } from '../../src/db/database.js'
import { asMember } from '../support/as-member.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../support/workspace-users.js'

const claims = (sub: string) => ({ sub, email: null, role: 'authenticated' as const })
const today = parisIsoDate(new Date())

async function draftOf(db: Database, userId: string): Promise<string> {
  const { rows } = await asMember(db, claims(userId), (tx) =>
    tx.query<{ id: string }>(`insert into paraphe.quotes (company_id, content) values ($1, '{}') returning id`, [userId])
  )
  return (rows[0] as { id: string }).id
}

forEachEngine('RLS: account A cannot read, count, change or delete account B’s rows through SQL', async (t, db) => {
  const alice = randomUUID()
  const bob = randomUUID()
  const bobQuote = await draftOf(db, bob)
  await draftOf(db, alice)
  await asMember(db, claims(alice), async (tx) => {
    t.equal((await tx.query('select * from paraphe.quotes where id = $1', [bobQuote])).rows.length, 0, 'select by id')
    const counted = await tx.query<{ n: number }>('select count(*) as n from paraphe.quotes')
    t.equal(counted.rows[0]?.n, 1, 'count sees only her own quote')
    t.equal(
      (await tx.query(`update paraphe.quotes set content = '{"x":1}' where id = $1`, [bobQuote])).rowCount,
      0,
      'update touches nothing'
    )
    t.equal((await tx.query('delete from paraphe.quotes where id = $1', [bobQuote])).rowCount, 0, 'delete touches nothing')
  })
  const forged = asMember(db, claims(alice), (tx) => tx.query(`insert into paraphe.quotes (company_id, content) values ($1, '{}')`, [bob]))
  await t.rejects(forged, 'inserting a row in another account’s name is refused')
  t.match(await forged.catch((error: unknown) => error), { code: '42501' }, 'refused by row-level security (SQLSTATE 42501)')
  const moved = asMember(db, claims(bob), (tx) => tx.query('update paraphe.quotes set company_id = $2 where id = $1', [bobQuote, alice]))
  await t.rejects(moved, 'giving a row away is refused')
  const stillThere = await db.query<{ company_id: string }>('select company_id from paraphe.quotes where id = $1', [bobQuote])
  t.equal(stillThere.rows[0]?.company_id, bob, 'Bob’s quote is unchanged')
  await asMember(db, claims(alice), async (tx) => {
    t.equal((await tx.query('select * from paraphe.profiles')).rows.length, 0, 'no other profile visible')
  })
  await t.rejects(
    asMember(db, claims(alice), (tx) => tx.query('select * from paraphe.outbox')),
    'the mail queue is not readable by users'
  )
  await t.rejects(
    asMember(db, claims(alice), (tx) => tx.query('select * from paraphe.contact_messages')),
    'contact messages are not readable by users'
  )
})

forEachEngine('anonymous visitors reach nothing but the contact function', async (t, db) => {
  await t.rejects(asAnonymous(db, (tx) => tx.query('select * from paraphe.quotes')))
  await t.rejects(asAnonymous(db, (tx) => tx.query('select * from paraphe.contact_messages')))
  const { rows } = await asAnonymous(db, (tx) =>
    tx.query<{ id: number }>('select paraphe.submit_contact($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) as id', [
      'Jeanne',
      'jeanne@example.org',
      '',
      '',
      'Question',
      'Bonjour, une question.',
      '127.0.0.1',
      'ops@example.com',
      'Contact',
      'texte',
      '<p>texte</p>'
    ])
  )
  t.type(rows[0]?.id, 'number', 'the message is stored through the function')
  const queued = await db.query<{ recipient: string; reply_to: string }>(
    `select recipient, reply_to from paraphe.outbox where kind = 'contact' order by id desc limit 1`
  )
  t.same(queued.rows[0], { recipient: 'ops@example.com', reply_to: 'jeanne@example.org' }, 'and its e-mail queued in the same transaction')
})

forEachEngine('quote events are append-only, even for the database owner', async (t, db) => {
  const user = randomUUID()
  const quote = await draftOf(db, user)
  await asMember(db, claims(user), (tx) =>
    tx.query(`insert into paraphe.quote_events (quote_id, company_id, type) values ($1, $2, 'sent')`, [quote, user])
  )
  await t.rejects(db.query(`update paraphe.quote_events set type = 'signed' where quote_id = $1`, [quote]), /append-only/)
  await t.rejects(db.query('delete from paraphe.quote_events where quote_id = $1', [quote]), /append-only/)
  const { rows } = await db.query<{ type: string }>('select type from paraphe.quote_events where quote_id = $1', [quote])
  t.same(rows, [{ type: 'sent' }])
})

forEachEngine('a sent quote is frozen by the database too', async (t, db) => {
  const user = randomUUID()
  const quote = await draftOf(db, user)
  await db.query(`update paraphe.quotes set status = 'sent', number = 'DEV-2026-0001' where id = $1`, [quote])
  await t.rejects(db.query(`update paraphe.quotes set content = '{"changed":true}' where id = $1`, [quote]), /frozen/)
  t.equal((await db.query(`update paraphe.quotes set status = 'viewed' where id = $1`, [quote])).rowCount, 1, 'its status still moves on')
})

forEachEngine('20 concurrent sends number quotes 1 to 20: no gap, no duplicate', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const user = await newUser(app)
  await subscribe(db, user.id, 'pro')
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const ids: string[] = []
  for (let index = 0; index < 20; index += 1) {
    const created = await user.request('POST', '/api/quotes', { content: completeContent(today) })
    ids.push(created.json<{ quote: Quote }>().quote.id)
  }
  const responses = await Promise.all(ids.map((id) => user.request('POST', `/api/quotes/${id}/send`)))
  t.same(
    responses.map((response) => response.statusCode),
    ids.map(() => 200)
  )
  const numbers = responses.map((response) => response.json<{ quote: Quote }>().quote.number).sort()
  t.same(
    numbers,
    Array.from({ length: 20 }, (_, index) => `DEV-${today.slice(0, 4)}-${String(index + 1).padStart(4, '0')}`)
  )
})

forEachEngine('on Découverte, 10 concurrent sends let exactly 3 through', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const ids: string[] = []
  for (let index = 0; index < 10; index += 1) {
    ids.push((await user.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote.id)
  }
  const statuses = (await Promise.all(ids.map((id) => user.request('POST', `/api/quotes/${id}/send`)))).map(
    (response) => response.statusCode
  )
  t.equal(statuses.filter((status) => status === 200).length, 3)
  t.equal(statuses.filter((status) => status === 403).length, 7)
})
