import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { openPglite } from '../src/db/pglite-database.js'
import { buildApp } from './helper.js'

t.test('readiness reports each dependency and answers 503 when one is down', async (t) => {
  const database = await openPglite(null)
  let up = true
  const app = await buildApp({}, {
    database,
    extra: async (fastify: FastifyInstance) => {
      fastify.readiness.add('flaky', async () => {
        if (!up) throw new Error('connection refused')
        return true
      })
    }
  })
  t.teardown(() => app.close())
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ok', checks: { site: 'ok', database: 'ok', flaky: 'ok' } })
  // The database goes away for real (its connection closed), and another check throws.
  await database.close()
  up = false
  const down = await app.inject({ url: '/readyz' })
  t.equal(down.statusCode, 503)
  t.same(down.json(), { status: 'unavailable', checks: { site: 'ok', database: 'failed', flaky: 'failed' } })
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'still alive')
})

t.test('a check that hangs counts as a timeout after 2 s', async (t) => {
  const app = await buildApp({}, {
    extra: async (fastify: FastifyInstance) => {
      fastify.readiness.add('auth', () => new Promise<boolean>(() => undefined))
    }
  })
  t.teardown(() => app.close())
  const started = Date.now()
  const response = await app.inject({ url: '/readyz' })
  t.equal(response.statusCode, 503)
  t.same(response.json<{ checks: object }>().checks, { site: 'ok', database: 'ok', auth: 'timeout' })
  t.ok(Date.now() - started < 4000)
})

t.test('once draining (SIGTERM): readiness 503 at once, every response closes its connection', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const before = await app.inject({ url: '/api/plans' })
  t.equal(before.headers.connection, 'keep-alive')
  t.equal(app.shutdown.draining, false)
  await app.shutdown.drain()
  t.equal(app.shutdown.draining, true)
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 503)
  t.same(ready.json(), { status: 'unavailable', checks: { shutdown: 'failed' } })
  t.equal(ready.headers.connection, 'close')
  const page = await app.inject({ url: '/api/plans' })
  t.equal(page.statusCode, 200, 'requests still in flight are answered normally')
  t.equal(page.headers.connection, 'close')
  t.equal(app.shutdown.drain(), app.shutdown.drain(), 'a second signal waits for the same drain')
})
