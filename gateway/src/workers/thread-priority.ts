// Pages and JSON come first. On Linux a thread has its own nice value: the PDF threads lower
// theirs (pdf-tasks.ts), but their garbage collection and compilation run on V8's helper
// threads, shared by the whole process and created at its start at the normal priority. Measured
// beside a draft PDF load (per-thread CPU from /proc): the helpers used more CPU than the
// renders themselves, at nice 0, against the event loop. Node 20 does not name its threads, so
// every thread but the event loop's is lowered around each PDF task (pdf-pool.ts). The event
// loop's own collections still get help whenever a core is idle. Best effort: elsewhere than Linux, or in a
// container that forbids it, the priorities stay as they were.
import { readdirSync } from 'node:fs'
import { setPriority } from 'node:os'

export const BACKGROUND_NICE = 10

/** Lowers every thread of this process except the event loop's; returns how many it lowered. */
export function lowerHelperThreads(nice = BACKGROUND_NICE): number {
  let tasks: string[]
  try {
    tasks = readdirSync('/proc/self/task')
  } catch {
    return 0
  }
  let lowered = 0
  for (const task of tasks) {
    const tid = Number(task)
    // The event loop's thread id is the process id.
    if (!Number.isInteger(tid) || tid === process.pid) continue
    try {
      setPriority(tid, nice)
      lowered += 1
    } catch {
      // Gone meanwhile, or not permitted: that thread keeps its priority.
    }
  }
  return lowered
}
