// The embedded default: PGlite (PostgreSQL compiled to WebAssembly) in a data folder.
import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite, types } from '@electric-sql/pglite'
import type { Database, Queryable, QueryResult } from './database.js'
import { LEAN_START_PARAMS, limitWasmCompilationTasks } from './pglite-lean.js'
import { copyPgliteTemplate, readPgliteTemplateArchive } from './pglite-template.js'

// Same JavaScript values as the pg driver with our settings (see postgres-database.ts).
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  [types.DATE]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value
}

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, [...params])
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length }
    },
    async script(sql: string): Promise<void> {
      await target.exec(sql)
    }
  }
}

/**
 * `dataDir` null keeps everything in memory (tests). `load`: a dumpDataDir() archive to start the
 * new folder from (restore); a new folder without one starts as a copy of the initialised cluster
 * the build made (db/pglite-template.ts; `template` names another one), or runs initdb when there
 * is none; in memory, from the template's archive.
 */
export async function openPglite(dataDir: string | null, load?: Blob, template?: string): Promise<Database> {
  if (dataDir !== null && load === undefined && !existsSync(path.join(dataDir, 'PG_VERSION'))) copyPgliteTemplate(dataDir, template)
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true })
  limitWasmCompilationTasks()
  const archive = load ?? (dataDir === null ? readPgliteTemplateArchive() : undefined)
  const pglite = await PGlite.create(dataDir ?? undefined, {
    parsers,
    startParams: [...LEAN_START_PARAMS],
    ...(archive === undefined ? {} : { loadDataDir: archive })
  })
  const direct = wrap(pglite)
  return {
    engine: 'pglite',
    // wrap() returns closures, which never use `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    query: direct.query,
    // eslint-disable-next-line @typescript-eslint/unbound-method
    script: direct.script,
    // PGlite has one connection: its transactions run one after the other, never interleaved.
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
    dumpDataDir: () => pglite.dumpDataDir('gzip')
  }
}
