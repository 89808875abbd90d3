// Forward-only SQL migrations from gateway/migrations, applied in order and recorded with their
// checksum, then the repeatable files of gateway/migrations/repeatable (each function, trigger,
// view and policy as it is now), each applied again whenever its checksum changed. One
// transaction under an advisory lock: two gateways starting together apply them once, and a
// migration that fails leaves nothing half done.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database, Queryable } from './database.js'

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations')
// Any constant: it only has to be the same for every gateway.
const LOCK_KEY = 7_206_914_002

export interface Migration {
  version: number
  name: string
  sql: string
  checksum: string
}

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file)
      if (match === null) throw new Error(`migration file name must look like 0001_name.sql: ${file}`)
      const sql = readFileSync(path.join(dir, file), 'utf8')
      return {
        version: Number(match[1]),
        name: match[2] as string,
        sql,
        checksum: createHash('sha256').update(sql).digest('hex')
      }
    })
}

/** One object (or a table's policies) as it is now: applied again when its text changes. */
export interface Repeatable {
  /** Its path under repeatable/, without `.sql`: `functions/sign_quote`. */
  name: string
  sql: string
  checksum: string
}

export const REPEATABLE_DIR = path.join(MIGRATIONS_DIR, 'repeatable')
/** The folders of repeatable/, in the order they are applied: what a view, trigger or policy uses comes first. */
export const REPEATABLE_KINDS = ['functions', 'views', 'triggers', 'policies'] as const

/**
 * The repeatable files in the order they are applied: by kind (REPEATABLE_KINDS), then by name,
 * except that a file applies after those its `-- requires: <kind>/<name>` lines name (a function
 * a SQL function calls, a view another view reads).
 */
export function readRepeatables(dir: string = REPEATABLE_DIR): Repeatable[] {
  const files = new Map<string, Repeatable & { requires: string[] }>()
  for (const kind of REPEATABLE_KINDS) {
    const folder = path.join(dir, kind)
    if (!existsSync(folder)) continue
    for (const file of readdirSync(folder).sort()) {
      if (!/^[a-z0-9_]+\.sql$/.test(file)) throw new Error(`repeatable file name must look like name.sql: ${kind}/${file}`)
      const sql = readFileSync(path.join(folder, file), 'utf8')
      const requires = [...sql.matchAll(/^-- requires: ([a-z_]+\/[a-z0-9_]+)\s*$/gm)].map((match) => match[1] as string)
      const name = `${kind}/${file.slice(0, -'.sql'.length)}`
      files.set(name, { name, sql, checksum: createHash('sha256').update(sql).digest('hex'), requires })
    }
  }
  const ordered: Repeatable[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, from: string): void => {
    const file = files.get(name)
    if (file === undefined) throw new Error(`repeatable ${from} requires ${name}, which does not exist`)
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') throw new Error(`repeatable files require each other in a cycle through ${name}`)
    state.set(name, 'visiting')
    for (const required of file.requires) visit(required, name)
    state.set(name, 'done')
    ordered.push({ name: file.name, sql: file.sql, checksum: file.checksum })
  }
  for (const name of files.keys()) visit(name, name)
  return ordered
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/**
 * Applies what is pending: the numbered migrations, then the repeatable files that are new or
 * changed. Returns the versions applied by this call. Given only some numbered migrations (a test
 * replaying history), no repeatable file is applied unless they are given too: they state the
 * objects of the last migration.
 */
export async function migrate(
  db: Database,
  migrations?: Migration[],
  repeatables: Repeatable[] = migrations === undefined ? readRepeatables() : []
): Promise<number[]> {
  const numbered = migrations ?? readMigrations()
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY])
    await tx.query(`create schema if not exists paraphe_meta`)
    await tx.query(`create table if not exists paraphe_meta.migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`)
    await tx.query(`create table if not exists paraphe_meta.repeatables (
      name text primary key,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`)
    const applied = await tx.query<{ version: number; checksum: string }>('select version, checksum from paraphe_meta.migrations')
    const known = new Map(applied.rows.map((row) => [row.version, row.checksum]))
    const done: number[] = []
    for (const migration of numbered) {
      const checksum = known.get(migration.version)
      if (checksum !== undefined) {
        // Editing an applied migration would leave databases that differ: write a new one.
        if (checksum !== migration.checksum) {
          throw new MigrationError(
            `migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead`
          )
        }
        continue
      }
      await tx.script(migration.sql)
      await tx.query('insert into paraphe_meta.migrations (version, name, checksum) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        migration.checksum
      ])
      done.push(migration.version)
    }
    await applyRepeatables(tx, repeatables)
    return done
  })
}

/** Each repeatable file whose checksum is not the one recorded, in order (the caller holds the lock). */
async function applyRepeatables(tx: Queryable, repeatables: readonly Repeatable[]): Promise<void> {
  if (repeatables.length === 0) return
  const applied = await tx.query<{ name: string; checksum: string }>('select name, checksum from paraphe_meta.repeatables')
  const known = new Map(applied.rows.map((row) => [row.name, row.checksum]))
  for (const repeatable of repeatables) {
    if (known.get(repeatable.name) === repeatable.checksum) continue
    await tx.script(repeatable.sql)
    await tx.query(
      `insert into paraphe_meta.repeatables (name, checksum) values ($1, $2)
         on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`,
      [repeatable.name, repeatable.checksum]
    )
  }
}
