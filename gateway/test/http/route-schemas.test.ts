// The gateway compiles its route schemas lazily, at each route's first request
// (lazy-schema-compilers.ts), to start faster. The price would be a broken schema found only by
// the first user of its route, as a 500. Here every route of both account modes (embedded, and
// GoTrue behind the proxy) is built with Fastify's eager compilers: each validator and
// serializer compiles, so the lazy ones will too.
import t from 'tap'
import Fastify from 'fastify'
import app, { serverOptions } from '../../src/app.js'
import { testConfig } from '../helper.js'
import { testDatabase } from '../support/databases.js'

for (const [mode, env] of [
  ['embedded accounts', {}],
  [
    'GoTrue behind the proxy',
    {
      AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'test-anon-key-0000000000',
      SUPABASE_JWT_SECRET: 'test-secret-test-secret-test-secret-0000'
    }
  ]
] as const) {
  t.test(`${mode}: every route's schemas compile`, async (t) => {
    const config = testConfig(env)
    const { schemaController: _lazy, ...eager } = serverOptions(config)
    const fastify = Fastify({ ...eager, logger: false })
    let withSchemas = 0
    fastify.addHook('onRoute', (route) => {
      if (route.schema !== undefined) withSchemas += 1
    })
    await fastify.register(app, { config, database: await testDatabase('pglite'), jobs: {} })
    await t.resolves(async () => {
      await fastify.ready()
    }, 'ready with every validator and serializer compiled')
    t.ok(withSchemas >= 40, `the API's routes carry schemas (${withSchemas})`)
    await fastify.close()
  })
}
