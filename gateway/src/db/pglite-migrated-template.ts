// The build's template (db/pglite-template.ts) with this build's migrations already applied, for
// the first start of the embedded default: applying them all on a new database took seconds of
// that start. It holds the schema only (the migrations insert no row into an empty database, and
// no secret). Its name carries the checksums of the migrations and repeatable files: after a change to them the start falls
// back to the plain template, and the migrations run at every start anyway (nothing pending).
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { migrate, readMigrations, readRepeatables } from './migrate.js'
import { openPglite } from './pglite-database.js'
import { pgliteTemplateDir } from './pglite-template.js'

export function migratedTemplateDir(): string {
  const lines = [
    ...readMigrations().map((migration) => `${migration.version} ${migration.checksum}`),
    ...readRepeatables().map((repeatable) => `${repeatable.name} ${repeatable.checksum}`)
  ]
  const digest = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)
  return `${pgliteTemplateDir()}-migrated-${digest}`
}

/** The migrated template to copy into a new data folder, when the build made it for these migrations. */
export function migratedPgliteTemplate(): string | undefined {
  const dir = migratedTemplateDir()
  return existsSync(path.join(dir, 'PG_VERSION')) ? dir : undefined
}

/** Makes it from the plain template unless it exists; earlier migrated templates are removed. */
export async function ensureMigratedPgliteTemplate(): Promise<{ dir: string; created: boolean }> {
  const dir = migratedTemplateDir()
  if (existsSync(path.join(dir, 'PG_VERSION'))) return { dir, created: false }
  const base = pgliteTemplateDir()
  if (!existsSync(path.join(base, 'PG_VERSION'))) throw new Error(`no PGlite template at ${base}`)
  const parent = path.dirname(base)
  const work = mkdtempSync(path.join(parent, '.migrate-'))
  try {
    cpSync(base, work, { recursive: true })
    const db = await openPglite(work)
    try {
      await migrate(db)
    } finally {
      await db.close()
    }
    const prefix = `${path.basename(base)}-migrated-`
    for (const name of readdirSync(parent)) if (name.startsWith(prefix)) rmSync(path.join(parent, name), { recursive: true, force: true })
    renameSync(work, dir)
    return { dir, created: true }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
