// Pages and JSON come first. The background PDF process (pdf-process.ts) puts itself, every
// thread it has and every thread it will start, in Linux's SCHED_IDLE class: it runs on the CPU
// time the gateway and the database leave, and a gateway thread that wakes takes the core back
// at once. Lowering the nice value was not enough: measured beside the home page under load
// (gateway/bench/heavy-work.ts), PDF threads at nice 10, and even 19, kept the home page at
// 0.39–0.46 of its throughput alone (the event loop sleeps and wakes at every request, and waits
// for the core each time); SCHED_IDLE kept it at 0.72–0.76, the same as beside a process that
// only spins. V8's helper threads of the PDF process (its garbage collection, its compilation)
// are included, as they belong to it. The class is set by util-linux's chrt (in every Debian
// image, the gateway's included); without it, nice 19 on every thread, which new threads inherit.
// A task that waits too long there goes to the catch-up process, at nice 10 (pdf-pool.ts).
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { setPriority } from 'node:os'

export const FALLBACK_NICE = 19
export const CATCH_UP_NICE = 10

/** The background process runs on idle time; the catch-up process takes a share of the CPU. */
export type PdfCpuClass = 'background' | 'catch-up'

/** How the process lowered itself: SCHED_IDLE, a nice value, or not at all (not Linux, or refused). */
export type LoweredTo = 'idle' | 'nice' | 'unchanged'

function threadIds(): string[] {
  try {
    return readdirSync('/proc/self/task')
  } catch {
    // Not Linux: only the calling thread.
    return [String(process.pid)]
  }
}

function niceEveryThread(nice: number): LoweredTo {
  let lowered: LoweredTo = 'unchanged'
  for (const task of threadIds()) {
    try {
      setPriority(Number(task), nice)
      lowered = 'nice'
    } catch {
      // Gone meanwhile, or not permitted: that thread keeps its priority.
    }
  }
  return lowered
}

/** Lowers this process, all its threads and the ones it will start, to `cpuClass`. */
export function lowerThisProcess(cpuClass: PdfCpuClass): LoweredTo {
  if (cpuClass === 'catch-up') return niceEveryThread(CATCH_UP_NICE)
  try {
    execFileSync('chrt', ['--idle', '--all-tasks', '--pid', '0', String(process.pid)], { stdio: 'ignore' })
    return 'idle'
  } catch {
    // No chrt, or a container that forbids it: the nice value, thread by thread.
    return niceEveryThread(FALLBACK_NICE)
  }
}
