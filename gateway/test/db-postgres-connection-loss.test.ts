// A PostgreSQL connection that drops in the middle of a transaction (the server restarts, an
// operator or a failover terminates the backend) fails that transaction only: the process keeps
// running, the broken connection is not handed out again, and the next queries work. Before this
// was handled, the dropped connection's 'error' event crashed the gateway (seen as « Connection
// terminated unexpectedly » when the test cluster stopped under a periodic job).
import t from 'tap'
import { openPostgres } from '../src/db/postgres-database.js'
import { testPostgresServer } from './support/databases.js'

async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test('a transaction whose connection is terminated while idle in it rejects; the pool recovers', async (t) => {
  const { url } = await testPostgresServer()
  const idleErrors: Error[] = []
  const db = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: (error) => idleErrors.push(error) })
  const operator = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  t.teardown(async () => {
    await db.close()
    await operator.close()
  })

  let terminatedPid = 0
  const failed = db.transaction(async (tx) => {
    terminatedPid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0
    await operator.query('select pg_terminate_backend($1)', [terminatedPid])
    // No query is in flight while the connection goes: the client can only report it through
    // its 'error' event, the case that used to be unhandled.
    await waitUntil(async () => (await operator.query('select 1 from pg_stat_activity where pid = $1', [terminatedPid])).rows.length === 0)
    await new Promise((resolve) => setTimeout(resolve, 200))
    await tx.query('select 1')
  })
  await t.rejects(failed, 'the transaction fails')

  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
  t.ok(rows[0]?.pid, 'the next query is answered')
  t.not(rows[0]?.pid, terminatedPid, 'on a new connection: the broken one was dropped')
  t.equal(await db.transaction(async (tx) => (await tx.query<{ n: number }>('select 2 as n')).rows[0]?.n), 2, 'the next transaction commits')
  t.same(idleErrors, [], 'nothing was reported as an idle connection error')
})

t.test('a connection terminated during a query fails that transaction only', async (t) => {
  const { url } = await testPostgresServer()
  const db = await openPostgres({ connectionString: url, maxConnections: 2, onIdleError: () => undefined })
  const operator = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  t.teardown(async () => {
    await db.close()
    await operator.close()
  })
  const sleeping = db.transaction(async (tx) => tx.query("select pg_sleep(60), 'never' as value"))
  await waitUntil(async () => (await operator.query("select 1 from pg_stat_activity where query like 'select pg_sleep(60)%' and state = 'active'")).rows.length === 1)
  await operator.query("select pg_terminate_backend(pid) from pg_stat_activity where query like 'select pg_sleep(60)%' and state = 'active'")
  await t.rejects(sleeping, 'the query in flight rejects')
  t.equal((await db.query<{ n: number }>('select 3 as n')).rows[0]?.n, 3, 'the pool answers the next query')
})
