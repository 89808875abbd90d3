// The rules French law sets on invoices, as the database itself enforces them on PGlite and on
// PostgreSQL 15, whatever query arrives: an issued invoice never changes nor goes (also for the
// tables' owner), it follows its company's chain, and payments and events are append-only.
import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../../src/db/database.js'
import { asMember } from '../support/as-member.js'
import { forEachEngine } from '../support/databases.js'

const claims = (sub: string) => ({ sub, email: null, role: 'authenticated' as const })
const hash = (seed: string) => seed.repeat(64).slice(0, 64)

async function draft(tx: Queryable, companyId: string): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into paraphe.invoices (company_id, kind, content) values ($1, 'standard', '{}') returning id`,
    [companyId]
  )
  return (rows[0] as { id: string }).id
}

async function issue(
  tx: Queryable,
  id: string,
  fields: { number: string; chainIndex: number; previous: string | null; sha: string; issueDate?: string }
) {
  return tx.query(
    `update paraphe.invoices set status = 'issued', number = $2, chain_index = $3, previous_sha256 = $4, sha256 = $5,
            issue_date = $6, due_date = $6, issued_at = now(), document = '{}', pdf = '\\x25504446', xml = '<x/>'
      where id = $1`,
    [id, fields.number, fields.chainIndex, fields.previous, fields.sha, fields.issueDate ?? '2026-11-26']
  )
}

async function issuedInvoice(db: Database, user: string): Promise<string> {
  return asMember(db, claims(user), async (tx) => {
    const id = await draft(tx, user)
    await issue(tx, id, { number: 'F-2026-0001', chainIndex: 1, previous: null, sha: hash('a') })
    return id
  })
}

forEachEngine('an issued invoice can never be modified or deleted, not even by the tables’ owner', async (t, db) => {
  const user = randomUUID()
  const id = await issuedInvoice(db, user)
  await t.rejects(
    db.query(`update paraphe.invoices set total_ttc_cents = 1 where id = $1`, [id]),
    /can never be modified/,
    'owner’s update refused'
  )
  await t.rejects(
    db.query(`update paraphe.invoices set status = 'draft', number = null where id = $1`, [id]),
    /can never be modified/,
    'back to draft refused'
  )
  await t.rejects(db.query('delete from paraphe.invoices where id = $1', [id]), /can never be deleted/, 'owner’s delete refused')
  await t.rejects(db.query('truncate paraphe.invoices cascade'), /cannot be truncated/, 'truncate refused')
  // The member's policies only reach drafts: the statement touches nothing rather than failing.
  await asMember(db, claims(user), async (tx) => {
    t.equal(
      (await tx.query(`update paraphe.invoices set client_name = 'x' where id = $1`, [id])).rowCount,
      0,
      'member’s update touches nothing'
    )
    t.equal((await tx.query('delete from paraphe.invoices where id = $1', [id])).rowCount, 0, 'member’s delete touches nothing')
  })
  const { rows } = await db.query<{ number: string; total_ttc_cents: string }>(
    'select number, total_ttc_cents from paraphe.invoices where id = $1',
    [id]
  )
  t.equal(rows[0]?.number, 'F-2026-0001', 'still there')
  t.equal(Number(rows[0]?.total_ttc_cents), 0, 'unchanged')
})

forEachEngine('a draft is the member’s to change or delete, another company’s is invisible', async (t, db) => {
  const alice = randomUUID()
  const bob = randomUUID()
  const bobDraft = await asMember(db, claims(bob), (tx) => draft(tx, bob))
  const aliceDraft = await asMember(db, claims(alice), (tx) => draft(tx, alice))
  await asMember(db, claims(alice), async (tx) => {
    t.equal(
      (await tx.query('select id from paraphe.invoices where id = $1', [bobDraft])).rows.length,
      0,
      'Bob’s draft does not exist for Alice'
    )
    t.equal(
      (await tx.query(`update paraphe.invoices set client_name = 'Dupont' where id = $1`, [aliceDraft])).rowCount,
      1,
      'her draft is editable'
    )
    t.equal((await tx.query('delete from paraphe.invoices where id = $1', [aliceDraft])).rowCount, 1, 'and deletable')
  })
  await t.rejects(
    asMember(db, claims(alice), (tx) =>
      tx.query(`insert into paraphe.invoices (company_id, kind, content) values ($1, 'standard', '{}')`, [bob])
    ),
    { code: '42501' },
    'an invoice in another company’s name is refused'
  )
  await t.rejects(
    asMember(db, claims(alice), (tx) =>
      tx.query(`insert into paraphe.invoices (company_id, kind, content, status) values ($1, 'standard', '{}', 'issued')`, [alice])
    ),
    'an invoice cannot be inserted already issued'
  )
})

forEachEngine('issuing follows the company’s chain: next position, previous hash, no earlier date', async (t, db) => {
  const user = randomUUID()
  await issuedInvoice(db, user)
  const second = await asMember(db, claims(user), (tx) => draft(tx, user))
  const attempt = (fields: Parameters<typeof issue>[2]) => asMember(db, claims(user), (tx) => issue(tx, second, fields))
  await t.rejects(
    attempt({ number: 'F-2026-0002', chainIndex: 2, previous: hash('b'), sha: hash('c') }),
    /does not follow/,
    'a wrong previous hash'
  )
  await t.rejects(
    attempt({ number: 'F-2026-0002', chainIndex: 3, previous: hash('a'), sha: hash('c') }),
    /does not follow/,
    'a skipped position'
  )
  await t.rejects(
    attempt({ number: 'F-2026-0002', chainIndex: 1, previous: null, sha: hash('c') }),
    /does not follow/,
    'a second first link'
  )
  await t.rejects(
    attempt({ number: 'F-2026-0002', chainIndex: 2, previous: hash('a'), sha: hash('c'), issueDate: '2026-11-25' }),
    /dated before/,
    'a date before the previous invoice'
  )
  await t.rejects(attempt({ number: 'F-2026-0001', chainIndex: 2, previous: hash('a'), sha: hash('c') }), 'a number already given')
  await attempt({ number: 'F-2026-0002', chainIndex: 2, previous: hash('a'), sha: hash('c') })
  const { rows } = await db.query<{ number: string }>(`select number from paraphe.invoices where company_id = $1 order by chain_index`, [
    user
  ])
  t.same(
    rows.map((row) => row.number),
    ['F-2026-0001', 'F-2026-0002'],
    'the right link is accepted'
  )
})

forEachEngine('payments and events are append-only and belong to issued invoices', async (t, db) => {
  const user = randomUUID()
  const id = await issuedInvoice(db, user)
  const drafted = await asMember(db, claims(user), (tx) => draft(tx, user))
  await t.rejects(
    asMember(db, claims(user), (tx) =>
      tx.query(
        `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means) values ($1, $2, 100, '2026-11-26', 'transfer')`,
        [drafted, user]
      )
    ),
    /issued invoices only/,
    'no payment on a draft'
  )
  await asMember(db, claims(user), async (tx) => {
    await tx.query(
      `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means) values ($1, $2, 100, '2026-11-26', 'transfer')`,
      [id, user]
    )
    await tx.query(`insert into paraphe.invoice_events (invoice_id, company_id, type) values ($1, $2, 'payment_recorded')`, [id, user])
  })
  await t.rejects(
    db.query('update paraphe.invoice_payments set amount_cents = 1 where invoice_id = $1', [id]),
    /append-only/,
    'payment update refused'
  )
  await t.rejects(db.query('delete from paraphe.invoice_payments where invoice_id = $1', [id]), /append-only/, 'payment delete refused')
  await t.rejects(db.query('delete from paraphe.invoice_events where invoice_id = $1', [id]), /append-only/, 'event delete refused')
  await t.rejects(
    asMember(db, claims(user), (tx) =>
      tx.query(
        `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code) values ($1, $2, 'platform_collected', 'platform', 212)`,
        [id, user]
      )
    ),
    'a member cannot write what the platform would report'
  )
  await db.query(
    `insert into paraphe.invoice_events (invoice_id, company_id, type, source, lifecycle_code) values ($1, $2, 'platform_refused', 'platform', 210)`,
    [id, user]
  )
  const { rows } = await db.query<{ type: string; source: string }>(
    'select type, source from paraphe.invoice_events where invoice_id = $1 order by id',
    [id]
  )
  t.same(
    rows,
    [
      { type: 'payment_recorded', source: 'paraphe' },
      { type: 'platform_refused', source: 'platform' }
    ],
    'a platform status is one more row'
  )
})

forEachEngine('a company with invoices is kept: joining another company refuses to delete it', async (t, db) => {
  const owner = randomUUID()
  const joiner = randomUUID()
  await issuedInvoice(db, joiner)
  const email = `joiner-${joiner.slice(0, 8)}@example.fr`
  await asMember(db, claims(owner), (tx) =>
    tx.query(
      `insert into paraphe.company_invitations (company_id, email, token_hash, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [owner, email, Buffer.from(owner.replaceAll('-', ''), 'hex')]
    )
  )
  const answer = await asMember(db, { sub: joiner, email, role: 'authenticated' }, (tx) =>
    tx.query<{ r: string }>(`select paraphe.accept_invitation($1, $2, '{"decouverte": 5}') as r`, [
      Buffer.from(owner.replaceAll('-', ''), 'hex'),
      email
    ])
  )
  t.equal(answer.rows[0]?.r, 'has_data', 'the invitation says the company holds data')
  const kept = await db.query('select 1 from paraphe.invoices where company_id = $1', [joiner])
  t.equal(kept.rows.length, 1, 'the invoice is still there')
  await t.rejects(db.query('delete from paraphe.companies where id = $1', [joiner]), 'deleting the company itself is refused')
})
