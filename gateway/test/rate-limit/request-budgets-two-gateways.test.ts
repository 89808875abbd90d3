// Every request budget is one budget whichever gateway answers (@fastify/rate-limit on the
// database's store): an API key's calls and one address's sign-in attempts, spread over two
// gateways on one PostgreSQL, are refused once the limit's worth has been spent across both.
import t from 'tap'
import { buildApp } from '../helper.js'
import { entrepriseWithKey, keyClient } from '../support/api-clients.js'
import { testDatabase } from '../support/databases.js'
import { startEarlyInMinute } from '../support/minute-window.js'
import { buildWorkspaceApp } from '../support/workspace-users.js'

const LIMIT = 6

t.test('two gateways on one PostgreSQL share an API key’s budget and an address’s sign-in budget', async (t) => {
  const db = await testDatabase('postgres')
  const env = { API_RATE_LIMIT_PER_MINUTE: String(LIMIT), AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) }
  const gateways = [await buildWorkspaceApp(db, env), await buildWorkspaceApp(db, env)]
  t.teardown(() => Promise.all(gateways.map((gateway) => gateway.close())))
  const [first, second] = gateways
  if (first === undefined || second === undefined) throw new Error('two gateways')
  const client = await entrepriseWithKey(first, db)
  const calls = [keyClient(first, client.secret), keyClient(second, client.secret)]

  await t.test('an API key', async (t) => {
    await startEarlyInMinute()
    const statuses: number[] = []
    for (let index = 0; index < LIMIT; index += 1) statuses.push((await calls[index % 2]!('GET', '/api/v1/quotes')).statusCode)
    t.same(statuses, Array(LIMIT).fill(200), 'the budget’s calls, half on each gateway, answered')
    for (const [index, call] of calls.entries()) {
      const refused = await call('GET', '/api/v1/quotes')
      t.equal(refused.statusCode, 429, `then refused on gateway ${index + 1} too`)
      t.match(refused.json<{ error: { message: string } }>().error.message, /Trop de requêtes avec cette clé d’API/)
      t.ok(Number(refused.headers['retry-after']) >= 1, 'with Retry-After')
    }
  })

  await t.test('sign-in attempts from one address, on the embedded accounts', async (t) => {
    const accounts = [await buildApp(env, { database: db }), await buildApp(env, { database: db })]
    t.teardown(() => Promise.all(accounts.map((gateway) => gateway.close())))
    await startEarlyInMinute()
    const attempt = (index: number, remoteAddress = '198.51.100.7') =>
      accounts[index % 2]!.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        remoteAddress,
        payload: { email: `nobody-${index}@example.fr`, password: 'not the password' }
      })
    const statuses: number[] = []
    for (let index = 0; index < LIMIT; index += 1) statuses.push((await attempt(index)).statusCode)
    t.same(statuses, Array(LIMIT).fill(400), 'wrong credentials, answered as such on both gateways')
    for (const index of [0, 1]) {
      const refused = await attempt(index)
      t.equal(refused.statusCode, 429, `then refused on gateway ${index + 1} too`)
      t.equal(refused.json<{ error_code: string }>().error_code, 'over_request_rate_limit')
      t.ok(Number(refused.headers['retry-after']) >= 1, 'with Retry-After')
    }
    t.equal((await attempt(0, '198.51.100.8')).statusCode, 400, 'another address keeps its own budget')
  })
})
