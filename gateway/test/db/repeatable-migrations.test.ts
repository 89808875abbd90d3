// Functions, triggers and policies live in one file each (gateway/migrations/repeatable), applied
// again when their text changes; tables keep their numbered migrations. A database migrated by
// the previous main (numbered migrations 0001–0021, before repeatable files existed) moves over on
// both engines: its rows and grants kept, every function as its file states it, and its schema
// the same as a database migrated fresh.
import t from 'tap'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database } from '../../src/db/database.js'
import { migrate, readMigrations, readRepeatables, REPEATABLE_DIR } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { openPostgres } from '../../src/db/postgres-database.js'
import { testPostgresServer } from '../support/databases.js'
import { rowCounts, schemaSnapshot } from '../support/schema-snapshot.js'

// The numbered migrations of the previous main (commit f063d3e), by their checksums: the history
// a database already migrated holds. They are never edited (the runner refuses it).
const PREVIOUS_MAIN = readMigrations().filter((migration) => migration.version <= 21)
const PREVIOUS_MAIN_DIGEST = '2b2035b8ba91828c13ff2593eb89dc09924c7d505fdaa5abd3303a9c0ef71d31'

let databases = 0
async function freshDatabase(engine: 'pglite' | 'postgres'): Promise<Database> {
  if (engine === 'pglite') return openPglite(null)
  const { url } = await testPostgresServer()
  const admin = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  databases += 1
  const name = `repeatable_${process.pid}_${databases}`
  await admin.query(`create database ${name}`)
  await admin.close()
  return openPostgres({ connectionString: url.replace(/\/postgres$/, `/${name}`), maxConnections: 2, onIdleError: () => undefined })
}

/** A company, its owner and a saved item: rows the upgrade must keep. */
async function someRows(db: Database): Promise<void> {
  await db.script(`
    insert into paraphe.companies (id) values ('00000000-0000-4000-8000-000000000001');
    insert into paraphe.company_members (user_id, company_id, role)
      values ('00000000-0000-4000-8000-0000000000aa', '00000000-0000-4000-8000-000000000001', 'owner');
    insert into paraphe.saved_items (company_id, designation, unit, unit_price_cents, vat_rate_bp)
      values ('00000000-0000-4000-8000-000000000001', 'Pose de carrelage', 'm²', 4500, 1000);
  `)
}

t.test('the previous main’s migrations are those this test upgrades from', async (t) => {
  const digest = createHash('sha256')
    .update(PREVIOUS_MAIN.map((migration) => migration.checksum).join('\n'))
    .digest('hex')
  t.equal(digest, PREVIOUS_MAIN_DIGEST, 'numbered migrations 0001–0021 unchanged since f063d3e')
})

for (const engine of ['pglite', 'postgres'] as const) {
  t.test(`a database migrated by the previous main, upgraded (${engine})`, async (t) => {
    const db = await freshDatabase(engine)
    t.teardown(() => db.close())
    await migrate(db, PREVIOUS_MAIN)
    await someRows(db)
    const before = await schemaSnapshot(db)
    const rowsBefore = await rowCounts(db)
    t.ok(
      Object.values(rowsBefore).some((count) => count > 0),
      'the old database holds rows'
    )

    await migrate(db)
    const after = await schemaSnapshot(db)
    // Tables made by later numbered migrations start empty; every table of the old database keeps its rows and grants.
    const rowsAfter = await rowCounts(db)
    t.same(Object.fromEntries(Object.keys(rowsBefore).map((table) => [table, rowsAfter[table]])), rowsBefore, 'every row kept')
    for (const [fn, grants] of Object.entries(before.functionGrants))
      if (fn in after.functions) t.same(after.functionGrants[fn], grants, `grants on ${fn} kept`)
    t.same(
      Object.fromEntries(Object.keys(before.tableGrants).map((table) => [table, after.tableGrants[table]])),
      before.tableGrants,
      'grants on every table kept'
    )

    for (const repeatable of readRepeatables().filter((file) => file.name.startsWith('functions/'))) {
      const name = repeatable.name.slice('functions/'.length)
      const body = /\sas \$\$\n?([\s\S]*?)\$\$;/.exec(repeatable.sql)?.[1]
      const inDatabase = Object.entries(after.bodies).filter(([signature]) => signature.startsWith(`paraphe.${name}(`))
      t.equal(inDatabase.length, 1, `one function paraphe.${name}`)
      t.equal(`\n${inDatabase[0]?.[1] ?? ''}`.replace(/^\n\n/, '\n').trimStart(), body?.trimStart(), `paraphe.${name} is its file`)
    }

    const fresh = await freshDatabase(engine)
    t.teardown(() => fresh.close())
    await migrate(fresh)
    const made = await schemaSnapshot(fresh)
    t.same(after.functions, made.functions, 'functions as a fresh database has them')
    t.same(after.triggers, made.triggers, 'triggers as a fresh database has them')
    t.same(after.policies, made.policies, 'policies as a fresh database has them')
    t.same(after.functionGrants, made.functionGrants, 'function grants as a fresh database has them')
  })
}

