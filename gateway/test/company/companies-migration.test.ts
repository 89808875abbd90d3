// Migration 0008 on a database that already has accounts (PGlite and PostgreSQL 15): every user
// who owns rows gets a company whose id is their user id, as its owner; quotes keep their numbers
// and events, the next number follows on, and the user sees everything as before.
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import type { Database } from '../../src/db/database.js'
import { migrate, readMigrations } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { openPostgres } from '../../src/db/postgres-database.js'
import { asMember } from '../support/as-member.js'
import { testPostgresServer } from '../support/databases.js'

const before = readMigrations().filter((migration) => migration.version < 8)

async function existingAccount(db: Database): Promise<{ userId: string; quoteId: string }> {
  const userId = randomUUID()
  await db.query(`insert into paraphe.profiles (user_id, company_name, email) values ($1, 'Dupont Rénovation', 'contact@dupont.fr')`, [
    userId
  ])
  const { rows } = await db.query<{ id: string }>(
    `insert into paraphe.quotes (user_id, number, status, content, sent_at) values ($1, 'DEV-2026-0007', 'sent', '{}', now()) returning id`,
    [userId]
  )
  const quoteId = (rows[0] as { id: string }).id
  await db.query(`insert into paraphe.quote_events (quote_id, user_id, type) values ($1, $2, 'sent')`, [quoteId, userId])
  await db.query('insert into paraphe.quote_counters (user_id, year, last_number) values ($1, 2026, 7)', [userId])
  await db.query(`insert into paraphe.subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')`, [userId])
  return { userId, quoteId }
}

async function check(t: Test, db: Database): Promise<void> {
  t.same(
    await migrate(db, before),
    before.map((migration) => migration.version),
    'the database as it was before companies'
  )
  const { userId, quoteId } = await existingAccount(db)
  t.same(
    await migrate(db),
    [
      8,
      ...readMigrations()
        .filter((migration) => migration.version > 8)
        .map((migration) => migration.version)
    ],
    'then 0008 and what follows'
  )

  const members = await db.query<{ company_id: string; role: string }>(
    'select company_id, role from paraphe.company_members where user_id = $1',
    [userId]
  )
  t.same(members.rows, [{ company_id: userId, role: 'owner' }], 'the user owns a company whose id is theirs')
  const quote = await db.query<{ company_id: string; number: string }>('select company_id, number from paraphe.quotes where id = $1', [
    quoteId
  ])
  t.same(quote.rows, [{ company_id: userId, number: 'DEV-2026-0007' }], 'the quote keeps its number, now the company’s')
  const claims = { sub: userId, email: 'contact@dupont.fr', role: 'authenticated' as const }
  await asMember(db, claims, async (tx) => {
    t.equal((await tx.query('select 1 from paraphe.quotes')).rows.length, 1, 'the user still sees their quote')
    t.equal((await tx.query('select 1 from paraphe.quote_events')).rows.length, 1, 'and its events')
    t.same((await tx.query('select plan_id from paraphe.subscriptions')).rows, [{ plan_id: 'pro' }], 'and their plan')
    const next = await tx.query<{ last_number: number }>(
      `update paraphe.quote_counters set last_number = last_number + 1 where year = 2026 returning last_number`
    )
    t.same(next.rows, [{ last_number: 8 }], 'numbering goes on from where it was')
  })
}

t.test('PGlite: an existing account becomes a company', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await check(t, db)
})

t.test('PostgreSQL: an existing account becomes a company', async (t) => {
  const { url } = await testPostgresServer()
  const admin = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  await admin.query('create database before_companies')
  await admin.close()
  const db = await openPostgres({
    connectionString: url.replace(/\/postgres$/, '/before_companies'),
    maxConnections: 2,
    onIdleError: () => undefined
  })
  t.teardown(() => db.close())
  await check(t, db)
})
