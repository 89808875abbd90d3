// One PDF process (pdf-process.ts) as the gateway sees it: started at its first task, in its CPU
// class; ended after a while without any (an idle gateway does not hold the PDF libraries'
// memory); if it dies, its tasks in flight are rejected with a French 503 « réessayez » and the
// next task starts it again.
import { spawn, type ChildProcess } from 'node:child_process'
import { ApiProblem } from '../errors.js'
import type { PdfCpuClass } from './background-priority.js'
import type { PdfOutput, PdfReply, PdfRequest } from './pdf-messages.js'
import type { PdfTask } from './pdf-tasks.js'

export const RETRY_AFTER_SECONDS = 5

/** 503 with Retry-After (errors plugin adds the header): the PDF cannot be made now, it can in a few seconds. */
export class PdfRetryLater extends ApiProblem {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor(message: string) {
    super(503, 'busy', message)
  }
}

/** The PDF process ended during the task (killed, out of memory); the next task starts it again. */
const PROCESS_LOST = 'Le document n’a pas pu être préparé : réessayez dans quelques secondes.'

/** Compiled code runs dist/workers/pdf-process.js; tests and benches run the .ts source through the same loader (execArgv). */
function processFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./pdf-process${extension}`, import.meta.url).pathname
}

export class PdfLane {
  private child: ChildProcess | null = null
  private idleTimer: NodeJS.Timeout | undefined
  private readonly pending = new Map<number, { resolve: (output: PdfOutput) => void; reject: (error: Error) => void }>()

  constructor(
    private readonly cpuClass: PdfCpuClass,
    private readonly settings: () => { threads: number; idleMs: number }
  ) {}

  get pid(): number | null {
    return this.child?.pid ?? null
  }

  run(id: number, task: PdfTask): Promise<PdfOutput> {
    clearTimeout(this.idleTimer)
    const child = (this.child ??= this.start())
    return new Promise<PdfOutput>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      const request: PdfRequest = { id, task }
      child.send(request)
    })
  }

  /** Drops a task: its promise never settles, the process stops working on it. */
  cancel(id: number): void {
    if (!this.pending.delete(id)) return
    const request: PdfRequest = { cancel: id }
    if (this.child?.connected === true) this.child.send(request)
    this.settled()
  }

  async stop(): Promise<void> {
    const ending = this.child
    if (ending === null) return
    this.child = null
    clearTimeout(this.idleTimer)
    if (ending.exitCode !== null || ending.signalCode !== null) return
    const exited = new Promise((resolve) => ending.once('exit', resolve))
    // The PDF process ends when its channel closes (pdf-process.ts).
    if (ending.connected) ending.disconnect()
    else ending.kill()
    await exited
  }

  private start(): ChildProcess {
    const started = spawn(process.execPath, [...process.execArgv, processFile(), String(this.settings().threads), this.cpuClass], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced'
    })
    started.on('message', (reply: PdfReply) => {
      const waiting = this.pending.get(reply.id)
      if (waiting === undefined) return
      this.pending.delete(reply.id)
      if ('output' in reply) waiting.resolve(reply.output)
      else waiting.reject(new Error(reply.error))
      this.settled()
    })
    const lost = () => {
      if (this.child !== started) return
      this.child = null
      // Only this process's tasks can be in flight: a new one starts only once this one is gone.
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id)
        waiting.reject(new PdfRetryLater(PROCESS_LOST))
      }
      this.settled()
    }
    started.once('exit', lost)
    started.once('error', lost)
    return started
  }

  private settled(): void {
    clearTimeout(this.idleTimer)
    if (this.pending.size === 0 && this.child !== null) this.idleTimer = setTimeout(() => void this.stop(), this.settings().idleMs).unref()
  }
}
