// The job registry's runner on both engines: a job queued in a transaction runs once, even with
// two runners (two gateways) on one database; a singleton key keeps one run pending; a failing
// handler is tried again after its definition's back-off and given up after its last attempt; a
// periodic job is queued once whoever queues it; a job this gateway does not know waits.
import t from 'tap'
import type { Database } from '../../src/db/database.js'
import { defineJob } from '../../src/jobs/job-definition.js'
import { enqueueJob } from '../../src/jobs/job-queue.js'
import { createJobRunner, registerJob, type RegisteredJob } from '../../src/jobs/job-runner.js'
import { forEachEngine } from '../support/databases.js'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** A runner that never polls by itself: the test runs its passes (wake). */
function runner(db: Database, jobs: RegisteredJob[], { start = true } = {}) {
  const created = createJobRunner({ db, log: quiet, jobs, periodicEveryMs: 3_600_000, pollIntervalMs: 3_600_000, leaseMs: 60_000 })
  if (start) created.start()
  t.teardown(() => created.stop())
  return created
}

async function rows(db: Database, name: string) {
  return (
    await db.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from paraphe.jobs where name = $1 order by id',
      [name]
    )
  ).rows
}

forEachEngine('a job queued in a transaction runs once, with two runners on one database', async (t, db) => {
  const name = `test.once.${db.engine}`
  const seen: string[] = []
  const job = defineJob<{ value: string }>({ name, singletonKey: ({ value }) => `${name}:${value}` })
  const handler = registerJob(job, async ({ value }) => {
    seen.push(value)
  })
  const first = runner(db, [handler])
  const second = runner(db, [handler])
  await db.transaction(async (tx) => {
    t.equal(await enqueueJob(tx, job, { value: 'a' }), true, 'queued')
    t.equal(await enqueueJob(tx, job, { value: 'a' }), false, 'the same key while one is pending: dropped')
    t.equal(await enqueueJob(tx, job, { value: 'b' }), true, 'another key: queued')
  })
  await Promise.all([first.wake(), second.wake()])
  t.same(seen.sort(), ['a', 'b'], 'each ran once')
  t.same(
    (await rows(db, name)).map((row) => row.status),
    ['done', 'done']
  )
  t.equal(await enqueueJob(db, job, { value: 'a' }), true, 'once done, the key may be queued again')
})

forEachEngine('a failing job is tried again after its back-off, then given up', async (t, db) => {
  const name = `test.failing.${db.engine}`
  let tries = 0
  const job = defineJob<Record<string, never>>({ name, maxAttempts: 3, retryDelayMs: () => 0 })
  const failing = runner(db, [
    registerJob(job, async () => {
      tries += 1
      throw new Error(`try ${tries} failed`)
    })
  ])
  await enqueueJob(db, job, {})
  for (let pass = 0; pass < 3; pass += 1) await failing.wake()
  t.equal(tries, 3, 'three attempts')
  t.same(await rows(db, name), [{ status: 'failed', attempts: 3, last_error: 'try 3 failed' }], 'kept as failed with its last error')
})

forEachEngine('periodic jobs are queued once whoever queues them; unknown jobs wait for a gateway that has them', async (t, db) => {
  const name = `test.periodic.${db.engine}`
  let runs = 0
  const job = defineJob<Record<string, never>>({ name, periodic: true })
  const handler = registerJob(job, async () => {
    runs += 1
  })
  // Not started yet: a start's first pass could run the row before the other gateway queues (then
  // one run done and one pending, as intended, but not what this checks).
  const first = runner(db, [handler], { start: false })
  const second = runner(db, [handler], { start: false })
  await Promise.all([first.queuePeriodic(), second.queuePeriodic()])
  t.equal((await rows(db, name)).length, 1, 'one run pending')
  first.start()
  second.start()
  await Promise.all([first.wake(), second.wake()])
  t.equal(runs, 1, 'run once')

  const unknown = defineJob<Record<string, never>>({ name: `test.unknown.${db.engine}` })
  await enqueueJob(db, unknown, {})
  await first.wake()
  const [waiting] = await rows(db, unknown.name)
  t.equal(waiting?.status, 'pending', 'still pending')
  t.match(waiting?.last_error ?? '', /no job named/)
})

t.test('two jobs of one name are refused at start', async (t) => {
  const job = defineJob<Record<string, never>>({ name: 'test.twice' })
  const handler = registerJob(job, async () => undefined)
  t.throws(() => createJobRunner({ db: {} as Database, log: quiet, jobs: [handler, handler], periodicEveryMs: 1_000 }), /same name/)
})
