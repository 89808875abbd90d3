// The loop both queue workers share (the e-mail outbox, the webhooks' deliveries): a pass at
// start, then one every poll interval; wake() runs one now; a pass that left work due is followed
// by the next at once; a failing pass is logged once per outage, not once per poll.

import { asBackgroundWork } from '../db/work-priority.js'
import type { Log } from '../logging.js'

/** The logger's shape (pino's methods fit it). */
export type WorkerLog = Log

export interface PollingWorkerOptions {
  /** Names the worker in its log lines: « <name> worker failed, will try again ». */
  name: string
  pollIntervalMs: number
  /**
   * One pass over the queue; `running()` turns false when stop() is called (finish the row in
   * hand, take no other). Resolves to true when rows are still due (the next pass starts at once).
   */
  pass: (running: () => boolean) => Promise<boolean>
  log: WorkerLog
  /** Milliseconds until a row this worker knows of falls due (a retry it scheduled), if any: the next pass starts then rather than at the poll. */
  nextDueInMs?: () => number | null
  /** Runs once stop() has waited for the pass in flight, before it resolves. */
  afterStop?: () => Promise<void>
}

export interface PollingWorker {
  /** First pass at once, then one every poll interval. */
  start: () => void
  /**
   * Runs a pass now (after the current one, if one is running), e.g. right after a transaction
   * that queued work committed. Resolves when that pass is over; never rejects.
   */
  wake: () => Promise<void>
  /** Stops the timer and waits for the pass in flight, if any. */
  stop: () => Promise<void>
}

export function createPollingWorker(options: PollingWorkerOptions): PollingWorker {
  const { name, pollIntervalMs, log } = options
  let state: 'idle' | 'running' | 'stopped' = 'idle'
  let timer: NodeJS.Timeout | undefined
  let current: Promise<void> | null = null
  let waiters: Array<() => void> = []
  let moreDue = false
  let failing = false
  const running = () => state === 'running'

  function schedule(delayMs: number): void {
    clearTimeout(timer)
    timer = setTimeout(() => void run(), delayMs)
    // The poll must never keep the process (or a test) alive by itself.
    if (delayMs > 0) timer.unref()
  }

  async function run(): Promise<void> {
    timer = undefined
    if (state !== 'running' || current !== null) return
    const done = waiters
    waiters = []
    moreDue = false
    // Background work: on the embedded database, requests waiting for its connection go first.
    current = asBackgroundWork(() => options.pass(running)).then(
      (more) => {
        moreDue = more
        if (failing) log.info({}, `${name} worker recovered`)
        failing = false
      },
      (error: unknown) => {
        // Once per outage, not once per poll.
        if (!failing) log.error({ err: error }, `${name} worker failed, will try again`)
        failing = true
      }
    )
    await current
    current = null
    for (const resolve of done) resolve()
    if (state === 'running')
      schedule(moreDue || waiters.length > 0 ? 0 : Math.min(pollIntervalMs, options.nextDueInMs?.() ?? pollIntervalMs))
  }

  return {
    start() {
      if (state !== 'idle') return
      state = 'running'
      schedule(0)
    },
    wake() {
      if (state === 'stopped') return Promise.resolve()
      const passed = new Promise<void>((resolve) => waiters.push(resolve))
      // Not started yet: the first pass answers. Running: the next one, right after it.
      if (state === 'running' && current === null) schedule(0)
      return passed
    },
    async stop() {
      if (state === 'stopped') return
      state = 'stopped'
      clearTimeout(timer)
      await current
      await options.afterStop?.()
      for (const resolve of waiters) resolve()
      waiters = []
    }
  }
}
