// Requests before background work on the embedded database's one connection: while the
// connection is busy, a request that arrives after waiting background work still goes first;
// background work is not starved (it goes after a bounded number of requests); the queues' work
// (a job's handler) runs as background work, a request's code does not.
import t, { type Test } from 'tap'
import { priorityGate, asBackgroundWork, isBackgroundWork } from '../../src/db/work-priority.js'
import { defineJob } from '../../src/jobs/job-definition.js'
import { enqueueJob } from '../../src/jobs/job-queue.js'
import { createJobRunner, registerJob } from '../../src/jobs/job-runner.js'
import { testDatabase } from '../support/databases.js'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** Who went in, in order, once the slot held at the start is freed. */
async function order(t: Test, requestsBeforeBackground: number, arrivals: Array<'request' | 'background'>): Promise<string[]> {
  const gate = priorityGate(1, requestsBeforeBackground)
  const held = await gate.enter('request')
  const entered: string[] = []
  const counts = { request: 0, background: 0 }
  const all = arrivals.map(async (kind) => {
    counts[kind] += 1
    const name = `${kind[0]}${counts[kind]}`
    const exit = await gate.enter(kind)
    entered.push(name)
    exit()
  })
  t.equal(gate.waiting(), arrivals.length, 'all wait while the slot is held')
  held()
  await Promise.all(all)
  return entered
}

t.test('a waiting request goes before background work that came first', async (t) => {
  t.same(await order(t, 8, ['background', 'request', 'request', 'background', 'request']), ['r1', 'r2', 'r3', 'b1', 'b2'])
  t.same(await order(t, 8, ['background', 'background']), ['b1', 'b2'], 'background work alone goes in its order')
})

t.test('background work passed over by as many requests as allowed goes next', async (t) => {
  t.same(await order(t, 2, ['background', 'request', 'request', 'request', 'request', 'request']), ['r1', 'r2', 'b1', 'r3', 'r4', 'r5'])
})

t.test('an exit called twice frees one slot', async (t) => {
  const gate = priorityGate(1)
  const exit = await gate.enter('request')
  exit()
  exit()
  const first = await gate.enter('request')
  let second = false
  const waiting = gate.enter('request').then((exitSecond) => {
    second = true
    exitSecond()
  })
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(second, false, 'the second waits: the double exit did not make two slots')
  first()
  await waiting
  t.equal(second, true)
})

t.test('the embedded database serves a waiting request before waiting background work', async (t) => {
  const db = await testDatabase('pglite')
  let release: () => void = () => undefined
  const holding = new Promise<void>((resolve) => (release = resolve))
  let opened: () => void = () => undefined
  const open = new Promise<void>((resolve) => (opened = resolve))
  const busy = db.transaction(async (tx) => {
    await tx.query('select 1')
    opened()
    await holding
  })
  await open
  const done: string[] = []
  const background = asBackgroundWork(() => db.query('select 1 as one')).then(() => done.push('background'))
  // The background work is queued first: it asked while the connection was held.
  await new Promise((resolve) => setImmediate(resolve))
  const request = db.query('select 2 as two').then(() => done.push('request'))
  release()
  await Promise.all([busy, background, request])
  t.same(done, ['request', 'background'])
})

t.test('a job runs as background work; the code that queued it does not', async (t) => {
  const db = await testDatabase('pglite')
  const name = 'test.priority'
  const seen: boolean[] = []
  const job = defineJob<Record<string, never>>({ name })
  const runner = createJobRunner({
    db,
    log: quiet,
    jobs: [registerJob(job, async () => void seen.push(isBackgroundWork()))],
    periodicEveryMs: 3_600_000,
    pollIntervalMs: 3_600_000
  })
  runner.start()
  t.teardown(() => runner.stop())
  await enqueueJob(db, job, {})
  t.equal(isBackgroundWork(), false, 'a request’s code is not background work')
  await runner.wake()
  t.same(seen, [true], 'the handler ran as background work')
})
