// `npm run move-to-postgres`: copies the embedded default (PGlite under DATA_DIR/pglite) into the
// empty PostgreSQL named by DATABASE_URL. The gateway must be stopped: the command takes the data
// folder's lock, so nothing writes while it copies (a copy taken while running would also need the
// writes made after it). The keys stay in DATA_DIR (auth, signing): the PostgreSQL-backed gateway
// must run with the same DATA_DIR.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from '../config.js'
import { runCommand } from './run-command.js'
import { DataDirLockedError, lockDataDir } from '../db/data-dir-lock.js'
import { openPglite } from '../db/pglite-database.js'
import { openPostgres } from '../db/postgres-database.js'
import { copyToPostgres, TargetNotEmptyError } from '../move/copy-to-postgres.js'

async function main(): Promise<number> {
  const config = loadConfig(process.env)
  if (config.database.url === null) {
    console.error(
      'DATABASE_URL n’est pas défini : indiquez la base PostgreSQL (vide) où copier les données, par exemple DATABASE_URL=postgres://… npm run move-to-postgres'
    )
    return 2
  }
  const dataDir = config.database.dataDir
  const pgliteDir = path.join(dataDir, 'pglite')
  if (!existsSync(pgliteDir)) {
    console.error(`Aucune base embarquée dans ${pgliteDir} : rien à copier (DATA_DIR est-il le bon dossier ?).`)
    return 1
  }
  let release: () => void
  try {
    release = lockDataDir(dataDir)
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error
    console.error(`${error.message}\nArrêtez la passerelle avant de copier ses données vers PostgreSQL (rien n’a été copié).`)
    return 1
  }
  try {
    const source = await openPglite(pgliteDir)
    try {
      const target = await openPostgres({ connectionString: config.database.url, maxConnections: 1, onIdleError: () => undefined })
      try {
        const report = await copyToPostgres(source, target)
        for (const entry of report.tables) console.log(`${entry.table.padEnd(34)} ${entry.rows} ligne(s)`)
        console.log(
          `${report.sequences} séquence(s) reprise(s) à leur valeur ; déclencheurs : ${report.triggerMode === 'replica' ? 'session_replication_role = replica' : 'désactivés pendant la copie'}.`
        )
        console.log(`Copie terminée vers ${redact(config.database.url)}.`)
        console.log(
          `Important : les clés restent dans ${dataDir} (secret des jetons dans auth/, certificat du sceau dans signing/).\n` +
            `Démarrez la passerelle avec DATABASE_URL et le même DATA_DIR (ou copiez-y ces deux dossiers) : sans eux, les sessions\n` +
            `seraient refusées et les nouveaux documents scellés avec un autre certificat. La base embarquée n’est pas modifiée.`
        )
        return 0
      } finally {
        await target.close()
      }
    } finally {
      await source.close()
    }
  } catch (error) {
    if (error instanceof TargetNotEmptyError) {
      console.error(error.message)
      return 1
    }
    throw error
  } finally {
    release()
  }
}

/** The URL without its password, for the log. */
function redact(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'DATABASE_URL'
  }
}

await runCommand(main)
