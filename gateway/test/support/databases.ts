// The databases the tests run against: PGlite (the embedded default) and a throwaway
// PostgreSQL 15. Each is opened once per test process, migrated, and shared by the apps the
// tests build; tests keep apart by using fresh user ids.
import t, { type Test } from 'tap'
import type { Database, DatabaseEngine } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { openPostgres } from '../../src/db/postgres-database.js'
import { startPostgres, type ThrowawayPostgres } from './throwaway-postgres.js'

export const ENGINES: readonly DatabaseEngine[] = ['pglite', 'postgres']

const opened = new Map<DatabaseEngine, Promise<Database>>()
let server: Promise<ThrowawayPostgres> | null = null

/** The throwaway PostgreSQL server of this process (started on first use). */
export function testPostgresServer(): Promise<ThrowawayPostgres> {
  server ??= startPostgres().then((started) => {
    t.teardown(started.stop)
    return started
  })
  return server
}

async function open(engine: DatabaseEngine): Promise<Database> {
  if (engine === 'pglite') {
    const db = await openPglite(null)
    await migrate(db)
    return db
  }
  const { url } = await testPostgresServer()
  const db = await openPostgres({ connectionString: url, maxConnections: 25, onIdleError: () => undefined })
  await migrate(db)
  return db
}

/** The shared, migrated database of this test process for `engine`. */
export function testDatabase(engine: DatabaseEngine = 'pglite'): Promise<Database> {
  let db = opened.get(engine)
  if (db === undefined) {
    db = open(engine)
    opened.set(engine, db)
    const closing = db
    // The pool ends before the cluster stops (the cluster's stop also runs at process exit).
    t.teardown(async () => (await closing).close())
  }
  return db
}

/** Runs `body` once per engine, as a subtest named after it. */
export function forEachEngine(name: string, body: (t: Test, db: Database) => Promise<void>): void {
  for (const engine of ENGINES) {
    t.test(`${name} (${engine})`, async (sub) => body(sub, await testDatabase(engine)))
  }
}
