// API keys: created by the owner on Entreprise, shown once and stored as a SHA-256 only, revoked
// with effect at the next request; the Bearer key on /api/v1 with its scopes, plan and isolation.
import { createHash } from 'node:crypto'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { forEachEngine } from '../support/databases.js'
import { entrepriseWithKey, keyClient } from '../support/api-clients.js'
import { buildWorkspaceApp, completeContent, newUser, subscribe } from '../support/workspace-users.js'

type ErrorJson = { error: { code: string; message: string; upgrade?: { planId: string; url: string } } }
interface KeyJson {
  id: string
  name: string
  displayPrefix: string
  scopes: string[]
  lastUsedAt: string | null
  revokedAt: string | null
}

const today = parisIsoDate(new Date())

forEachEngine('API keys', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())

  await t.test('created once by the owner, shown once, stored as its SHA-256 only', async (t) => {
    const client = await entrepriseWithKey(app, db, ['read'])
    t.match(client.secret, /^paraphe_[A-Za-z0-9_-]{43}$/, 'prefixed, 32 random bytes in base64url')
    const list = (await client.owner.request('GET', '/api/company/api-keys')).json<{ keys: KeyJson[] }>().keys
    t.equal(list.length, 1)
    const [key] = list as [KeyJson]
    t.same({ name: key.name, scopes: key.scopes, revokedAt: key.revokedAt }, { name: 'ERP', scopes: ['read'], revokedAt: null })
    t.equal(key.displayPrefix, client.secret.slice(0, 14), 'the prefix and 6 characters for display')
    t.notOk(JSON.stringify(list).includes(client.secret), 'the list never shows the secret')
    const { rows } = await db.query<{ secret_hash: Buffer; created_by: string; stored: string }>(
      `select secret_hash, created_by, row_to_json(k)::text as stored from paraphe.api_keys k where id = $1`,
      [key.id]
    )
    t.same(rows[0]?.secret_hash, createHash('sha256').update(client.secret).digest(), 'SHA-256 of the secret')
    t.equal(rows[0]?.created_by, client.owner.id, 'who created it')
    t.notOk(rows[0]?.stored.includes(client.secret.slice(14)), 'the secret itself is nowhere in the row')
  })

  await t.test('a member cannot see nor create keys; another company cannot revoke them', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const member = await newUser(app)
    await db.query(`insert into paraphe.company_members (user_id, company_id, role, email) values ($1, $2, 'member', $3)`, [
      member.id,
      client.owner.id,
      member.email
    ])
    const refused = await member.request('POST', '/api/company/api-keys', { name: 'Moi', scopes: ['read'] })
    t.equal(refused.statusCode, 403)
    t.equal(refused.json<ErrorJson>().error.code, 'owner_only')
    t.equal((await member.request('GET', '/api/company/api-keys')).statusCode, 403)
    t.equal((await member.request('DELETE', `/api/company/api-keys/${client.keyId}`)).statusCode, 403)
    const stranger = await newUser(app)
    t.equal(
      (await stranger.request('DELETE', `/api/company/api-keys/${client.keyId}`)).statusCode,
      404,
      'another company’s key does not exist for it'
    )
    t.equal((await client.call('GET', '/api/v1/quotes')).statusCode, 200, 'the key still works')
  })

  await t.test('revoked: 401 at the next request', async (t) => {
    const client = await entrepriseWithKey(app, db)
    t.equal((await client.call('GET', '/api/v1/quotes')).statusCode, 200)
    const revoked = await client.owner.request('DELETE', `/api/company/api-keys/${client.keyId}`)
    t.equal(revoked.statusCode, 200)
    t.ok(revoked.json<KeyJson>().revokedAt)
    const after = await client.call('GET', '/api/v1/quotes')
    t.equal(after.statusCode, 401)
    t.equal(after.json<ErrorJson>().error.code, 'api_key_revoked')
    t.equal(after.headers['www-authenticate'], 'Bearer error="invalid_token"')
  })

  await t.test('no key, a malformed key, an unknown key, a session token: 401 in French', async (t) => {
    const owner = await newUser(app)
    const answers = await Promise.all([
      app.inject({ url: '/api/v1/quotes' }),
      keyClient(app, 'paraphe_court')('GET', '/api/v1/quotes'),
      keyClient(app, `paraphe_${'A'.repeat(43)}`)('GET', '/api/v1/quotes'),
      keyClient(app, owner.token)('GET', '/api/v1/quotes')
    ])
    t.same(
      answers.map((answer) => answer.statusCode),
      [401, 401, 401, 401]
    )
    t.same(
      answers.map((answer) => answer.json<ErrorJson>().error.code),
      ['api_key_missing', 'invalid_api_key', 'invalid_api_key', 'invalid_api_key']
    )
    t.match(answers[0]?.json<ErrorJson>().error.message, /Authorization: Bearer/)
  })

  await t.test('scopes: read cannot write, write cannot read', async (t) => {
    const reader = await entrepriseWithKey(app, db, ['read'])
    t.equal((await reader.call('GET', '/api/v1/quotes')).statusCode, 200)
    const refused = await reader.call('POST', '/api/v1/quotes', { content: completeContent(today) })
    t.equal(refused.statusCode, 403)
    t.equal(refused.json<ErrorJson>().error.code, 'insufficient_scope')
    t.match(refused.json<ErrorJson>().error.message, /lecture/)
    t.equal((await reader.owner.request('GET', '/api/quotes')).json<{ quotes: unknown[] }>().quotes.length, 0, 'nothing was created')
    const draft = (await reader.owner.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    t.equal((await reader.call('POST', `/api/v1/quotes/${draft.id}/send`)).statusCode, 403, 'read cannot send')
    const writer = await entrepriseWithKey(app, db, ['write'])
    t.equal((await writer.call('GET', '/api/v1/quotes')).json<ErrorJson>().error.code, 'insufficient_scope')
  })

  await t.test('below Entreprise: no key is created, and existing keys stop at the downgrade', async (t) => {
    const free = await newUser(app)
    const refused = await free.request('POST', '/api/company/api-keys', { name: 'ERP', scopes: ['read'] })
    t.equal(refused.statusCode, 403)
    t.equal(refused.json<ErrorJson>().error.code, 'plan_feature_required')
    t.equal(refused.json<ErrorJson>().error.upgrade?.planId, 'entreprise')
    t.match(refused.json<ErrorJson>().error.message, /accès à l’API.*formule Entreprise.*\/tarifs/is)
    const client = await entrepriseWithKey(app, db)
    await subscribe(db, client.owner.id, 'pro')
    const stopped = await client.call('GET', '/api/v1/quotes')
    t.equal(stopped.statusCode, 403)
    t.equal(stopped.json<ErrorJson>().error.code, 'plan_feature_required')
    t.equal((await client.owner.request('GET', '/api/company/api-keys')).statusCode, 200, 'the owner still sees the keys, to revoke them')
    await subscribe(db, client.owner.id, 'entreprise')
    t.equal((await client.call('GET', '/api/v1/quotes')).statusCode, 200, 'back on Entreprise, back in')
  })

  await t.test('a key dies with its creator’s membership', async (t) => {
    const client = await entrepriseWithKey(app, db)
    await db.query('update paraphe.api_keys set created_by = gen_random_uuid() where id = $1', [client.keyId])
    const refused = await client.call('GET', '/api/v1/quotes')
    t.equal(refused.statusCode, 401)
    t.equal(refused.json<ErrorJson>().error.code, 'api_key_orphaned')
  })

  await t.test('company A’s key never reaches company B’s quotes', async (t) => {
    const a = await entrepriseWithKey(app, db)
    const b = await entrepriseWithKey(app, db)
    const quoteOfB = (await b.call('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    for (const [method, url] of [
      ['GET', `/api/v1/quotes/${quoteOfB.id}`],
      ['PATCH', `/api/v1/quotes/${quoteOfB.id}`],
      ['POST', `/api/v1/quotes/${quoteOfB.id}/send`],
      ['POST', `/api/v1/quotes/${quoteOfB.id}/cancel`],
      ['GET', `/api/v1/quotes/${quoteOfB.id}/pdf`],
      ['GET', `/api/v1/quotes/${quoteOfB.id}/events`]
    ] as const) {
      const answer = await a.call(method, url, method === 'PATCH' ? { content: { title: 'Piraté' } } : undefined)
      t.equal(answer.statusCode, 404, `${method} ${url}`)
    }
    t.same((await a.call('GET', '/api/v1/quotes')).json<{ quotes: unknown[] }>().quotes, [], 'A lists nothing of B')
    t.equal(
      (await b.call('GET', `/api/v1/quotes/${quoteOfB.id}`)).json<{ quote: Quote }>().quote.title,
      completeContent(today).title,
      'B’s quote untouched'
    )
  })

  await t.test('last use recorded, at most once a minute', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const lastUsed = async () =>
      (await db.query<{ at: Date | null }>('select last_used_at as at from paraphe.api_keys where id = $1', [client.keyId])).rows[0]?.at ??
      null
    t.equal(await lastUsed(), null)
    await client.call('GET', '/api/v1/quotes')
    const first = await lastUsed()
    t.ok(first, 'set at the first request')
    await client.call('GET', '/api/v1/quotes')
    t.same(await lastUsed(), first, 'not rewritten within the minute')
    await db.query(`update paraphe.api_keys set last_used_at = now() - interval '2 minutes' where id = $1`, [client.keyId])
    await client.call('GET', '/api/v1/quotes')
    t.ok(((await lastUsed())?.getTime() ?? 0) > (first?.getTime() ?? 0), 'refreshed after a minute')
  })
})

forEachEngine('per-key rate limit', async (t, db) => {
  const app = await buildWorkspaceApp(db, { API_RATE_LIMIT_PER_MINUTE: '3' })
  t.teardown(() => app.close())
  const client = await entrepriseWithKey(app, db)
  const other = await entrepriseWithKey(app, db)
  const answers = []
  for (let index = 0; index < 4; index += 1) answers.push(await client.call('GET', '/api/v1/quotes'))
  // A minute boundary between two calls would restart the window: then one more call is over.
  if (answers.every((answer) => answer.statusCode === 200)) answers.push(await client.call('GET', '/api/v1/quotes'))
  const limited = answers.at(-1)
  t.equal(limited?.statusCode, 429)
  t.equal(limited?.json<ErrorJson>().error.code, 'rate_limited')
  const retryAfter = Number(limited?.headers['retry-after'])
  t.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter} s`)
  t.equal((await other.call('GET', '/api/v1/quotes')).statusCode, 200, 'another key has its own budget')
})

t.test('the plans walk and this file agree on who has the API', async (t) => {
  const { PLANS } = await import('@paraphe/shared/plans')
  t.same(
    PLANS.filter((plan) => plan.limits.api).map((plan) => plan.id),
    ['entreprise']
  )
})
