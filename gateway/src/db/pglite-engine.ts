// The embedded default's engine: PGlite (PostgreSQL compiled to WebAssembly) in a data folder.
// Opened only inside the database thread (db/pglite-worker.ts): its queries run there, never on
// the gateway's event loop.
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { LEAN_START_PARAMS, limitWasmCompilationTasks } from './pglite-lean.js'
import { copyPgliteTemplate, readPgliteTemplateArchive } from './pglite-template.js'

/**
 * `dataDir` null keeps everything in memory (tests). `load`: a dumpDataDir() archive to start the
 * new folder from (restore); a new folder without one starts as a copy of the initialised cluster
 * the build made (db/pglite-template.ts; `template` names another one), or runs initdb when there
 * is none; in memory, from the template's archive.
 */
export async function startPgliteEngine(dataDir: string | null, load?: Blob, template?: string): Promise<PGlite> {
  if (dataDir !== null && load === undefined && !existsSync(path.join(dataDir, 'PG_VERSION'))) copyPgliteTemplate(dataDir, template)
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true })
  limitWasmCompilationTasks()
  const archive = load ?? (dataDir === null ? readPgliteTemplateArchive() : undefined)
  return PGlite.create(dataDir ?? undefined, {
    startParams: [...LEAN_START_PARAMS],
    ...(archive === undefined ? {} : { loadDataDir: archive })
  })
}
