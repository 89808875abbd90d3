import path from 'node:path'
import type { DatabaseConfig } from '../config.js'
import { mkdirSync } from 'node:fs'
import { lockDataDir } from './data-dir-lock.js'
import type { Database } from './database.js'

/** The database the config names: a PostgreSQL server, or PGlite under the data folder. */
export async function openDatabase(config: DatabaseConfig, onIdleError: (error: Error) => void): Promise<Database> {
  if (config.url !== null) {
    // Each driver imported when used: a start loads only the one it needs.
    const { openPostgres } = await import('./postgres-database.js')
    return openPostgres({ connectionString: config.url, maxConnections: config.poolSize, onIdleError })
  }
  // Refused (DataDirLockedError) while another live process holds the folder.
  mkdirSync(config.dataDir, { recursive: true })
  const release = lockDataDir(config.dataDir)
  try {
    const [{ openPglite }, { migratedPgliteTemplate }] = await Promise.all([
      import('./pglite-database.js'),
      import('./pglite-migrated-template.js')
    ])
    // A new folder starts with this build's schema in place (db/pglite-migrated-template.ts).
    const database = await openPglite(path.join(config.dataDir, 'pglite'), {
      template: migratedPgliteTemplate(),
      onLost: onIdleError
    })
    return {
      ...database,
      close: async () => {
        await database.close()
        release()
      }
    }
  } catch (error) {
    release()
    throw error
  }
}
