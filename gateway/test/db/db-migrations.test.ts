import t from 'tap'
import { migrate, readMigrations, MigrationError } from '../../src/db/migrate.js'
import { openPostgres } from '../../src/db/postgres-database.js'
import { PLAN_IDS } from '@paraphe/shared/plans'
import { forEachEngine, testPostgresServer } from '../support/databases.js'

forEachEngine('migrations are recorded and applying them again changes nothing', async (t, db) => {
  const recorded = await db.query<{ version: number }>('select version from paraphe_meta.migrations order by version')
  t.same(
    recorded.rows.map((row) => row.version),
    readMigrations().map((migration) => migration.version)
  )
  t.same(await migrate(db), [], 'second run applies nothing')
  t.same(await Promise.all([migrate(db), migrate(db)]), [[], []], 'concurrent runs wait for each other')
})

forEachEngine('an applied migration that was edited stops the start', async (t, db) => {
  const edited = readMigrations().map((migration, index) => (index === 0 ? { ...migration, checksum: 'x' } : migration))
  await t.rejects(migrate(db, edited), MigrationError)
})

// Concurrent migration is tested on PostgreSQL only: PGlite is one connection in one process,
// which runs every query in turn, so two migrations on it cannot race and a test there could
// not fail for the reason it names.
t.test('two gateways with their own connections migrate a fresh PostgreSQL at once', async (t) => {
  const { url } = await testPostgresServer()
  const admin = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  await admin.query('create database fresh_for_migrations')
  await admin.close()
  const freshUrl = url.replace(/\/postgres$/, '/fresh_for_migrations')
  const gateways = await Promise.all(
    [1, 2].map(() => openPostgres({ connectionString: freshUrl, maxConnections: 2, onIdleError: () => undefined }))
  )
  t.teardown(() => Promise.all(gateways.map((db) => db.close())))
  const results = await Promise.all(gateways.map((db) => migrate(db)))
  t.same(
    results.flat().sort((a, b) => a - b),
    readMigrations().map((migration) => migration.version),
    'each migration applied by exactly one'
  )
  const { rows } = await (gateways[0] as (typeof gateways)[0]).query<{ n: number }>('select count(*) as n from paraphe_meta.migrations')
  t.equal(rows[0]?.n, readMigrations().length)
})

forEachEngine('the database accepts exactly the plans of the plans table (shared/src/plans.ts)', async (t, db) => {
  const { rows } = await db.query<{ definition: string }>(
    `select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'paraphe.subscriptions'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%plan_id%'`
  )
  const inCheck = [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1])
  t.same(inCheck.sort(), [...PLAN_IDS].sort())
})
