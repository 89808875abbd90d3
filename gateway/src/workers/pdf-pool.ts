// CPU-heavy PDF work (quote rendering, signed copy + seal) runs in a separate PDF process
// (pdf-process.ts: worker threads, lowest CPU class), so the event loop keeps answering pages
// and JSON meanwhile, even on a machine whose cores are all busy. The queue is bounded here: past
// it, requests get a 503 « réessayez » with Retry-After instead of waiting minutes or exhausting
// memory. The process starts at the first PDF, ends after a while without any (an idle gateway
// does not hold the PDF libraries' memory) and starts again if it dies (its tasks in flight get a
// 503 « réessayez », the gateway stays up).
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { ApiProblem } from '../errors.js'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../signing/signed-pdf.js'
import type { PdfReply, PdfRequest } from './pdf-messages.js'
import type { PdfTask } from './pdf-tasks.js'

export interface PdfPoolLimits {
  /** Worker threads of the PDF process at most (default: one per core). */
  maxThreads: number
  /** Tasks waiting for a thread at most; one more gets a 503. */
  maxQueue: number
  /** Time without any task after which the PDF process ends. */
  idleMs: number
}

export const RETRY_AFTER_SECONDS = 5

/** 503 with Retry-After: the queue is full (errors plugin adds the header). */
export class PdfPoolBusy extends ApiProblem {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor() {
    super(503, 'busy', 'Le serveur prépare beaucoup de documents en ce moment : réessayez dans quelques secondes.')
  }
}

/** 503 with Retry-After: the PDF process ended during the task (killed, out of memory); the next one starts it again. */
export class PdfProcessLost extends ApiProblem {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor() {
    super(503, 'busy', 'Le document n’a pas pu être préparé : réessayez dans quelques secondes.')
  }
}

const cores = availableParallelism()
let limits: PdfPoolLimits = { maxThreads: cores, maxQueue: 16 * cores, idleMs: 30_000 }
let pdfProcess: ChildProcess | null = null
let idleTimer: NodeJS.Timeout | undefined
let users = 0
let nextId = 0
const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>()
// Resolved when nothing is in flight: closing waits for it.
let drained: (() => void) | null = null

/** Compiled code runs dist/workers/pdf-process.js; tests and benches run the .ts source through the same loader (execArgv). */
function processFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./pdf-process${extension}`, import.meta.url).pathname
}

function startProcess(): ChildProcess {
  const started = spawn(process.execPath, [...process.execArgv, processFile(), String(limits.maxThreads)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced'
  })
  started.on('message', (reply: PdfReply) => {
    const waiting = pending.get(reply.id)
    if (waiting === undefined) return
    pending.delete(reply.id)
    if ('bytes' in reply) waiting.resolve(reply.bytes)
    else waiting.reject(new Error(reply.error))
    settled()
  })
  const lost = () => {
    if (pdfProcess !== started) return
    pdfProcess = null
    clearTimeout(idleTimer)
    // Only this process's tasks can be in flight: a new one starts only once this one is gone.
    for (const [id, waiting] of pending) {
      pending.delete(id)
      waiting.reject(new PdfProcessLost())
    }
    settled()
  }
  started.once('exit', lost)
  started.once('error', lost)
  return started
}

function settled(): void {
  if (pending.size > 0) return
  drained?.()
  drained = null
  clearTimeout(idleTimer)
  if (pdfProcess !== null) idleTimer = setTimeout(() => void stopProcess(), limits.idleMs).unref()
}

async function stopProcess(): Promise<void> {
  const ending = pdfProcess
  if (ending === null) return
  pdfProcess = null
  clearTimeout(idleTimer)
  if (ending.exitCode !== null || ending.signalCode !== null) return
  const exited = new Promise((resolve) => ending.once('exit', resolve))
  // The PDF process ends when its channel closes (pdf-process.ts).
  if (ending.connected) ending.disconnect()
  else ending.kill()
  await exited
}

/** For tests: a small pool to reach saturation; takes effect at the next start of the PDF process. */
export function setPdfPoolLimits(next: Partial<PdfPoolLimits>): void {
  limits = { ...limits, ...next }
}

/** For tests: the PDF process's id while it runs. */
export function pdfProcessId(): number | null {
  return pdfProcess?.pid ?? null
}

/** Each app holds the pool while it runs (plugins/app/pdf-workers.ts); the last one closing ends the PDF process, after its tasks. */
export function holdPdfPool(): () => Promise<void> {
  users += 1
  let released = false
  return async () => {
    if (released) return
    released = true
    users -= 1
    if (users > 0) return
    // Tasks already sent finish (the requests in flight get their PDF), then the process ends.
    if (pending.size > 0) await new Promise<void>((resolve) => (drained = resolve))
    if (users === 0) await stopProcess()
  }
}

const started = { quote: 0, signed: 0 }

/** How many tasks of each kind went to the PDF process since the gateway started (tests check render-once with it). */
export function pdfTasksStarted(): Readonly<typeof started> {
  return { ...started }
}

function run(task: PdfTask): Promise<Uint8Array> {
  if (pending.size >= limits.maxThreads + limits.maxQueue) return Promise.reject(new PdfPoolBusy())
  clearTimeout(idleTimer)
  pdfProcess ??= startProcess()
  const id = (nextId += 1)
  started[task.kind] += 1
  return new Promise<Uint8Array>((resolve, reject) => {
    pending.set(id, { resolve, reject })
    const request: PdfRequest = { id, task }
    pdfProcess?.send(request)
  })
}

export function renderQuotePdfOffThread(input: QuotePdfInput): Promise<Uint8Array> {
  return run({ kind: 'quote', input })
}

export function sealSignedPdfOffThread(input: SignedPdfInput, certificate: SealCertificate, seal: SealInfo): Promise<Uint8Array> {
  return run({ kind: 'signed', input, certificate, seal })
}
