// CPU-heavy PDF work (quote rendering, signed copy + seal) runs in separate PDF processes, so
// the event loop keeps answering pages and JSON meanwhile, even on a machine whose cores are all
// busy. A task goes first to the background process, in Linux's idle class (it only uses CPU
// time nothing else wants); if it is still waiting after `catchUpMs` (cores busy for that long,
// by this gateway or by anything else on the machine), it moves to the catch-up process, at
// nice 10, which takes its share: pages first, and no PDF starves. Seals go to the catch-up
// process at once: the client who just signed is waiting for the copy.
//
// The queue is bounded here (memory), by who waits: a seal (the client who just signed) may use
// the whole bound; a person's download all but a reserve kept for seals; a render made ahead of a
// quote's first view (nobody waits yet) only while the queue is shallow, and it is the first
// dropped when a seal or a download finds the queue deep: it is then made on demand at the first
// view. Past its bound a request gets a 503 « réessayez » with Retry-After instead of waiting
// minutes or exhausting memory.
import { availableParallelism } from 'node:os'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { QuotePdfInput } from '../pdf/quote-pdf.js'
import type { SealInfo } from '../seal/pdf-seal.js'
import type { SealCertificate } from '../seal/signing-certificate.js'
import type { SignedPdfInput } from '../pdf/signed-pdf.js'
import { PdfLane, PdfRetryLater } from './pdf-lane.js'
import type { PdfOutput } from './pdf-messages.js'
import type { PdfTask } from './pdf-tasks.js'

export interface PdfPoolLimits {
  /** Worker threads of each PDF process at most (default: one per core). */
  maxThreads: number
  /** Tasks waiting for a thread at most; one more gets a 503. */
  maxQueue: number
  /** Time without any task after which a PDF process ends. */
  idleMs: number
  /** Time a task waits in the background process before it moves to the catch-up process. */
  catchUpMs: number
}

/** The queue is full: a 503 « réessayez » rather than a wait of minutes or exhausted memory. */
const QUEUE_FULL = 'Le serveur prépare beaucoup de documents en ce moment : réessayez dans quelques secondes.'

/** Who waits for the PDF, which decides its place in the queue. */
export type PdfUrgency = 'seal' | 'download' | 'ahead'

/** A render made ahead of a first view, dropped or refused to keep room for a person's PDF: the first view makes it. */
export class PdfDeferred extends Error {
  constructor() {
    super('render ahead of the first view deferred: the PDF queue is deep')
    this.name = 'PdfDeferred'
  }
}

const cores = availableParallelism()
let limits: PdfPoolLimits = { maxThreads: cores, maxQueue: 16 * cores, idleMs: 30_000, catchUpMs: 3_000 }
const settings = () => ({ threads: limits.maxThreads, idleMs: limits.idleMs })
const background = new PdfLane('background', settings)
const catchUp = new PdfLane('catch-up', settings)
let users = 0
let nextId = 0

interface TaskInFlight {
  urgency: PdfUrgency
  /** Drops the task (a render ahead only): cancelled in its process, its caller told PdfDeferred. */
  defer: () => void
}
// In admission order, so the oldest renders ahead are dropped first.
const inFlight = new Map<number, TaskInFlight>()
// Resolved when nothing is in flight: closing waits for it.
let drained: (() => void) | null = null

/** For tests: a small pool to reach saturation, short delays; threads take effect at the next start of a PDF process. */
export function setPdfPoolLimits(next: Partial<PdfPoolLimits>): void {
  limits = { ...limits, ...next }
}

/** For tests: the PDF processes' ids while they run. */
export function pdfProcessIds(): { background: number | null; catchUp: number | null } {
  return { background: background.pid, catchUp: catchUp.pid }
}

/** Tasks sent to the PDF processes and not settled yet, by urgency (tests check the count returns to zero). */
export function pdfTasksInFlight(): Record<PdfUrgency, number> {
  const counts = { seal: 0, download: 0, ahead: 0 }
  for (const task of inFlight.values()) counts[task.urgency] += 1
  return counts
}

/** Each app holds the pool while it runs (plugins/app/pdf-workers.ts); the last one closing ends the PDF processes, after their tasks. */
export function holdPdfPool(): () => Promise<void> {
  users += 1
  let released = false
  return async () => {
    if (released) return
    released = true
    users -= 1
    if (users > 0) return
    // Tasks already sent finish (the requests in flight get their PDF), then the processes end.
    if (inFlight.size > 0) await new Promise<void>((resolve) => (drained = resolve))
    if (users === 0) await Promise.all([background.stop(), catchUp.stop()])
  }
}

