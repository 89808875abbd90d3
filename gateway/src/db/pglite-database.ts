// The embedded default as the gateway sees it: a PostgreSQL reached with `pg` over a Unix socket,
// through the same code as a server (db/postgres-database.ts), while PGlite itself runs in a
// worker thread (db/pglite-worker.ts). The thread is supervised: when it dies or stops
// answering, requests get the database's French 503 and readiness fails, and it is started
// again on the same folder.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from './database.js'
import { PgliteWorker } from './pglite-supervisor.js'
import { openPostgres } from './postgres-database.js'

/**
 * Work waiting on the embedded database while none has ended for this long: it is taken for hung
 * (db/stall-watch.ts) and started again. Generous: the slowest legitimate work (a restore's
 * migrations, a large export) stays far below.
 */
export const STALL_DEADLINE_MS = 60_000

export interface PgliteOptions {
  /** A dumpDataDir() archive to start a new folder from (restore). */
  load?: Blob
  /** The initialised cluster a new folder is copied from (db/pglite-migrated-template.ts). */
  template?: string
  /** Told when the database's thread or its connection is lost (logged by the gateway). */
  onLost?: (error: Error) => void
  /** STALL_DEADLINE_MS unless a test shortens it. */
  stallDeadlineMs?: number
}

/** The supervisor behind each embedded database opened here, for the tests' drills (a crash, a hang). */
const supervisors = new WeakMap<Database, PgliteWorker>()

export function embeddedSupervisor(database: Database): PgliteWorker | undefined {
  return supervisors.get(database)
}

/** `dataDir` null keeps everything in memory (tests): that database is not started again if its thread dies. */
export async function openPglite(dataDir: string | null, options: PgliteOptions = {}): Promise<Database> {
  // A short path of its own: a Unix socket's path is limited to 107 bytes, and a data folder may
  // be deep. pg finds the socket as <host>/.s.PGSQL.<port>.
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-pglite-'))
  const onLost = options.onLost ?? (() => undefined)
  const engine = new PgliteWorker({ dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432'), template: options.template, onLost })
  try {
    await engine.start(options.load === undefined ? undefined : new Uint8Array(await options.load.arrayBuffer()))
  } catch (error) {
    rmSync(socketDir, { recursive: true, force: true })
    throw error
  }
  // One connection: the thread serves its queries one at a time anyway, and with one connection
  // the transactions of two requests can never interleave. Requests wait their turn for it as
  // long as they would have in a queue of PGlite's own (a burst of sends must not become 503s); a
  // thread that is down answers at once (no socket), so nothing hangs on it; one that stopped
  // answering is ended and started again.
  const served = await openPostgres({
    socketDir,
    maxConnections: 1,
    onIdleError: onLost,
    connectTimeoutMs: 60_000,
    prepareStatements: true,
    // Requests before the queues' work: one connection, so every wait is a request's latency.
    requestsFirst: true,
    stallDeadline: { ms: options.stallDeadlineMs ?? STALL_DEADLINE_MS, onStalled: (error) => engine.abandon(error) }
  })
  const database: Database = {
    ...served,
    engine: 'pglite',
    // Taken while the gateway holds the only connection: between two transactions, consistent.
    dumpDataDir: () => served.betweenQueries(async () => new Blob([await engine.dump()])),
    close: async () => {
      await served.close()
      await engine.stop()
      rmSync(socketDir, { recursive: true, force: true })
    }
  }
  supervisors.set(database, engine)
  return database
}
