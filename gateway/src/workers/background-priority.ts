// Pages and JSON come first. The PDF process (pdf-process.ts) puts itself, every thread it has
// and every thread it will start, in Linux's SCHED_IDLE class: it runs on the CPU time the
// gateway and the database leave, and a gateway thread that wakes takes the core back at once.
// Lowering the nice value was not enough: measured beside the home page under load
// (gateway/bench/heavy-work.ts), threads at nice 10 still took two thirds of a core from the
// event loop, which sleeps and wakes at every request; SCHED_IDLE threads did not. V8's helper
// threads of the PDF process (its garbage collection, its compilation) are included, as they
// belong to it. The class is set by util-linux's chrt (in every Debian image, the gateway's
// included); without it, nice 19 on every thread, which new threads inherit.
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { setPriority } from 'node:os'

export const FALLBACK_NICE = 19

function threadIds(): string[] {
  try {
    return readdirSync('/proc/self/task')
  } catch {
    // Not Linux: only the calling thread.
    return [String(process.pid)]
  }
}

/** How the process lowered itself: SCHED_IDLE, the highest nice value, or not at all (not Linux, or refused). */
export type BackgroundClass = 'idle' | 'nice' | 'unchanged'

export function becomeBackground(): BackgroundClass {
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' })
    return 'idle'
  } catch {
    // No chrt, or a container that forbids it: the nice value, thread by thread.
  }
  let lowered: BackgroundClass = 'unchanged'
  for (const task of threadIds()) {
    try {
      setPriority(Number(task), FALLBACK_NICE)
      lowered = 'nice'
    } catch {
      // Gone meanwhile, or not permitted: that thread keeps its priority.
    }
  }
  return lowered
}
