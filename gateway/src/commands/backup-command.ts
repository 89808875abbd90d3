// `npm run backup [-- <folder>]`: a consistent copy of the embedded default while it runs (the
// running gateway takes it, asked by SIGUSR2), or directly when no gateway holds DATA_DIR.
// With DATABASE_URL, PostgreSQL's own pg_dump is the tool (deploy/OPERATIONS.md).
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { BACKUP_ERROR, BACKUP_REQUEST, MANIFEST, writeBackup } from '../backup/embedded-backup.js'
import { loadConfig } from '../config.js'
import { runCommand } from './run-command.js'
import { liveHolder, lockDataDir } from '../db/data-dir-lock.js'
import { openPglite } from '../db/pglite-database.js'

const WAIT_LIMIT_MS = 10 * 60_000

async function main(): Promise<number> {
  const config = loadConfig(process.env)
  if (config.database.url !== null) {
    console.error('DATABASE_URL est défini : sauvegardez PostgreSQL avec pg_dump (voir deploy/OPERATIONS.md, « Sauvegardes »).')
    return 2
  }
  const dataDir = config.database.dataDir
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const target = path.resolve(process.argv[2] ?? path.join(path.dirname(dataDir), `paraphe-backup-${stamp}`))
  if (existsSync(target) && (await readdir(target)).length > 0) {
    console.error(`${target} n’est pas vide : choisissez un nouveau dossier pour la sauvegarde.`)
    return 1
  }
  const holder = liveHolder(dataDir)
  if (holder !== null) {
    // The running gateway holds the database: it writes the copy between two queries.
    await rm(path.join(dataDir, BACKUP_ERROR), { force: true })
    await writeFile(path.join(dataDir, BACKUP_REQUEST), JSON.stringify({ target }))
    process.kill(holder.pid, 'SIGUSR2')
    const deadline = Date.now() + WAIT_LIMIT_MS
    while (!existsSync(path.join(target, MANIFEST))) {
      if (existsSync(path.join(dataDir, BACKUP_ERROR))) {
        console.error(await readFile(path.join(dataDir, BACKUP_ERROR), 'utf8'))
        return 1
      }
      if (liveHolder(dataDir) === null) {
        console.error(`La passerelle (PID ${holder.pid}) s’est arrêtée avant d’écrire la sauvegarde ; relancez la commande.`)
        return 1
      }
      if (Date.now() > deadline) {
        console.error(`La passerelle (PID ${holder.pid}) n’a pas écrit la sauvegarde en 10 minutes.`)
        return 1
      }
      await sleep(100)
    }
    console.log(`Sauvegarde écrite par la passerelle en marche (PID ${holder.pid}) : ${target}`)
    return 0
  }
  const release = lockDataDir(dataDir)
  try {
    const database = await openPglite(path.join(dataDir, 'pglite'))
    try {
      await writeBackup(() => (database.dumpDataDir as () => Promise<Blob>)(), dataDir, target)
    } finally {
      await database.close()
    }
  } finally {
    release()
  }
  console.log(`Sauvegarde écrite : ${target}`)
  return 0
}

await runCommand(main)
