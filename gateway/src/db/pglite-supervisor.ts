// Starts the embedded database's thread (db/pglite-worker.ts), waits until it serves, and starts
// it again when it dies or stops answering, while the gateway keeps running: requests meanwhile
// fail as « database unavailable » (a French 503), never hang.
import { rmSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import type { FromPgliteWorker, ToPgliteWorker } from './pglite-messages.js'

/** Compiled code runs dist/db/pglite-worker.js; tests and benches run the .ts source through the loader the thread inherits (execArgv). */
function workerFile(): URL {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./pglite-worker${extension}`, import.meta.url)
}

/** Waits before each new start after a loss; the last is repeated. A start that serves resets it. */
const RESTART_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000]
const STOP_GRACE_MS = 10_000

export interface PgliteWorkerOptions {
  dataDir: string | null
  socketPath: string
  template: string | undefined
  onLost: (error: Error) => void
}

export class PgliteWorker {
  private worker: Worker | null = null
  private stopping = false
  private failedStarts = 0
  private restartTimer: NodeJS.Timeout | undefined
  private nextDumpId = 1
  private readonly dumps = new Map<number, { resolve: (archive: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void }>()
  /** Why the running thread is being ended by the supervisor (a query past its deadline), reported instead of a bare exit. */
  private readonly abandoned = new WeakMap<Worker, Error>()

  constructor(private readonly options: PgliteWorkerOptions) {}

  /** Where the database's socket listens (the same across restarts): a `psql -h <its folder>` reaches it. */
  get socketPath(): string {
    return this.options.socketPath
  }

  /** The thread serving now, if any (its id changes with every start). */
  get threadId(): number | null {
    return this.worker?.threadId ?? null
  }

  /** `existing`: a restart after a loss, on the folder already served. */
  async start(load?: Uint8Array<ArrayBuffer>, existing = false): Promise<void> {
    // An ended thread leaves its socket file, which a new server could not listen on.
    rmSync(this.options.socketPath, { force: true })
    const worker = new Worker(workerFile())
    this.worker = worker
    let thrown: Error | null = null
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromPgliteWorker): void => {
        if (message.type === 'ready') settle(null)
        else if (message.type === 'failed') settle(new Error(`La base de données intégrée n’a pas démarré : ${message.message}`))
      }
      const onError = (error: Error): void => {
        thrown = error
      }
      const onExit = (code: number): void =>
        settle(new Error(`La base de données intégrée s’est arrêtée au démarrage (${thrown?.message ?? `code ${code}`}).`))
      const settle = (error: Error | null): void => {
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
        if (error === null) {
          resolve()
          return
        }
        // A thread that could not open the folder must not keep it (nor its memory).
        void worker.terminate()
        if (this.worker === worker) this.worker = null
        reject(error)
      }
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.once('exit', onExit)
      const open: ToPgliteWorker = {
        type: 'open',
        dataDir: this.options.dataDir,
        socketPath: this.options.socketPath,
        ...(this.options.template === undefined ? {} : { template: this.options.template }),
        ...(load === undefined ? {} : { load }),
        ...(existing ? { existing } : {})
      }
      worker.postMessage(open)
    })
    worker.on('message', (message: FromPgliteWorker) => this.answer(message))
    let failure: Error | null = null
    worker.on('error', (error) => {
      failure = error
    })
    worker.once('exit', (code) => this.lost(worker, failure ?? new Error(`code ${code}`)))
  }

  /** The data folder as a gzipped tar, made by the thread. */
  dump(): Promise<Uint8Array<ArrayBuffer>> {
    const worker = this.worker
    if (worker === null) return Promise.reject(new Error('La base de données intégrée ne répond pas : réessayez dans quelques secondes.'))
    const id = this.nextDumpId++
    return new Promise((resolve, reject) => {
      this.dumps.set(id, { resolve, reject })
      worker.postMessage({ type: 'dump', id } satisfies ToPgliteWorker)
    })
  }

  /**
   * Ends the running thread at once (whatever it was doing: an open transaction is lost, as in a
   * crash) and reports `reason`; a data folder is then started again. The query deadline uses it
   * on a database that stopped answering; the tests use it as their crash.
   */
  abandon(reason: Error): void {
    const worker = this.worker
    if (worker === null || this.abandoned.has(worker)) return
    this.abandoned.set(worker, reason)
    void worker.terminate()
  }

  /** Tests: PGlite's next call never returns (`hang`) or throws (`throw`), see db/pglite-worker.ts. */
  async drill(kind: 'hang' | 'throw'): Promise<void> {
    const worker = this.worker
    if (worker === null) throw new Error('no database thread to drill')
    // Armed before the test's next query: the message port and the socket are not ordered.
    const armed = new Promise<void>((resolve) => {
      const onMessage = (message: FromPgliteWorker): void => {
        if (message.type !== 'drilled') return
        worker.off('message', onMessage)
        resolve()
      }
      worker.on('message', onMessage)
    })
    worker.postMessage({ type: 'drill', kind } satisfies ToPgliteWorker)
    await armed
  }

  async stop(): Promise<void> {
    this.stopping = true
    clearTimeout(this.restartTimer)
    const worker = this.worker
    if (worker === null) return
    const exited = new Promise((resolve) => worker.once('exit', resolve))
    // It stops its server and closes PGlite (a checkpoint), then ends; terminated if it hangs.
    worker.postMessage({ type: 'close' } satisfies ToPgliteWorker)
    const grace = setTimeout(() => void worker.terminate(), STOP_GRACE_MS)
    await exited
    clearTimeout(grace)
  }

  private answer(message: FromPgliteWorker): void {
    if (message.type !== 'dumped' && message.type !== 'dump-failed') return
    const waiting = this.dumps.get(message.id)
    this.dumps.delete(message.id)
    if (message.type === 'dumped') waiting?.resolve(message.archive)
    else waiting?.reject(new Error(`La copie de la base a échoué : ${message.message}`))
  }

  private lost(worker: Worker, cause: Error): void {
    if (this.worker !== worker || this.stopping) return
    this.worker = null
    const error = this.abandoned.get(worker) ?? new Error(`La base de données intégrée s’est arrêtée (${cause.message}) : redémarrage.`)
    for (const waiting of this.dumps.values()) waiting.reject(error)
    this.dumps.clear()
    this.options.onLost(error)
    // In memory, a new thread would be an empty database: only a data folder is started again.
    if (this.options.dataDir !== null) this.scheduleRestart()
  }

  private scheduleRestart(): void {
    const delay = RESTART_DELAYS_MS[Math.min(this.failedStarts, RESTART_DELAYS_MS.length - 1)] ?? 5_000
    this.restartTimer = setTimeout(() => {
      this.start(undefined, true).then(
        () => {
          this.failedStarts = 0
        },
        (error: unknown) => {
          this.failedStarts += 1
          this.options.onLost(error instanceof Error ? error : new Error(String(error)))
          if (!this.stopping) this.scheduleRestart()
        }
      )
    }, delay)
  }
}
