// Starts the embedded database's process (db/pglite-process.ts), waits until it serves, and
// starts it again when it dies, while the gateway keeps running: requests meanwhile fail as
// « database unavailable » (a French 503), never hang.
import { fork, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import type { FromPgliteProcess, ToPgliteProcess } from './pglite-messages.js'

/** Compiled code runs dist/db/pglite-process.js; tests and benches run the .ts source through the same loader (execArgv). */
function processFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./pglite-process${extension}`, import.meta.url).pathname
}

/** Waits before each new start after a loss; the last is repeated. A start that serves resets it. */
const RESTART_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000]
const STOP_GRACE_MS = 10_000

export interface PgliteProcessOptions {
  dataDir: string | null
  socketPath: string
  template: string | undefined
  onLost: (error: Error) => void
}

export class PgliteProcess {
  private child: ChildProcess | null = null
  private stopping = false
  private failedStarts = 0
  private restartTimer: NodeJS.Timeout | undefined
  private nextDumpId = 1
  private readonly dumps = new Map<number, { resolve: (archive: Uint8Array<ArrayBuffer>) => void; reject: (error: Error) => void }>()

  constructor(private readonly options: PgliteProcessOptions) {}

  get pid(): number | null {
    return this.child?.pid ?? null
  }

  async start(load?: Uint8Array<ArrayBuffer>): Promise<void> {
    // A killed process leaves its socket file, which a new server could not listen on.
    rmSync(this.options.socketPath, { force: true })
    const child = fork(processFile(), [], { execArgv: process.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    this.child = child
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: FromPgliteProcess): void => {
        if (message.type === 'ready') settle(null)
        else if (message.type === 'failed') settle(new Error(`La base de données intégrée n’a pas démarré : ${message.message}`))
      }
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void =>
        settle(new Error(`La base de données intégrée s’est arrêtée au démarrage (${signal ?? `code ${code}`}).`))
      const settle = (error: Error | null): void => {
        child.off('message', onMessage)
        child.off('exit', onExit)
        if (error === null) resolve()
        else reject(error)
      }
      child.on('message', onMessage)
      child.once('exit', onExit)
      const open: ToPgliteProcess = {
        type: 'open',
        dataDir: this.options.dataDir,
        socketPath: this.options.socketPath,
        ...(this.options.template === undefined ? {} : { template: this.options.template }),
        ...(load === undefined ? {} : { load })
      }
      child.send(open)
    })
    child.on('message', (message: FromPgliteProcess) => this.answer(message))
    child.once('exit', (code, signal) => this.lost(child, code, signal))
  }

  /** The data folder as a gzipped tar, made by the process. */
  dump(): Promise<Uint8Array<ArrayBuffer>> {
    const child = this.child
    if (child === null || !child.connected) return Promise.reject(new Error('La base de données intégrée ne répond pas : réessayez dans quelques secondes.'))
    const id = this.nextDumpId++
    return new Promise((resolve, reject) => {
      this.dumps.set(id, { resolve, reject })
      child.send({ type: 'dump', id } satisfies ToPgliteProcess)
    })
  }

  async stop(): Promise<void> {
    this.stopping = true
    clearTimeout(this.restartTimer)
    const child = this.child
    if (child === null || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    // It stops its server and closes PGlite (a checkpoint), then exits; killed if it hangs.
    child.send({ type: 'close' } satisfies ToPgliteProcess)
    const grace = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await exited
    clearTimeout(grace)
  }

  private answer(message: FromPgliteProcess): void {
    if (message.type !== 'dumped' && message.type !== 'dump-failed') return
    const waiting = this.dumps.get(message.id)
    this.dumps.delete(message.id)
    if (message.type === 'dumped') waiting?.resolve(message.archive)
    else waiting?.reject(new Error(`La copie de la base a échoué : ${message.message}`))
  }

  private lost(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null): void {
    if (this.child !== child || this.stopping) return
    this.child = null
    const error = new Error(`La base de données intégrée s’est arrêtée (${signal ?? `code ${code}`}) : redémarrage.`)
    for (const waiting of this.dumps.values()) waiting.reject(error)
    this.dumps.clear()
    this.options.onLost(error)
    // In memory, a new process would be an empty database: only a data folder is started again.
    if (this.options.dataDir !== null) this.scheduleRestart()
  }

  private scheduleRestart(): void {
    const delay = RESTART_DELAYS_MS[Math.min(this.failedStarts, RESTART_DELAYS_MS.length - 1)] ?? 5_000
    this.restartTimer = setTimeout(() => {
      this.start().then(
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
