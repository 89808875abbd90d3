// A PDF process, started by the gateway (pdf-lane.ts) when it has a PDF to make: it renders
// quotes and seals signed copies on its own worker threads (piscina, one per core), lowered to
// the class it is given (background-priority.ts), so those renders take only the time pages and
// JSON leave. A process rather than threads of the gateway, because a scheduling class then
// covers everything the work brings (its threads, its garbage collection) without touching the
// gateway's own threads.
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'
import { lowerThisProcess } from './background-priority.js'
import type { PdfOutput, PdfReply, PdfRequest } from './pdf-messages.js'

lowerThisProcess(process.argv[3] === 'catch-up' ? 'catch-up' : 'background')

const threads = Number(process.argv[2]) || availableParallelism()
const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js'
const pool = new Piscina({
  filename: new URL(`./pdf-tasks${extension}`, import.meta.url).href,
  minThreads: 0,
  maxThreads: threads,
  // The gateway bounds the queue (a 503 past it); here every task it sends waits for a thread.
  maxQueue: Infinity,
  idleTimeout: 30_000,
  // The loader flags (tests) and --conditions reach the threads.
  execArgv: process.execArgv
})
const running = new Map<number, AbortController>()

function reply(message: PdfReply): void {
  // The gateway may be gone meanwhile: the 'disconnect' handler below ends this process.
  if (process.connected) process.send?.(message)
}

process.on('message', (request: PdfRequest) => {
  if ('cancel' in request) {
    running.get(request.cancel)?.abort()
    return
  }
  const controller = new AbortController()
  running.set(request.id, controller)
  pool
    .run(request.task, { signal: controller.signal })
    .then(
      (output: PdfOutput) => reply({ id: request.id, output }),
      (error: unknown) => reply({ id: request.id, error: error instanceof Error ? error.message : String(error) })
    )
    .finally(() => running.delete(request.id))
})

// The gateway closed the channel (its close, its crash or its kill): nothing is left to do.
process.once('disconnect', () => process.exit(0))