t.test('every function, trigger and policy of the schema is stated in one repeatable file', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await migrate(db)
  const snapshot = await schemaSnapshot(db)
  const files = readRepeatables().map((file) => file.name)
  const stated = (kind: string, name: string) => files.filter((file) => file === `${kind}/${name}`).length
  for (const signature of Object.keys(snapshot.functions)) {
    const name = signature.slice('paraphe.'.length, signature.indexOf('('))
    t.equal(stated('functions', name), 1, `function ${name}`)
  }
  for (const key of Object.keys(snapshot.triggers)) t.equal(stated('triggers', key.split('.').at(-1) ?? ''), 1, `trigger ${key}`)
  const policyFiles = readRepeatables().filter((file) => file.name.startsWith('policies/'))
  for (const key of Object.keys(snapshot.policies)) {
    const [, table, policy] = key.split('.')
    const holders = policyFiles.filter((file) => file.sql.includes(`create policy ${policy ?? ''} on paraphe.${table ?? ''} `))
    t.same(
      holders.map((file) => file.name),
      [`policies/${table ?? ''}`],
      `policy ${key} in its table’s file`
    )
  }
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from paraphe_meta.repeatables')
  t.equal(rows[0]?.n, files.length, 'each file recorded with its checksum')
})

t.test('numbered migrations after the previous main do not restate an object of a repeatable file', async (t) => {
  // A numbered migration that redefined one would be undone by the file at the same start: change the file instead.
  const objects = readRepeatables().flatMap((file) => [...file.sql.matchAll(/create or replace (?:function|trigger) (?:paraphe\.)?(\w+)/g)])
  const names = new Set(objects.map((match) => match[1]))
  for (const migration of readMigrations().filter((m) => m.version > 21)) {
    const restated = [...migration.sql.matchAll(/create (?:or replace )?(?:function|trigger) (?:paraphe\.)?(\w+)/gi)]
      .map((match) => match[1] ?? '')
      .filter((name) => names.has(name))
    t.same(restated, [], `${migration.version}_${migration.name}`)
  }
})

t.test('a changed file is applied again, in its stated order; an unchanged one is not', async (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'paraphe-repeatable-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const kind of ['functions', 'views', 'policies']) mkdirSync(path.join(dir, kind))
  const write = (name: string, sql: string) => writeFileSync(path.join(dir, `${name}.sql`), sql)
  write('functions/zeta', `create or replace function paraphe.zeta() returns int language sql as $$ select 1 $$;`)
  // A SQL function is checked when created: alpha calls zeta, so it says it requires it.
  write(
    'functions/alpha',
    `-- requires: functions/zeta\ncreate or replace function paraphe.alpha() returns int language sql as $$ select paraphe.zeta() + 1 $$;`
  )
  write('views/numbers', `create or replace view paraphe.numbers as select paraphe.alpha() as n;`)
  t.same(
    readRepeatables(dir).map((file) => file.name),
    ['functions/zeta', 'functions/alpha', 'views/numbers'],
    'kinds in order, a required file first'
  )
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await migrate(db, PREVIOUS_MAIN)
  await migrate(db, PREVIOUS_MAIN, readRepeatables(dir))
  const n = async () => (await db.query<{ n: number }>('select n from paraphe.numbers')).rows[0]?.n
  t.equal(await n(), 2)
  const appliedAt = async () =>
    Object.fromEntries(
      (await db.query<{ name: string; at: string }>('select name, applied_at::text as at from paraphe_meta.repeatables')).rows.map(
        (row) => [row.name, row.at]
      )
    )
  const first = await appliedAt()
  write('functions/zeta', `create or replace function paraphe.zeta() returns int language sql as $$ select 40 $$;`)
  await migrate(db, PREVIOUS_MAIN, readRepeatables(dir))
  t.equal(await n(), 41, 'the changed function applied again')
  const second = await appliedAt()
  t.not(second['functions/zeta'], first['functions/zeta'], 'recorded again')
  t.equal(second['functions/alpha'], first['functions/alpha'], 'an unchanged file left alone')

  write('functions/alpha', `-- requires: functions/beta\nselect 1;`)
  t.throws(() => readRepeatables(dir), /requires functions\/beta, which does not exist/)
  write('functions/beta', `-- requires: functions/alpha\nselect 1;`)
  t.throws(() => readRepeatables(dir), /cycle/)
  write('functions/Bad-Name', 'select 1;')
  t.throws(() => readRepeatables(dir), /must look like name\.sql/)
})

t.test('the repeatable folder exists beside the numbered migrations', async (t) => {
  t.ok(
    readFileSync(path.join(REPEATABLE_DIR, 'functions', 'sign_quote.sql'), 'utf8').includes('create or replace function paraphe.sign_quote')
  )
})
