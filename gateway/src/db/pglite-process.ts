// The embedded database's own process: PGlite runs here and is served over PostgreSQL's wire
// protocol on a Unix socket (@electric-sql/pglite-socket), so the gateway reaches it with the
// same `pg` driver as a PostgreSQL server and its event loop never runs a query. Started and
// supervised by db/pglite-database.ts over an IPC channel, which also carries what the protocol
// cannot: the data folder's archive (backup, restore).
import type { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js'
import { startPgliteEngine } from './pglite-engine.js'
import type { FromPgliteProcess, ToPgliteProcess } from './pglite-messages.js'

let pglite: PGlite | null = null
let server: PGLiteSocketServer | null = null
let closing = false
let release: (() => void) | null = null

/** The database process's own lock beside its folder (db/data-dir-lock.ts holds the gateway's). */
const DATABASE_LOCK_FILE = 'paraphe-database.lock'
const LOCK_WAIT_MS = 60_000

/**
 * A gateway killed with SIGKILL leaves its database process closing PGlite for a moment; a
 * gateway started at once on the same folder takes over the gateway's stale lock. Its database
 * process waits here for the previous one to be gone: two PGlite on one folder would corrupt it.
 */
async function lockFolder(dataDir: string): Promise<() => void> {
  const deadline = Date.now() + LOCK_WAIT_MS
  for (;;) {
    try {
      return lockDataDir(path.dirname(dataDir), DATABASE_LOCK_FILE)
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || Date.now() > deadline) throw error
      await sleep(100)
    }
  }
}

function send(message: FromPgliteProcess): void {
  process.send?.(message)
}

async function open(message: Extract<ToPgliteProcess, { type: 'open' }>): Promise<void> {
  if (message.dataDir !== null) release = await lockFolder(message.dataDir)
  pglite = await startPgliteEngine(message.dataDir, message.load === undefined ? undefined : new Blob([message.load]), message.template)
  // One connection at a time is what the gateway opens (its pool holds one); a second slot lets a
  // replacement connect while the server is still detaching one the gateway dropped. A connection
  // that closes inside a transaction has it rolled back by the server.
  server = new PGLiteSocketServer({ db: pglite, path: message.socketPath, maxConnections: 2 })
  await server.start()
  send({ type: 'ready' })
}

async function close(): Promise<void> {
  if (closing) return
  closing = true
  await server?.stop()
  await pglite?.close()
  release?.()
  process.exit(0)
}

process.on('message', (message: ToPgliteProcess) => {
  switch (message.type) {
    case 'open':
      open(message).catch((error: unknown) => {
        send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
        process.exit(1)
      })
      break
    case 'dump':
      if (pglite === null) {
        send({ type: 'dump-failed', id: message.id, message: 'base pas encore ouverte' })
        break
      }
      pglite
        .dumpDataDir('gzip')
        .then(async (blob) => send({ type: 'dumped', id: message.id, archive: new Uint8Array(await blob.arrayBuffer()) }))
        .catch((error: unknown) => send({ type: 'dump-failed', id: message.id, message: error instanceof Error ? error.message : String(error) }))
      break
    case 'close':
      void close()
      break
  }
})
// Ctrl-C in a terminal, or a service manager stopping the whole group, signals this process too:
// the gateway decides when it closes (after its requests are answered), so those are left to it.
process.on('SIGINT', () => undefined)
process.on('SIGTERM', () => undefined)
// The gateway gone (even killed with SIGKILL) closes the channel: the database closes cleanly
// rather than outliving it and holding the data folder.
process.on('disconnect', () => void close())
