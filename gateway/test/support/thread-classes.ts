// Each thread of a process with its scheduling policy (0 SCHED_OTHER, 5 SCHED_IDLE) and nice
// value, from /proc (fields 41 and 19 of stat, counted after the command's closing parenthesis).
import { readdirSync, readFileSync } from 'node:fs'

export const SCHED_OTHER = 0
export const SCHED_IDLE = 5

export function threadClasses(pid: number | 'self'): Array<{ tid: number; policy: number; nice: number }> {
  const threads = []
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      threads.push({ tid: Number(task), policy: Number(fields[38]), nice: Number(fields[16]) })
    } catch {
      // The thread ended meanwhile.
    }
  }
  return threads
}
