// A freshly initialised PGlite cluster, made once (at build) and copied into every new data
// folder: PGlite's initdb takes ≈ 4 s and leaves its own WebAssembly instance (≈ 150 MB) in the
// process; copying the folder takes a fraction of a second, and the start is then a restart. The
// template holds only what initdb writes (no table of ours, no data, no secret); migrations run
// on it as on any new database. It is named after PGlite's version, so an upgraded PGlite never
// starts from an older cluster.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** `gateway/pglite-template/` from both `src/db` and `dist/db`. */
const TEMPLATES = fileURLToPath(new URL('../../pglite-template/', import.meta.url))

function pgliteVersion(): string {
  const manifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'))
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/** The template folder for the installed PGlite (it may not exist yet). */
export function pgliteTemplateDir(): string {
  return path.join(TEMPLATES, `pglite-${pgliteVersion()}`)
}

/**
 * Copies the template into `dataDir` (absent or empty) and says whether it did; false when no
 * template was made (then PGlite runs initdb itself). Copied aside, then renamed into place, so
 * a start killed midway leaves no half cluster behind.
 */
export function copyPgliteTemplate(dataDir: string, template = pgliteTemplateDir()): boolean {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false
  // One process per data folder (db/data-dir-lock.ts): a leftover is a killed start's.
  const partial = `${dataDir}.partial`
  rmSync(partial, { recursive: true, force: true })
  cpSync(template, partial, { recursive: true })
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(partial, dataDir)
  return true
}

/** The same cluster as one archive, for databases kept in memory (each test process has one). */
function templateArchive(): string {
  return `${pgliteTemplateDir()}.tar`
}

/** The archive to load into a new in-memory database, if the build made it. */
export function readPgliteTemplateArchive(): Blob | undefined {
  const archive = templateArchive()
  return existsSync(archive) ? new Blob([readFileSync(archive)]) : undefined
}

/**
 * Makes the template unless it exists: initdb in a folder beside it, archived, then both renamed
 * into place (the folder last: it is what says the template is complete).
 */
export async function ensurePgliteTemplate(): Promise<{ dir: string; created: boolean }> {
  const dir = pgliteTemplateDir()
  if (existsSync(path.join(dir, 'PG_VERSION')) && existsSync(templateArchive())) return { dir, created: false }
  mkdirSync(TEMPLATES, { recursive: true })
  const work = mkdtempSync(path.join(TEMPLATES, '.initdb-'))
  try {
    // Imported here: the gateway copies templates but never runs PGlite itself (db/pglite-worker.ts does).
    const { PGlite } = await import('@electric-sql/pglite')
    const pglite = await PGlite.create(work)
    const archive = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer())
    await pglite.close()
    writeFileSync(`${work}.tar`, archive)
    renameSync(`${work}.tar`, templateArchive())
    rmSync(dir, { recursive: true, force: true })
    renameSync(work, dir)
    return { dir, created: true }
  } finally {
    rmSync(work, { recursive: true, force: true })
    rmSync(`${work}.tar`, { force: true })
  }
}
