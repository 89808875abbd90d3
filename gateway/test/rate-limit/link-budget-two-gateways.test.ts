// The signing links' budget per client address is one budget, whichever gateway answers: two
// gateways on one PostgreSQL (@fastify/rate-limit with the database store) refuse the request
// after the limit's worth across both, and another address keeps its own budget.
import t from 'tap'
import { LINK_REQUESTS_PER_MINUTE } from '../../src/routes/api/token-link-guards.js'
import { buildApp } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { startEarlyInMinute } from '../support/minute-window.js'

t.test('two gateways on one PostgreSQL share the signing-link budget', async (t) => {
  const db = await testDatabase('postgres')
  const gateways = [await buildApp({}, { database: db }), await buildApp({}, { database: db })]
  t.teardown(() => Promise.all(gateways.map((gateway) => gateway.close())))
  const remoteAddress = '203.0.113.41'
  const url = `/api/sign/${'B'.repeat(43)}`
  await startEarlyInMinute()
  const served = [0, 0]
  for (let index = 0; index < LINK_REQUESTS_PER_MINUTE; index += 1) {
    const response = await gateways[index % 2]?.inject({ url, remoteAddress })
    if (response?.statusCode === 404) served[index % 2] = (served[index % 2] ?? 0) + 1
  }
  t.same(served, [LINK_REQUESTS_PER_MINUTE / 2, LINK_REQUESTS_PER_MINUTE / 2], 'the budget’s requests, half on each, answered')
  for (const [index, gateway] of gateways.entries()) {
    const refused = await gateway.inject({ url, remoteAddress })
    t.equal(refused.statusCode, 429, `then refused on gateway ${index + 1} too`)
    t.match(refused.json<{ error: { message: string } }>().error.message, /Trop de requêtes/)
    t.ok(Number(refused.headers['retry-after']) > 0, 'with Retry-After')
  }
  t.equal((await gateways[1]?.inject({ url, remoteAddress: '203.0.113.42' }))?.statusCode, 404, 'another address is not affected')
})
