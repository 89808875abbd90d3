// Forward-only SQL migrations from gateway/migrations, applied in order and recorded with their
// checksum. One transaction under an advisory lock: two gateways starting together apply them
// once, and a migration that fails leaves nothing half done.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.js'

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

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Applies what is pending; returns the versions applied by this call. */
export async function migrate(db: Database, migrations: Migration[] = readMigrations()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [LOCK_KEY])
    await tx.query(`create schema if not exists paraphe_meta`)
    await tx.query(`create table if not exists paraphe_meta.migrations (
      version integer primary key,
      name text not null,
      checksum text not null,
      applied_at timestamptz not null default now()
    )`)
    const applied = await tx.query<{ version: number; checksum: string }>('select version, checksum from paraphe_meta.migrations')
    const known = new Map(applied.rows.map((row) => [row.version, row.checksum]))
    const done: number[] = []
    for (const migration of migrations) {
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
    return done
  })
}
