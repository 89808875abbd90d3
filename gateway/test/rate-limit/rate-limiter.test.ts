// The database-backed rate limiter on both engines: a budget per subject and window, shared by
// every limiter on the database (as by several gateways), a new window starting from zero, a reset.
import { createRateLimiter } from '../../src/rate-limit/rate-limiter.js'
import { forEachEngine } from '../support/databases.js'

forEachEngine('budgets per subject and window, shared through the database', async (t, db) => {
  const one = createRateLimiter(db)
  const two = createRateLimiter(db)
  const rule = { bucket: `test-${Math.random()}`, max: 3, windowSeconds: 60 }
  const hits = [
    await one.hit(rule, '203.0.113.1'),
    await two.hit(rule, '203.0.113.1'),
    await one.hit(rule, '203.0.113.1'),
    await two.hit(rule, '203.0.113.1')
  ]
  t.same(
    hits.map((result) => result.allowed),
    [true, true, true, false],
    'the fourth hit, on either limiter, is over'
  )
  t.ok(hits[3]!.retryAfterSeconds >= 1 && hits[3]!.retryAfterSeconds <= 60, 'retry after the window')
  t.equal((await one.peek(rule, '203.0.113.1')).hits, 4, 'peek counts without adding')
  t.equal((await one.peek(rule, '203.0.113.2')).hits, 0, 'another subject has its own budget')
  t.equal((await one.hit({ ...rule, bucket: `${rule.bucket}-other` }, '203.0.113.1')).hits, 1, 'another bucket too')
  await one.reset(rule, '203.0.113.1')
  t.equal((await two.hit(rule, '203.0.113.1')).hits, 1, 'after a reset, from zero')

  // Windows are aligned on the database's clock: start right after a boundary, so that both hits
  // below fall in one window even on a busy machine (two hits in a row may otherwise straddle one).
  const short = { bucket: `short-${Math.random()}`, max: 1, windowSeconds: 2 }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  const {
    rows: [clock]
  } = await db.query<{ into: number }>(`select (extract(epoch from now()) % 2)::float8 as into`)
  await sleep((2 - Number(clock?.into ?? 0)) * 1_000 + 50)
  t.equal((await one.hit(short, 'x')).allowed, true)
  t.equal((await one.hit(short, 'x')).allowed, false, 'the second hit of the window is over')
  await sleep(2_100)
  t.equal((await one.peek(short, 'x')).hits, 0, 'a new window starts from zero')
  t.equal((await one.hit(short, 'x')).allowed, true)
  const { rows } = await db.query<{ key: string }>('select key from paraphe.rate_limits')
  t.ok(
    rows.every((row) => /^[0-9a-f]{64}$/.test(row.key)),
    'subjects are stored only as SHA-256'
  )
})
