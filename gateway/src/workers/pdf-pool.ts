// CPU-heavy PDF work (quote rendering, signed copy + seal) runs on worker threads so the event
// loop keeps answering pages and JSON meanwhile. The pool is sized to the cores and its queue
// is bounded: past it, requests get a 503 « réessayez » with Retry-After instead of waiting
// minutes or exhausting memory.
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { ApiProblem } from '../errors.js'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../signing/signed-pdf.js'
import type { PdfTask } from './pdf-tasks.js'
import { lowerHelperThreads } from './thread-priority.js'

export interface PdfPoolLimits {
  /** Worker threads at most (default: one per core). */
  maxThreads: number
  /** Tasks waiting for a thread at most; one more gets a 503. */
  maxQueue: number
}

export const RETRY_AFTER_SECONDS = 5

/** 503 with Retry-After: the pool's queue is full (errors plugin adds the header). */
export class PdfPoolBusy extends ApiProblem {
  readonly retryAfterSeconds = RETRY_AFTER_SECONDS
  constructor() {
    super(503, 'busy', 'Le serveur prépare beaucoup de documents en ce moment : réessayez dans quelques secondes.')
  }
}

const cores = availableParallelism()
let limits: PdfPoolLimits = { maxThreads: cores, maxQueue: 16 * cores }
let pool: Piscina | null = null
let users = 0

/** Compiled code runs dist/workers/pdf-tasks.js; tests and benches run the .ts source through the same loader (execArgv). */
function taskFile(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
  return new URL(`./pdf-tasks${extension}`, import.meta.url).href
}

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: taskFile(),
    minThreads: 0,
    maxThreads: limits.maxThreads,
    maxQueue: limits.maxQueue,
    // Idle threads end after a while: an idle gateway does not hold the PDF libraries' memory.
    idleTimeout: 30_000,
    // The loader flags (tests) and --conditions reach the threads.
    execArgv: process.execArgv
  })
  return pool
}

/** For tests: a small pool to reach saturation; takes effect at the next pool start. */
export function setPdfPoolLimits(next: Partial<PdfPoolLimits>): void {
  limits = { ...limits, ...next }
}

/** Each app holds the pool while it runs (plugins/app/pdf-workers.ts); the last one closing ends the threads, after their tasks. */
export function holdPdfPool(): () => Promise<void> {
  users += 1
  let released = false
  return async () => {
    if (released) return
    released = true
    users -= 1
    if (users === 0 && pool !== null) {
      const ending = pool
      pool = null
      // Tasks already queued or running finish (the requests in flight get their PDF), then the threads end.
      await ending.close()
    }
  }
}

const started = { quote: 0, signed: 0 }

/** How many tasks of each kind went to the threads since the process started (tests check render-once with it). */
export function pdfTasksStarted(): Readonly<typeof started> {
  return { ...started }
}

async function run(task: PdfTask): Promise<Uint8Array> {
  const current = thePool()
  if (current.queueSize >= limits.maxQueue) throw new PdfPoolBusy()
  started[task.kind] += 1
  // Before the task (V8's helpers, there from the start) and after it (threads a new PDF thread
  // brought meanwhile): a few system calls beside a render of hundreds of milliseconds.
  lowerHelperThreads()
  try {
    return (await current.run(task)) as Uint8Array
  } catch (error) {
    if (error instanceof Error && error.message === 'Task queue is at limit') throw new PdfPoolBusy()
    throw error
  } finally {
    lowerHelperThreads()
  }
}

export function renderQuotePdfOffThread(input: QuotePdfInput): Promise<Uint8Array> {
  return run({ kind: 'quote', input })
}

export function sealSignedPdfOffThread(input: SignedPdfInput, certificate: SealCertificate, seal: SealInfo): Promise<Uint8Array> {
  return run({ kind: 'signed', input, certificate, seal })
}
