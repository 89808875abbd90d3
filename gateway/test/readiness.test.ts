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
