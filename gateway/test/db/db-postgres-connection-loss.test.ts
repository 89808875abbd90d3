// A PostgreSQL backend terminated at any moment (a server restart, a failover, an operator's
// pg_terminate_backend, an idle-in-transaction timeout, a pooler recycling connections) fails
// only the work that used it: the process keeps running, the failure is recognised as « the
// database is unavailable » (answered as a French 503 by the API), the broken connection is not
// handed out again, and the next work gets a fresh one. Each moment of a connection's life is
// tried on its own, then all of them at random, many times.
import t, { type Test } from 'tap'
import pg from 'pg'
import { openPostgres } from '../../src/db/postgres-database.js'
import { isDatabaseUnavailable } from '../../src/db/unavailable.js'
import type { Database, Queryable } from '../../src/db/database.js'
import { testPostgresServer } from '../support/databases.js'

const ROUNDS = Number(process.env.CONNECTION_LOSS_ROUNDS ?? 10)

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20))
}

/** A separate connection, named apart from the gateway's, that terminates the gateway's backends. */
async function operator(
  t: Test,
  url: string
): Promise<{ terminateAll: () => Promise<number>; activeQuery: (prefix: string) => Promise<boolean> }> {
  const client = new pg.Client({ connectionString: url, application_name: 'operator' })
  // The operator's own connection never drops in these tests; a listener all the same.
  client.on('error', () => undefined)
  await client.connect()
  t.teardown(() => client.end())
  return {
    terminateAll: async () =>
      (
        await client.query<{ n: number }>(
          "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'paraphe-gateway'"
        )
      ).rows[0]?.n ?? 0,
    activeQuery: async (prefix) =>
      (
        await client.query(
          "select 1 from pg_stat_activity where application_name = 'paraphe-gateway' and state = 'active' and query like $1",
          [`${prefix}%`]
        )
      ).rows.length > 0
  }
}

async function pool(t: Test, url: string, maxConnections = 2): Promise<{ db: Database; idleErrors: Error[] }> {
  const idleErrors: Error[] = []
  const db = await openPostgres({ connectionString: url, maxConnections, onIdleError: (error) => idleErrors.push(error) })
  t.teardown(() => db.close())
  return { db, idleErrors }
}

/** Settles now, so a rejection is never left unobserved while the test awaits something else. */
function observe<T>(work: Promise<T>): Promise<PromiseSettledResult<T>> {
  return work.then(
    (value) => ({ status: 'fulfilled', value }) as const,
    (reason: unknown) => ({ status: 'rejected', reason }) as const
  )
}

/**
 * The next query's answer. A connection terminated while idle in the pool can be handed out
 * before its termination notice is read (nothing tells the pool yet): that one query fails, and
 * the connection is dropped. So each connection the operator terminated may cost one failure, as
 * a lost connection, never more: with `poolSize` connections, the query is answered within
 * `poolSize + 1` tries.
 */
async function answered<Row>(t: Test, db: Queryable, sql: string, poolSize: number): Promise<Row | undefined> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await db.query<Row>(sql)).rows[0]
    } catch (error) {
      if (attempt >= poolSize || !isDatabaseUnavailable(error)) throw error
      t.comment(`a connection terminated while idle failed one query: ${String(error)}`)
    }
  }
}

