// The first start of the embedded default copies a template with the build's migrations already
// applied: nothing is pending, the data folder is its own, and a later migration still applies.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { loadConfig } from '../../src/config.js'
import { migrate, readMigrations } from '../../src/db/migrate.js'
import { openDatabase } from '../../src/db/open-database.js'
import { ensureMigratedPgliteTemplate, migratedPgliteTemplate } from '../../src/db/pglite-migrated-template.js'

const root = mkdtempSync(path.join(os.tmpdir(), 'paraphe-migrated-template-'))
t.teardown(() => rmSync(root, { recursive: true, force: true }))
const databaseConfig = (dataDir: string) => loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }).database

t.test('the build made the migrated template for these migrations', async (t) => {
  const { dir, created } = await ensureMigratedPgliteTemplate()
  t.notOk(created, 'npm test builds first, so it already exists')
  t.equal(migratedPgliteTemplate(), dir)
})

t.test('a new data folder starts with every migration applied, and keeps its own data', async (t) => {
  const template = migratedPgliteTemplate() as string
  const before = readdirSync(path.join(template, 'base'), { recursive: true }).length
  const dataDir = path.join(root, 'first-start')
  const db = await openDatabase(databaseConfig(dataDir), () => undefined)
  t.same(await migrate(db), [], 'nothing pending at the first start')
  const ledger = await db.query<{ version: number }>('select version from paraphe_meta.migrations order by version')
  t.same(
    ledger.rows.map((row) => row.version),
    readMigrations().map((migration) => migration.version),
    'each migration recorded as applied'
  )
  await db.script("create table public.kept (value text); insert into public.kept values ('premier devis')")
  await db.close()

  const reopened = await openDatabase(databaseConfig(dataDir), () => undefined)
  t.same(
    (await reopened.query<{ value: string }>('select value from public.kept')).rows,
    [{ value: 'premier devis' }],
    'the row is there after a restart'
  )
  await reopened.close()

  const other = await openDatabase(databaseConfig(path.join(root, 'second-folder')), () => undefined)
  t.same(
    (await other.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'kept'")).rows,
    [{ n: 0 }],
    'another new folder does not see it'
  )
  await other.close()
  t.equal(readdirSync(path.join(template, 'base'), { recursive: true }).length, before, 'the template itself is left as it was')
})

t.test('a migration added after the build is still applied at the start', async (t) => {
  const db = await openDatabase(databaseConfig(path.join(root, 'newer-code')), () => undefined)
  t.teardown(() => db.close())
  const extra = { version: 9999, name: 'later_change', sql: 'create table paraphe.later_change (id int)', checksum: 'later' }
  t.same(await migrate(db, [...readMigrations(), extra]), [9999], 'only the new one')
  t.same((await db.query<{ n: number }>("select count(*)::int as n from pg_tables where tablename = 'later_change'")).rows, [{ n: 1 }])
})