const started = { quote: 0, signed: 0, invoice: 0, 'invoice-xml': 0 }

/** How many tasks of each kind went to the PDF processes since the gateway started (tests check render-once with it). */
export function pdfTasksStarted(): Readonly<typeof started> {
  return { ...started }
}

/** The whole bound: tasks running on the threads plus tasks waiting for one. */
const bound = () => limits.maxThreads + limits.maxQueue
/** Room only seals may take: one task per thread. */
const sealReserve = () => limits.maxThreads
/** Past this, every new task waits behind others: the queue is deep and renders ahead give way. */
const deep = () => 2 * limits.maxThreads

/** Admits a task of `urgency` now, dropping renders ahead to make room for a person's; throws when it must not enter. */
function admit(urgency: PdfUrgency): void {
  if (urgency === 'ahead') {
    if (inFlight.size >= deep()) throw new PdfDeferred()
    return
  }
  for (const task of [...inFlight.values()]) {
    if (inFlight.size < deep()) break
    if (task.urgency === 'ahead') task.defer()
  }
  const limit = urgency === 'seal' ? bound() : bound() - sealReserve()
  if (inFlight.size >= limit) throw new PdfRetryLater(QUEUE_FULL)
}

/** Whether a person's download would be taken now (reported by /readyz); past it, a 503 « réessayez ». */
export function pdfQueueHasRoom(): boolean {
  return inFlight.size < bound() - sealReserve()
}

async function run(task: PdfTask, urgency: PdfUrgency): Promise<PdfOutput> {
  admit(urgency)
  started[task.kind] += 1
  const id = (nextId += 1)
  let timer: NodeJS.Timeout | undefined
  let deferred: (error: Error) => void = () => undefined
  const result = new Promise<PdfOutput>((resolve, reject) => {
    deferred = reject
    // The client who just signed waits on the page for the sealed copy, the professional who
    // issues an invoice for its number (the company's issues queue behind its XML): no idle waiting.
    if (urgency === 'seal' || task.kind === 'invoice-xml') {
      catchUp.run(id, task).then(resolve, reject)
      return
    }
    background.run(id, task).then(resolve, reject)
    timer = setTimeout(() => {
      background.cancel(id)
      catchUp.run(id, task).then(resolve, reject)
    }, limits.catchUpMs)
  })
  inFlight.set(id, {
    urgency,
    defer: () => {
      clearTimeout(timer)
      background.cancel(id)
      catchUp.cancel(id)
      inFlight.delete(id)
      deferred(new PdfDeferred())
    }
  })
  try {
    return await result
  } finally {
    clearTimeout(timer)
    inFlight.delete(id)
    if (inFlight.size === 0) {
      drained?.()
      drained = null
    }
  }
}

/** A quote's PDF: for a person waiting (`download`, the default) or made ahead of its first view (`ahead`). */
export async function renderQuotePdfOffThread(input: QuotePdfInput, urgency: 'download' | 'ahead' = 'download'): Promise<Uint8Array> {
  return (await run({ kind: 'quote', input }, urgency)).bytes
}

export async function sealSignedPdfOffThread(input: SignedPdfInput, certificate: SealCertificate, seal: SealInfo): Promise<Uint8Array> {
  return (await run({ kind: 'signed', input, certificate, seal }, 'seal')).bytes
}

/**
 * An issued invoice's Factur-X files, made in a PDF process like a quote's PDF: the PDF/A-3 and
 * the XML it carries, built once there (the gateway's process never loads xmlbuilder2). Made by
 * the render job after the number is committed: nobody waits on it, so it takes the background
 * lane like a PDF made ahead (a full queue defers it, and the job tries again).
 */
/** An invoice's Factur-X files: the PDF/A-3 and the CII XML it carries. */
export interface FacturXFiles {
  pdf: Uint8Array
  xml: string
}

/** The CII XML alone, for the issuing transaction (its hash is part of the chain). */
export async function makeFacturXmlOffThread(document: InvoiceDocument): Promise<string> {
  const { xml } = await run({ kind: 'invoice-xml', document }, 'download')
  if (xml === undefined) throw new Error('the PDF process returned no XML')
  return xml
}

/**
 * An issued invoice's Factur-X files: rendered ahead by its job (deferred when the queue is deep,
 * the job tries again), or as a person's download when someone waits for them (sending, files).
 */
export async function makeFacturXOffThread(document: InvoiceDocument, urgency: 'ahead' | 'download' = 'ahead'): Promise<FacturXFiles> {
  const { bytes, xml } = await run({ kind: 'invoice', document }, urgency)
  if (xml === undefined) throw new Error('the PDF process returned an invoice without its XML')
  return { pdf: bytes, xml }
}
