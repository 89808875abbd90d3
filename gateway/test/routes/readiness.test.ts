import t from 'tap'
import net from 'node:net'
import { availableParallelism } from 'node:os'
import type { FastifyInstance } from 'fastify'
import { openPglite } from '../../src/db/pglite-database.js'
import { DEPENDENCY_TIMEOUT_MS, STALL_MS } from '../../src/plugins/app/readiness.js'
import { setPdfPoolLimits } from '../../src/workers/pdf-pool.js'
import { waitUntil } from '../support/gateway-process.js'
import { buildApp } from '../helper.js'

t.test('a dependency down is reported, yet the process stays ready and serves its pages', async (t) => {
  const database = await openPglite(null)
  let up = true
  const app = await buildApp(
    {},
    {
      database,
      extra: async (fastify: FastifyInstance) => {
        fastify.readiness.watch('flaky', async () => {
          if (!up) throw new Error('connection refused')
          return true
        })
      }
    }
  )
  t.teardown(() => app.close())
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ok', checks: { eventLoop: 'ok', site: 'ok' }, dependencies: { pdf: 'ok', database: 'ok', flaky: 'ok' } })
  t.equal(ready.headers['cache-control'], 'no-store')
  // The database goes away for real (its connection closed), and another dependency throws.
  await database.close()
  up = false
  const down = await app.inject({ url: '/readyz' })
  t.equal(down.statusCode, 200, 'a shared dependency never fails readiness')
  t.same(down.json(), {
    status: 'ok',
    checks: { eventLoop: 'ok', site: 'ok' },
    dependencies: { pdf: 'ok', database: 'failed', flaky: 'failed' }
  })
  for (const url of ['/', '/tarifs', '/SignatureDevis', '/verification'])
    t.equal((await app.inject({ url })).statusCode, 200, `${url} still served from memory`)
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, 'still alive')
})

t.test('what this process needs to serve (a required check) does fail readiness', async (t) => {
  const app = await buildApp(
    {},
    {
      extra: async (fastify: FastifyInstance) => {
        fastify.readiness.require('siteCopy', async () => false)
      }
    }
  )
  t.teardown(() => app.close())
  const response = await app.inject({ url: '/readyz' })
  t.equal(response.statusCode, 503)
  t.same(response.json(), {
    status: 'unavailable',
    checks: { eventLoop: 'ok', site: 'ok', siteCopy: 'failed' },
    dependencies: { pdf: 'ok', database: 'ok' }
  })
})

t.test('a dependency that hangs is a timeout after 1 s: /readyz answers well within the proxy’s 3 s', async (t) => {
  const app = await buildApp(
    {},
    {
      extra: async (fastify: FastifyInstance) => {
        fastify.readiness.watch('auth', () => new Promise<boolean>(() => undefined))
      }
    }
  )
  t.teardown(() => app.close())
  const started = Date.now()
  const response = await app.inject({ url: '/readyz' })
  const took = Date.now() - started
  t.equal(response.statusCode, 200)
  t.same(response.json<{ dependencies: object }>().dependencies, { pdf: 'ok', database: 'ok', auth: 'timeout' })
  t.ok(took >= DEPENDENCY_TIMEOUT_MS - 50 && took < 2500, `answered in ${took} ms`)
})

t.test('a costly check (everyMs) is asked once per period, however often /readyz is probed', async (t) => {
  let asked = 0
  const app = await buildApp(
    {},
    {
      extra: async (fastify: FastifyInstance) => {
        fastify.readiness.watch('costly', async () => ++asked > 0, { everyMs: 60_000 })
      }
    }
  )
  t.teardown(() => app.close())
  for (let i = 0; i < 5; i++)
    t.equal((await app.inject({ url: '/readyz' })).json<{ dependencies: Record<string, string> }>().dependencies.costly, 'ok')
  t.equal(asked, 1)
})

t.test('SMTP: reported reachable or not, never failing readiness', async (t) => {
  const smtp = net.createServer((socket) => {
    // The check closes its connection at once: the greeting may meet a reset.
    socket.on('error', () => undefined)
    socket.end('220 test ESMTP\r\n')
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const open = (smtp.address() as net.AddressInfo).port
  const reachable = await buildApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(open) })
  t.teardown(() => reachable.close())
  t.equal((await reachable.inject({ url: '/readyz' })).json<{ dependencies: Record<string, string> }>().dependencies.smtp, 'ok')
  await new Promise((resolve) => smtp.close(resolve))
  // The port now closed: a new gateway finds nobody there.
  const unreachable = await buildApp({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(open) })
  t.teardown(() => unreachable.close())
  const response = await unreachable.inject({ url: '/readyz' })
  t.equal(response.statusCode, 200)
  t.equal(response.json<{ dependencies: Record<string, string> }>().dependencies.smtp, 'failed')
})

t.test('PDF processes: a full queue is reported busy', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  setPdfPoolLimits({ maxThreads: 0, maxQueue: 0 })
  // Back to the pool's defaults.
  t.teardown(() => setPdfPoolLimits({ maxThreads: availableParallelism(), maxQueue: 16 * availableParallelism() }))
  const response = await app.inject({ url: '/readyz' })
  t.equal(response.statusCode, 200)
  t.equal(response.json<{ dependencies: Record<string, string> }>().dependencies.pdf, 'busy')
})

t.test('its own event loop stalled: not ready for a few seconds, then ready again by itself', async (t) => {
  const app = await buildApp(
    {},
    {
      extra: async (fastify: FastifyInstance) => {
        fastify.get('/__test/block', async () => {
          // A synchronous hot loop, as a runaway computation would be.
          const until = performance.now() + STALL_MS + 300
          while (performance.now() < until);
          return { blocked: true }
        })
      }
    }
  )
  t.teardown(() => app.close())
  await app.inject({ url: '/__test/block' })
  // The watcher's next tick sees how late it is.
  await waitUntil(async () => (await app.inject({ url: '/readyz' })).statusCode === 503, 50)
  const stalled = await app.inject({ url: '/readyz' })
  t.same(stalled.json<{ checks: object }>().checks, { eventLoop: 'stalled', site: 'ok' })
  t.equal((await app.inject({ url: '/' })).statusCode, 200, 'requests that do reach it are still answered')
  await waitUntil(async () => (await app.inject({ url: '/readyz' })).statusCode === 200, 200)
  t.pass('ready again without a restart')
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
  t.same(ready.json(), { status: 'unavailable', checks: { shutdown: 'failed' }, dependencies: {} })
  t.equal(ready.headers.connection, 'close')
  const page = await app.inject({ url: '/api/plans' })
  t.equal(page.statusCode, 200, 'requests still in flight are answered normally')
  t.equal(page.headers.connection, 'close')
  t.equal(app.shutdown.drain(), app.shutdown.drain(), 'a second signal waits for the same drain')
})
