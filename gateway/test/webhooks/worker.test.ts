// The delivery worker on its own: an event acknowledged (2xx) whose « delivered » update fails is
// never posted again (kept in memory, marked at the next pass or at stop); two gateways on one
// database post each delivery once; in production a stored URL whose name resolves to loopback is
// refused at delivery, without connecting.
import t from 'tap'
import type { Database, Queryable } from '../../src/db/database.js'
import { createWebhookWorker, type WebhookWorkerOptions } from '../../src/webhooks/delivery-worker.js'
import { testDatabase } from '../support/databases.js'
import { startReceiver } from '../support/webhook-receiver.js'
import { AUTH_ENV, newUser, subscribe } from '../support/workspace-users.js'
import { buildApp } from '../helper.js'

const db = await testDatabase('pglite')
// The app's own worker stays out of the way (it polls once an hour): the workers below are the ones tested.
const app = await buildApp(AUTH_ENV, { database: db, webhooks: { pollIntervalMs: 3_600_000 } })
t.teardown(() => app.close())

interface Logged {
  level: string
  message: string
}

function logger(into: Logged[]): WebhookWorkerOptions['log'] {
  return {
    info: (_details, message) => void into.push({ level: 'info', message }),
    warn: (_details, message) => void into.push({ level: 'warn', message }),
    error: (_details, message) => void into.push({ level: 'error', message })
  }
}

/** An Entreprise company with one endpoint to `url`, and `count` events queued for it. */
async function companyWithEvents(url: string, count: number): Promise<{ endpointId: string }> {
  const owner = await newUser(app)
  await owner.request('GET', '/api/profile')
  await subscribe(db, owner.id, 'entreprise')
  const { rows } = await db.query<{ id: string }>(
    `insert into paraphe.webhook_endpoints (company_id, url, events, secret, secret_prefix, created_by)
     values ($1, $2, array['quote.sent'], 'whsec_test-secret', 'whsec_test', $1) returning id`,
    [owner.id, url]
  )
  for (let index = 0; index < count; index += 1) {
    await db.query(`select paraphe.enqueue_webhook_event($1, 'quote.sent', null, $2::jsonb)`, [owner.id, JSON.stringify({ index })])
  }
  return { endpointId: (rows[0] as { id: string }).id }
}

const statuses = async (endpointId: string) =>
  (
    await db.query<{ status: string }>('select status from paraphe.webhook_deliveries where endpoint_id = $1 order by id', [endpointId])
  ).rows.map((row) => row.status)

t.test('acknowledged, but the database fails to record it: never posted again, recorded later', async (t) => {
  const receiver = await startReceiver(t)
  const { endpointId } = await companyWithEvents(receiver.url, 1)
  let failNext = true
  const flaky: Database = {
    ...db,
    transaction: (work, settings) => db.transaction(work, settings),
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      if (failNext && sql.includes(`status = 'delivered'`)) {
        failNext = false
        return Promise.reject(new Error('connexion perdue'))
      }
      return (db as Queryable).query<Row>(sql, params)
    }
  }
  const logs: Logged[] = []
  const worker = createWebhookWorker({
    db: flaky,
    log: logger(logs),
    publicUrl: new URL('http://127.0.0.1'),
    destination: { production: false },
    pollIntervalMs: 600_000,
    retryDelayMs: () => 0
  })
  worker.start()
  worker.start()
  await worker.wake()
  t.equal(receiver.received.length, 1)
  t.same(await statuses(endpointId), ['pending'], 'not recorded yet')
  t.ok(logs.some((entry) => entry.level === 'error' && entry.message === 'webhook worker failed, will try again'))
  await worker.wake()
  t.equal(receiver.received.length, 1, 'not posted again')
  t.same(await statuses(endpointId), ['delivered'], 'recorded at the next pass')
  t.ok(logs.some((entry) => entry.message === 'webhook marked delivered after a database failure'))
  t.ok(logs.some((entry) => entry.message === 'webhook worker recovered'))
  await worker.stop()
  await worker.stop()
  await worker.wake()
})

t.test('two gateways on one database: each event posted once', async (t) => {
  const receiver = await startReceiver(t)
  const { endpointId } = await companyWithEvents(receiver.url, 25)
  const workers = [0, 1].map(() =>
    createWebhookWorker({
      db,
      log: logger([]),
      publicUrl: new URL('http://127.0.0.1'),
      destination: { production: false },
      pollIntervalMs: 600_000
    })
  )
  t.teardown(() => Promise.all(workers.map((worker) => worker.stop())))
  for (const worker of workers) worker.start()
  // More than a pass's batch (20): the workers go on at once until none is due.
  await Promise.all(workers.map((worker) => worker.wake()))
  await receiver.waitFor(25)
  await Promise.all(workers.map((worker) => worker.wake()))
  const ids = receiver.received.map((request) => String(request.headers['paraphe-event-id']))
  t.equal(ids.length, 25)
  t.equal(new Set(ids).size, 25, 'no event twice')
  t.same(new Set(await statuses(endpointId)), new Set(['delivered']))
})

t.test('production: a stored address whose name resolves to loopback is refused at delivery', async (t) => {
  const receiver = await startReceiver(t)
  const port = new URL(receiver.url).port
  const { endpointId } = await companyWithEvents(`https://localhost:${port}/hooks`, 1)
  const worker = createWebhookWorker({
    db,
    log: logger([]),
    publicUrl: new URL('https://devis.exemple.fr'),
    destination: { production: true },
    pollIntervalMs: 600_000
  })
  t.teardown(() => worker.stop())
  worker.start()
  await worker.wake()
  t.equal(receiver.received.length, 0, 'no connection to loopback')
  const { rows } = await db.query<{ status: string; last_error: string }>(
    'select status, last_error from paraphe.webhook_deliveries where endpoint_id = $1',
    [endpointId]
  )
  t.match(rows[0], { status: 'pending', last_error: /localhost résout vers une adresse interne/ })
})
