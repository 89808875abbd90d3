// `npm run restore -- <backup folder>`: recreates the embedded default in DATA_DIR (which must
// hold no database yet, and no gateway may run on it) from `npm run backup`'s folder.
import path from 'node:path'
import { prepareRestore } from '../backup/embedded-backup.js'
import { loadConfig } from '../config.js'
import { runCommand } from './run-command.js'
import { lockDataDir } from '../db/data-dir-lock.js'
import { openPglite } from '../db/pglite-database.js'

async function main(): Promise<number> {
  const source = process.argv[2]
  if (source === undefined) {
    console.error('Usage : npm run restore -- <dossier de sauvegarde>  (dans le DATA_DIR configuré, qui doit être neuf)')
    return 2
  }
  const config = loadConfig(process.env)
  if (config.database.url !== null) {
    console.error('DATABASE_URL est défini : restaurez PostgreSQL avec pg_restore (voir deploy/OPERATIONS.md).')
    return 2
  }
  const dataDir = config.database.dataDir
  const release = lockDataDir(dataDir)
  try {
    const archive = await prepareRestore(path.resolve(source), dataDir)
    const database = await openPglite(path.join(dataDir, 'pglite'), { load: archive })
    const quotes = await database.query<{ count: number }>('select count(*)::integer as count from paraphe.quotes')
    await database.close()
    console.log(`Restauré dans ${dataDir} : ${quotes.rows[0]?.count ?? 0} devis.`)
  } finally {
    release()
  }
  return 0
}

await runCommand(main)
