// One process per embedded data folder. PGlite is one PostgreSQL in one process: a second
// gateway opening the same folder would write the same files behind the first one's back and
// corrupt the database. A lock file names the holder (PID, start time, host); a holder that no
// longer runs (kill -9, power cut) leaves a stale lock that the next start takes over.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const LOCK_FILE = 'paraphe.lock'

export interface Holder {
  pid: number
  host: string
  /** Start time of the process from /proc (Linux), so a recycled PID is not taken for the holder. */
  processStart: string | null
  since: string
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder
  ) {
    super(
      `Le dossier de données ${dataDir} est déjà utilisé par un autre processus Paraphe (PID ${holder.pid}, depuis ${holder.since}). ` +
        `Arrêtez-le d’abord, ou donnez un autre DATA_DIR (ou une base PostgreSQL avec DATABASE_URL pour plusieurs passerelles).\n` +
        `The data directory ${dataDir} is in use by another Paraphe process (PID ${holder.pid}, since ${holder.since}). ` +
        `Stop it first, or set another DATA_DIR (or a PostgreSQL DATABASE_URL for several gateways).`
    )
    this.name = 'DataDirLockedError'
  }
}

function processStart(pid: number): string | null {
  try {
    // Field 22 of /proc/<pid>/stat, after the command name in parentheses (which may hold spaces).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isAlive(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return true // another machine sharing the folder: never take it over
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  return holder.processStart === null || processStart(holder.pid) === null || processStart(holder.pid) === holder.processStart
}

function readHolder(lockPath: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<Holder>
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null
    return { pid: parsed.pid, host: parsed.host, processStart: parsed.processStart ?? null, since: parsed.since ?? '?' }
  } catch {
    return null
  }
}

/** The live process holding the folder, if any (`npm run backup` asks it for a copy). */
export function liveHolder(dataDir: string): Holder | null {
  const holder = readHolder(path.join(dataDir, LOCK_FILE))
  return holder !== null && holder.pid !== process.pid && isAlive(holder) ? holder : null
}

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError naming the live holder.
 * Returns the release function (called when the database closes).
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, LOCK_FILE)
  const me: Holder = { pid: process.pid, host: os.hostname(), processStart: processStart(process.pid), since: new Date().toISOString() }
  // Written aside, then hard-linked into place: the link fails if a lock exists, atomically.
  const candidate = `${lockPath}.${process.pid}`
  writeFileSync(candidate, JSON.stringify(me))
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(candidate, lockPath)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error
        const holder = readHolder(lockPath)
        if (holder !== null && holder.pid !== process.pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder)
        // Stale (its process is gone) or unreadable (a crash while writing it): taken over.
        unlinkSync(lockPath)
      }
    }
  } finally {
    unlinkSync(candidate)
  }
  return () => {
    const holder = readHolder(lockPath)
    if (holder?.pid === process.pid) unlinkSync(lockPath)
  }
}
