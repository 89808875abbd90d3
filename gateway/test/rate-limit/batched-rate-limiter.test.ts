// The refresh budget without a round trip per hit (rate-limit/batched-limiter.ts), on both
// engines: one budget for two gateways on one database, the hits of each reaching the other at the
// next flush, and the database asked only by the flushes.
import { createBatchedRateLimiter } from '../../src/rate-limit/batched-limiter.js'
import { createRateLimiter } from '../../src/rate-limit/rate-limiter.js'
import type { Queryable } from '../../src/db/database.js'
import { forEachEngine } from '../support/databases.js'

/** The database, counting the statements sent through it. */
function counting(db: Queryable): { db: Queryable; statements: () => number } {
  let statements = 0
  return {
    db: {
      query: (sql, params) => {
        statements += 1
        return db.query(sql, params)
      },
      script: (sql) => db.script(sql)
    },
    statements: () => statements
  }
}

forEachEngine('one budget for the gateways, without a round trip per hit', async (t, db) => {
  // Flushed by hand below: an interval longer than the test.
  const one = counting(db)
  const gatewayOne = createBatchedRateLimiter(one.db, { flushIntervalMs: 600_000 })
  const gatewayTwo = createBatchedRateLimiter(db, { flushIntervalMs: 600_000 })
  t.teardown(async () => {
    await gatewayOne.close()
    await gatewayTwo.close()
  })
  const rule = { bucket: `refresh-${Math.random()}`, max: 10, windowSeconds: 60 }
  const ip = '203.0.113.5'

  const first = await Promise.all(Array.from({ length: 6 }, () => gatewayOne.hit(rule, ip)))
  t.same(
    first.map((result) => result.hits).sort((a, b) => a - b),
    [1, 2, 3, 4, 5, 6],
    'concurrent hits are all counted'
  )
  t.equal(one.statements(), 0, 'six hits, no round trip')
  t.ok(first.every((result) => result.allowed && result.retryAfterSeconds >= 1 && result.retryAfterSeconds <= 60))

  await gatewayOne.flush()
  t.equal(one.statements(), 1, 'the six hits in one statement')
  t.equal((await createRateLimiter(db).peek(rule, ip)).hits, 6, 'the database holds every hit')

  // The second gateway learns the total at its first flush, its own hits included.
  t.equal((await gatewayTwo.hit(rule, ip)).hits, 1)
  await gatewayTwo.flush()
  t.equal((await gatewayTwo.hit(rule, ip)).hits, 8, 'the database’s 7, and this one')
  await gatewayTwo.hit(rule, ip)
  await gatewayTwo.hit(rule, ip)
  const over = await gatewayTwo.hit(rule, ip)
  t.equal(over.allowed, false, 'the eleventh hit across both gateways is refused')
  t.ok(over.retryAfterSeconds >= 1 && over.retryAfterSeconds <= 60, 'until the database’s window ends')
  await gatewayTwo.flush()

  // The first gateway learns the other's hits at its next flush.
  await gatewayOne.hit(rule, ip)
  await gatewayOne.flush()
  const after = await gatewayOne.hit(rule, ip)
  t.equal(after.allowed, false, 'over the budget on the first gateway too')
  t.equal(after.hits, 13)
  t.equal(one.statements(), 2, 'eight hits on this gateway, two round trips: its flushes')

  t.equal((await gatewayOne.hit(rule, '203.0.113.6')).hits, 1, 'another address has its own budget')
})

forEachEngine('hits of a failed flush are sent again at the next one', async (t, db) => {
  let failNext = false
  const flaky: Queryable = {
    query: (sql, params) => {
      if (failNext) {
        failNext = false
        return Promise.reject(new Error('connexion perdue'))
      }
      return db.query(sql, params)
    },
    script: (sql) => db.script(sql)
  }
  const limiter = createBatchedRateLimiter(flaky, { flushIntervalMs: 600_000 })
  t.teardown(() => limiter.close())
  const rule = { bucket: `flaky-${Math.random()}`, max: 100, windowSeconds: 60 }
  await limiter.hit(rule, 'x')
  await limiter.flush()
  await limiter.hit(rule, 'x')
  await limiter.hit(rule, 'x')
  failNext = true
  await limiter.flush()
  t.equal((await createRateLimiter(db).peek(rule, 'x')).hits, 1, 'the lost flush counted nothing')
  await limiter.flush()
  t.equal((await createRateLimiter(db).peek(rule, 'x')).hits, 3, 'sent again')
  t.equal((await limiter.hit(rule, 'x')).hits, 4, 'the database’s total, and this hit')
})

forEachEngine('the periodic flush runs by itself; a closed limiter sends what is left', async (t, db) => {
  const limiter = createBatchedRateLimiter(db, { flushIntervalMs: 50 })
  const rule = { bucket: `timer-${Math.random()}`, max: 100, windowSeconds: 60 }
  await limiter.hit(rule, 'x')
  await limiter.hit(rule, 'x')
  const peek = createRateLimiter(db)
  // Bounded wait for the background flush (a busy machine may delay the timer).
  for (let i = 0; i < 200 && (await peek.peek(rule, 'x')).hits < 2; i++) await new Promise((resolve) => setTimeout(resolve, 25))
  t.equal((await peek.peek(rule, 'x')).hits, 2, 'flushed in the background')
  await limiter.hit(rule, 'x')
  await limiter.close()
  t.equal((await peek.peek(rule, 'x')).hits, 3, 'flushed on close')
})
