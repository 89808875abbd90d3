// Requests before background work on the embedded database. Its one connection serves everything
// in turn: with pg's first-come queue, a read arriving during a burst of issues waited behind
// every job transaction queued before it (renders stored, hand-offs queued, the queues' claims
// and marks), each one's wait adding to the next. Background work is marked where it starts (the
// queues' passes, queue/polling-worker.ts) and follows through its awaits (AsyncLocalStorage),
// without a parameter in every job's code; the gate (postgres-database.ts, the embedded database
// only) then hands the connection to a waiting request first.
//
// Background work is never starved: after `REQUESTS_BEFORE_BACKGROUND` requests went ahead of it
// in a row, the oldest background work goes next. A server's pool needs none of this: its
// connections serve requests and jobs side by side, and several gateways share the queue by the
// database's own locks, whatever order each gateway hands its connections out in.
import { AsyncLocalStorage } from 'node:async_hooks'

const background = new AsyncLocalStorage<true>()

/** Runs `work` (and everything it awaits) as background work: it gives way to requests on the embedded database. */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work)
}

/** Whether the caller runs inside asBackgroundWork. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true
}

/** Requests that may go ahead of waiting background work in a row before it gets its turn. */
export const REQUESTS_BEFORE_BACKGROUND = 8

export interface PriorityGate {
  /** Waits for a slot (requests first); resolves to the function that frees it, to call once. */
  enter: (kind: 'request' | 'background') => Promise<() => void>
  /** Work waiting for a slot. */
  waiting: () => number
}

export function priorityGate(slots: number, requestsBeforeBackground = REQUESTS_BEFORE_BACKGROUND): PriorityGate {
  let free = slots
  const requests: Array<() => void> = []
  const backgroundWork: Array<() => void> = []
  /** Requests let in while background work waited, since background work last went in. */
  let passedOver = 0

  function next(): (() => void) | undefined {
    const backgroundTurn = backgroundWork.length > 0 && (requests.length === 0 || passedOver >= requestsBeforeBackground)
    if (backgroundTurn) {
      passedOver = 0
      return backgroundWork.shift()
    }
    if (backgroundWork.length > 0) passedOver += 1
    return requests.shift()
  }

  function leave(): void {
    const admit = next()
    // The slot passes straight to the next in line, or is freed when nobody waits.
    if (admit === undefined) free += 1
    else admit()
  }

  return {
    enter(kind) {
      let left = false
      const exit = () => {
        if (left) return
        left = true
        leave()
      }
      if (free > 0 && requests.length === 0 && backgroundWork.length === 0) {
        free -= 1
        return Promise.resolve(exit)
      }
      return new Promise((resolve) => (kind === 'request' ? requests : backgroundWork).push(() => resolve(exit)))
    },
    waiting: () => requests.length + backgroundWork.length
  }
}