async function backendPid(db: Queryable): Promise<number> {
  return (await db.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0
}

t.test('terminated while idle in the pool: the next query gets a fresh connection', async (t) => {
  const { url } = await testPostgresServer()
  const { db, idleErrors } = await pool(t, url, 1)
  const kill = await operator(t, url)
  for (let round = 0; round < ROUNDS; round++) {
    const before = await backendPid(db)
    t.equal(await kill.terminateAll(), 1, `round ${round}: the idle connection terminated`)
    await waitUntil(async () => idleErrors.length > round)
    const after = await backendPid(db)
    t.not(after, before, `round ${round}: a new connection answers`)
  }
  t.ok(idleErrors.every(isDatabaseUnavailable), 'the idle errors are reported, as a lost connection')
})

t.test('terminated while idle in a transaction: that transaction fails, the next commits', async (t) => {
  const { url } = await testPostgresServer()
  const { db, idleErrors } = await pool(t, url, 1)
  const kill = await operator(t, url)
  for (let round = 0; round < ROUNDS; round++) {
    let terminatedPid = 0
    const outcome = await observe(
      db.transaction(async (tx) => {
        terminatedPid = await backendPid(tx)
        await kill.terminateAll()
        // No query is in flight while the connection goes: the client can only report it
        // through its 'error' event.
        await new Promise((resolve) => setTimeout(resolve, 50))
        await tx.query('select 1')
      })
    )
    t.equal(outcome.status, 'rejected', `round ${round}: the transaction fails`)
    t.ok(outcome.status === 'rejected' && isDatabaseUnavailable(outcome.reason), 'as a lost connection')
    t.not(await backendPid(db), terminatedPid, 'the next query is on a new connection')
  }
  t.equal(
    await db.transaction(async (tx) => (await tx.query<{ n: number }>('select 2 as n')).rows[0]?.n),
    2,
    'the next transaction commits'
  )
  t.same(idleErrors, [], 'nothing was reported as an idle connection error')
})

for (const [name, run] of [
  ['a single query', (db: Database) => db.query("select pg_sleep(60), 'single' as marker")],
  ['a query in a transaction', (db: Database) => db.transaction((tx) => tx.query("select pg_sleep(60), 'in transaction' as marker"))]
] as const) {
  t.test(`terminated during ${name}: that work fails, the pool answers the next`, async (t) => {
    const { url } = await testPostgresServer()
    const { db } = await pool(t, url, 2)
    const kill = await operator(t, url)
    for (let round = 0; round < ROUNDS; round++) {
      const sleeping = observe(run(db))
      await waitUntil(() => kill.activeQuery('select pg_sleep(60)'))
      await kill.terminateAll()
      const outcome = await sleeping
      t.ok(
        outcome.status === 'rejected' && isDatabaseUnavailable(outcome.reason),
        `round ${round}: the query in flight fails as a lost connection`
      )
      t.equal((await answered<{ n: number }>(t, db, 'select 3 as n', 2))?.n, 3, 'the pool answers the next query')
    }
  })
}

t.test('terminated while connecting: the connect fails or the next work succeeds', async (t) => {
  const { url } = await testPostgresServer()
  const { db } = await pool(t, url, 1)
  const kill = await operator(t, url)
  let failures = 0
  for (let round = 0; round < ROUNDS; round++) {
    // The pool is empty (every connection terminated): the query opens a connection while the
    // operator keeps terminating whatever backend of the gateway's appears.
    await kill.terminateAll()
    const attempt = observe(db.query('select 1'))
    let settled = false
    void attempt.then(() => (settled = true))
    while (!settled) await kill.terminateAll()
    const outcome = await attempt
    if (outcome.status === 'rejected') {
      failures++
      t.ok(isDatabaseUnavailable(outcome.reason), `round ${round}: a failed connect is a lost connection (${String(outcome.reason)})`)
    }
    t.equal((await answered<{ n: number }>(t, db, 'select 4 as n', 1))?.n, 4, 'the next query is answered')
  }
  t.comment(`${failures} of ${ROUNDS} connects failed`)
})

t.test('terminations at random moments of many queries and transactions', async (t) => {
  const { url } = await testPostgresServer()
  const { db } = await pool(t, url, 4)
  const kill = await operator(t, url)
  await db.script(
    'create table if not exists loss_counter (id int primary key, n int not null); insert into loss_counter values (1, 0) on conflict do nothing'
  )
  const outcomes: Array<PromiseSettledResult<unknown>> = []
  let committed = 0
  const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
  const work = async (): Promise<void> => {
    if (Math.random() < 0.4) {
      await db.query('select pg_sleep($1::float8 / 1000)', [Math.random() * 10])
      return
    }
    await db.transaction(async (tx) => {
      await tx.query('update loss_counter set n = n + 1 where id = 1')
      await pause()
      await tx.query('select pg_sleep($1::float8 / 1000)', [Math.random() * 5])
      await pause()
    })
    committed++
  }
  const workers = Array.from({ length: 8 }, async () => {
    for (let index = 0; index < ROUNDS * 5; index++) outcomes.push(await observe(work()))
  })
  let stormOver = false
  const storm = (async () => {
    while (!stormOver) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 30))
      await kill.terminateAll()
    }
  })()
  await Promise.all(workers)
  stormOver = true
  await storm
  const failures = outcomes.filter((outcome) => outcome.status === 'rejected')
  t.ok(failures.length > 0, `${failures.length} of ${outcomes.length} pieces of work lost their connection`)
  t.ok(outcomes.length - failures.length > 0, `${outcomes.length - failures.length} succeeded between terminations`)
  const unexpected = failures.filter((outcome) => !isDatabaseUnavailable(outcome.reason))
  t.same(
    unexpected.map((outcome) => String(outcome.reason)),
    [],
    'every failure is a lost connection'
  )
  // A transaction that failed left nothing behind: the counter counts exactly the commits.
  const counted = (await answered<{ n: number }>(t, db, 'select n from loss_counter where id = 1', 4))?.n
  t.ok(
    counted !== undefined && counted >= committed && counted <= committed + failures.length,
    `the counter (${counted}) counts the ${committed} commits (a commit whose answer was lost may count too)`
  )
  t.equal((await answered<{ n: number }>(t, db, 'select 5 as n', 4))?.n, 5, 'after the storm the pool answers')
})
