// Run as a process by background-priority.test.ts: lowers itself to the class named in its
// argument as a PDF process does, then prints how, and each thread's scheduling policy and nice value.
import { lowerThisProcess } from '../../src/workers/background-priority.js'
import { threadClasses } from './thread-classes.js'

const how = lowerThisProcess(process.argv[2] === 'catch-up' ? 'catch-up' : 'background')
process.stdout.write(JSON.stringify({ how, threads: threadClasses('self') }))
