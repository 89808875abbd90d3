// The embedded database's own thread: PGlite runs here, in a worker thread of the gateway's
// process, and is served over PostgreSQL's wire protocol on a Unix socket
// (db/pglite-wire-server.ts), so the gateway reaches it with the same `pg` driver as a
// PostgreSQL server and its event loop never runs a query. A thread rather than a process: one
// Node runtime instead of two (≈ 60 MB less at rest). Started and supervised by
// db/pglite-supervisor.ts over the worker's message port, which also carries what the protocol
// cannot: the data folder's archive (backup, restore).
import type { PGlite } from '@electric-sql/pglite'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { startPgliteEngine } from './pglite-engine.js'
import { PgliteWireServer } from './pglite-wire-server.js'
import type { FromPgliteWorker, ToPgliteWorker } from './pglite-messages.js'

let pglite: PGlite | null = null
let server: PgliteWireServer | null = null
let closing = false

function send(message: FromPgliteWorker, transfer: ArrayBuffer[] = []): void {
  parentPort?.postMessage(message, transfer)
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

async function open(message: Extract<ToPgliteWorker, { type: 'open' }>): Promise<void> {
  // A folder gone since the last start (a disk not mounted, a wrong move) would otherwise be
  // replaced by an empty database, served as if nothing had happened.
  if (message.existing === true && message.dataDir !== null && !existsSync(path.join(message.dataDir, 'PG_VERSION'))) {
    throw new Error(`le dossier de données ${message.dataDir} est introuvable`)
  }
  pglite = await startPgliteEngine(message.dataDir, message.load === undefined ? undefined : new Blob([message.load]), message.template)
  // PGlite threw outside of SQL (an SQL error is an answer): its state is unknown, so the thread
  // ends and the supervisor starts another on the same folder.
  server = new PgliteWireServer(pglite, (error) => {
    console.error(`La base de données intégrée a échoué : ${describe(error)}`)
    process.exit(1)
  })
  await server.listen(message.socketPath)
  send({ type: 'ready' })
}

async function close(): Promise<void> {
  if (closing) return
  closing = true
  await server?.stop()
  await pglite?.close()
  // In a worker thread this ends the thread only, not the gateway.
  process.exit(0)
}

/**
 * Drills for the tests. `hang`: PGlite's next call never returns (a bug of its own, a query stuck
 * in WASM); the gateway's stall watch must see it and start the database again. `throw`: PGlite
 * throws outside of SQL; the thread must end at once and be started again.
 */
function drill(db: PGlite, kind: 'hang' | 'throw'): void {
  const original = db.execProtocolRawStream.bind(db)
  db.execProtocolRawStream = () => {
    db.execProtocolRawStream = original
    return kind === 'hang' ? new Promise<void>(() => undefined) : Promise.reject(new Error('PGlite a échoué (exercice)'))
  }
}

parentPort?.on('message', (message: ToPgliteWorker) => {
  switch (message.type) {
    case 'open':
      open(message).catch((error: unknown) => {
        send({ type: 'failed', message: describe(error) })
      })
      break
    case 'dump':
      if (pglite === null) {
        send({ type: 'dump-failed', id: message.id, message: 'base pas encore ouverte' })
        break
      }
      pglite
        .dumpDataDir('gzip')
        .then(async (blob) => {
          const archive = new Uint8Array(await blob.arrayBuffer())
          send({ type: 'dumped', id: message.id, archive }, [archive.buffer])
        })
        .catch((error: unknown) => send({ type: 'dump-failed', id: message.id, message: describe(error) }))
      break
    case 'drill':
      if (pglite !== null) drill(pglite, message.kind)
      send({ type: 'drilled' })
      break
    case 'close':
      void close()
      break
  }
})
