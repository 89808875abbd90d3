// Run as a process by background-priority.test.ts: lowers itself to the class named in its
// argument as a PDF process does, then prints how, and each thread's scheduling policy and nice
// value (fields 41 and 19 of stat).
import { readdirSync, readFileSync } from 'node:fs'
import { lowerThisProcess } from '../../src/workers/background-priority.js'

const how = lowerThisProcess(process.argv[2] === 'catch-up' ? 'catch-up' : 'background')
const threads = readdirSync('/proc/self/task').map((task) => {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { policy: Number(fields[38]), nice: Number(fields[16]) }
})
process.stdout.write(JSON.stringify({ how, threads }))
