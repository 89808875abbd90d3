// How a PDF process lowers itself (workers/background-priority.ts): the background one in
// SCHED_IDLE for all its threads with util-linux's chrt, as in the gateway's image, or, on a
// machine without chrt, at nice 19 for every thread, so the PDFs still give way to pages and
// JSON; the catch-up one at nice 10, in the normal class, so it gets its share.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import t from 'tap'
import { CATCH_UP_NICE, FALLBACK_NICE } from '../../src/workers/background-priority.js'
import { SCHED_IDLE, SCHED_OTHER } from '../support/thread-classes.js'

const fixture = fileURLToPath(new URL('../support/become-background.ts', import.meta.url))

async function lowered(
  env: NodeJS.ProcessEnv,
  cpuClass = 'background'
): Promise<{ how: string; threads: Array<{ policy: number; nice: number }> }> {
  const { stdout } = await promisify(execFile)(process.execPath, [...process.execArgv, fixture, cpuClass], { env })
  return JSON.parse(stdout) as { how: string; threads: Array<{ policy: number; nice: number }> }
}

t.test('with chrt: every thread in the idle class', async (t) => {
  const result = await lowered(process.env)
  t.equal(result.how, 'idle')
  t.ok(result.threads.length >= 2)
  t.same(
    result.threads.filter((thread) => thread.policy !== SCHED_IDLE),
    [],
    'SCHED_IDLE everywhere'
  )
})

t.test('without chrt: every thread at nice 19, in the normal class', async (t) => {
  const result = await lowered({ ...process.env, PATH: '/nonexistent' })
  t.equal(result.how, 'nice')
  t.ok(result.threads.length >= 2)
  t.same(
    result.threads.filter((thread) => thread.policy !== SCHED_OTHER || thread.nice !== FALLBACK_NICE),
    [],
    `nice ${FALLBACK_NICE} everywhere`
  )
})

t.test('the catch-up process: every thread at nice 10, in the normal class', async (t) => {
  const result = await lowered(process.env, 'catch-up')
  t.equal(result.how, 'nice')
  t.ok(result.threads.length >= 2)
  t.same(
    result.threads.filter((thread) => thread.policy !== SCHED_OTHER || thread.nice !== CATCH_UP_NICE),
    [],
    `nice ${CATCH_UP_NICE} everywhere`
  )
})
