// Recovery codes with Supabase Auth in front (the gateway proxies /auth/v1 to GoTrue, here its
// stand-in, which keeps its sessions and factors in `auth.*` of the shared database as GoTrue
// does). GoTrue has no recovery codes: the gateway keeps them, made after a verified factor at
// aal2; one typed after the password removes the authenticator from GoTrue's table, as an
// administrator would for a lost one, and the password's session then reaches the data.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/database.js'
import { buildApp } from '../helper.js'
import { forEachEngine, testDatabase } from '../support/databases.js'
import { startGoTrueStandIn, type GoTrueStandIn } from '../support/gotrue-stand-in.js'
import { createAuthTables } from '../support/gotrue-tables.js'
import { totpCode } from '../support/totp-codes.js'

const SECRET = 'recovery-codes-through-the-proxy-secret-0123'
const PASSWORD = 'une phrase de passe solide'
const CODES = '/auth/v1/paraphe/recovery-codes'

type Json = Record<string, unknown>
interface Reply {
  status: number
  json: Json
}

let counter = 0
const newEmail = (name: string) => `proxy-recovery-${name}-${Date.now().toString(36)}-${counter++}@example.fr`
/** A client address of its own (TEST-NET-2), so that each test's per-address budget starts empty. */
const newIp = () => `198.51.${Math.floor(counter / 250) % 250}.${(counter++ % 250) + 1}`

async function stack(t: Test, db: Database): Promise<{ gotrue: GoTrueStandIn; app: FastifyInstance }> {
  await createAuthTables(db)
  const gotrue = await startGoTrueStandIn({ jwtSecret: SECRET, database: db })
  t.teardown(() => gotrue.close())
  const app = await buildApp(
    // The per-IP request budget is the proxy's own test; here, the wrong codes' budget.
    { AUTH_UPSTREAM_URL: gotrue.url, SUPABASE_JWT_SECRET: SECRET, SUPABASE_ANON_KEY: gotrue.anonKey, AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    { database: db }
  )
  t.teardown(() => app.close())
  return { gotrue, app }
}

function caller(app: FastifyInstance) {
  return async (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: { token?: string; body?: Json | string; ip?: string } = {}
  ): Promise<Reply> => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        'x-supabase-api-version': '2024-01-01',
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' })
      },
      ...(options.ip === undefined ? {} : { remoteAddress: options.ip }),
      ...(options.body === undefined ? {} : { payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body) })
    })
    return { status: response.statusCode, json: response.body === '' ? {} : response.json<Json>() }
  }
}

/** An account of the stand-in with a verified TOTP factor and its ten recovery codes. */
async function accountWithCodes(t: Test, app: FastifyInstance, gotrue: GoTrueStandIn, name: string) {
  const call = caller(app)
  const email = newEmail(name)
  const userId = gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const signIn = async () => {
    const reply = await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } })
    t.equal(reply.status, 200, 'signed in with the password through the proxy')
    return { access: reply.json.access_token as string, refresh: reply.json.refresh_token as string }
  }
  const first = await signIn()
  const noFactor = await call('POST', CODES, { token: first.access })
  t.equal(noFactor.status, 403, 'no codes without a verified factor')
  t.equal(noFactor.json.code, 'insufficient_aal')

  const factor = await call('POST', '/auth/v1/factors', { token: first.access, body: { factor_type: 'totp' } })
  const factorId = factor.json.id as string
  const challenge = await call('POST', `/auth/v1/factors/${factorId}/challenge`, { token: first.access })
  const verified = await call('POST', `/auth/v1/factors/${factorId}/verify`, {
    token: first.access,
    body: { challenge_id: challenge.json.id as string, code: totpCode((factor.json.totp as { secret: string }).secret) }
  })
  t.equal(verified.status, 200, 'the factor verified with the code computed from its secret')
  const aal2 = verified.json.access_token as string
  const made = await call('POST', CODES, { token: aal2 })
  t.equal(made.status, 200, 'codes made at aal2')
  const codes = made.json.codes as string[]
  return { email, userId, factorId, aal2, codes, signIn }
}

async function outbox(db: Database, to: string): Promise<Array<{ kind: string; text_body: string }>> {
  const { rows } = await db.query<{ kind: string; text_body: string }>(
    'select kind, text_body from paraphe.outbox where recipient = $1 order by id',
    [to]
  )
  return rows
}

forEachEngine('a recovery code after the password removes the authenticator, once', async (t, db) => {
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)
  const owner = await accountWithCodes(t, app, gotrue, 'once')
  t.equal(owner.codes.length, 10, 'ten codes')
  t.ok(
    owner.codes.every((code) => /^[a-z2-9]{5}-[a-z2-9]{5}$/.test(code)),
    'each of 10 characters without look-alikes'
  )
  const { rows: stored } = await db.query<{ code_hash: string }>(
    'select code_hash from paraphe_auth.upstream_recovery_codes where user_id = $1',
    [owner.userId]
  )
  t.equal(stored.length, 10, 'kept by the gateway under GoTrue’s user id')
  t.notOk(
    stored.some((row) => owner.codes.some((code) => row.code_hash.includes(code.replace('-', '')))),
    'as digests only'
  )
  t.same((await call('GET', CODES, { token: owner.aal2 })).json, { remaining: 10, factor_removed_at: null }, 'counted on « Sécurité »')

  const phone = await owner.signIn()
  t.equal((await call('GET', '/api/quotes', { token: phone.access })).status, 403, 'the password alone does not reach the data')
  t.same(
    (await call('GET', CODES, { token: phone.access })).json,
    { remaining: 10, factor_removed_at: null },
    'the sign-in’s code step learns that codes exist here'
  )

  const wrong = await call('POST', `${CODES}/verify`, { token: phone.access, body: { code: 'aaaaa-bbbbb' } })
  t.equal(wrong.status, 422, 'a wrong code refused')
  t.equal(wrong.json.code, 'mfa_verification_failed', 'with the code the page words as RECOVERY_CODE_REFUSED')
  t.equal((await factorsOf(db, owner.userId)).length, 1, 'the factor stays')

  // Typed as read from paper: case and spaces do not matter.
  const typed = ` ${(owner.codes[0] ?? '').toUpperCase().replace('-', ' ')} `
  const used = await call('POST', `${CODES}/verify`, { token: phone.access, body: { code: typed } })
  t.equal(used.status, 200, 'the right code accepted')
  t.same(used.json, { removed_factors: [owner.factorId] })
  t.same(await factorsOf(db, owner.userId), [], 'the factor gone from auth.mfa_factors')

  // What the page does next: refresh the session at Supabase Auth, which no longer lists the factor.
  const refreshed = await call('POST', '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: phone.refresh } })
  t.equal(refreshed.status, 200, 'the session refreshed')
  t.notOk((refreshed.json.user as Json).factors, 'Supabase Auth lists no factor any more')
  t.equal(
    (await call('GET', '/api/quotes', { token: refreshed.json.access_token as string })).status,
    200,
    'the password’s session reaches the data: no second factor left to prove'
  )

  const twice = await call('POST', `${CODES}/verify`, { token: phone.access, body: { code: owner.codes[0] } })
  t.equal(twice.status, 422, 'the same code refused the second time')
  const another = await call('POST', `${CODES}/verify`, { token: phone.access, body: { code: owner.codes[1] } })
  t.equal(another.status, 422, 'and the others: they went with the authenticator')
  const state = await call('GET', CODES, { token: phone.access })
  t.equal(state.json.remaining, 0)
  t.match(state.json.factor_removed_at, /^\d{4}-\d{2}-\d{2}T/, '« Sécurité » can say when the factor was removed')

  const mails = (await outbox(db, owner.email)).filter((mail) => mail.kind === 'account-recovery-code-used')
  t.equal(mails.length, 1, 'the use e-mailed once')
  t.match(mails[0]?.text_body, /Code de secours utilisé/)
  t.match(mails[0]?.text_body, /application a été retirée de votre compte/)

  // Turned on again: new codes, the removal forgotten.
  const again = await call('POST', '/auth/v1/factors', { token: refreshed.json.access_token as string, body: { factor_type: 'totp' } })
  t.equal(again.status, 200, 'the factor can be added again')
})

async function factorsOf(db: Database, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id::text as id from auth.mfa_factors where user_id::text = $1', [userId])
  return rows.map((row) => row.id)
}

t.test('turned off at Supabase Auth and on again: the first factor’s codes open nothing', async (t) => {
  const db = await testDatabase('pglite')
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)
  const owner = await accountWithCodes(t, app, gotrue, 'renewed')
  // Turned off through GoTrue's own endpoint: the gateway is not told.
  const off = await call('DELETE', `/auth/v1/factors/${owner.factorId}`, { token: owner.aal2 })
  t.equal(off.status, 200, 'the factor removed at Supabase Auth')
  const session = await owner.signIn()
  const factor = await call('POST', '/auth/v1/factors', { token: session.access, body: { factor_type: 'totp' } })
  const challenge = await call('POST', `/auth/v1/factors/${factor.json.id as string}/challenge`, { token: session.access })
  const verified = await call('POST', `/auth/v1/factors/${factor.json.id as string}/verify`, {
    token: session.access,
    body: { challenge_id: challenge.json.id as string, code: totpCode((factor.json.totp as { secret: string }).secret) }
  })
  t.equal(verified.status, 200, 'a new factor on, its codes not made yet')
  t.same((await call('GET', CODES, { token: verified.json.access_token as string })).json, { remaining: 0, factor_removed_at: null })

  const phone = await owner.signIn()
  const old = await call('POST', `${CODES}/verify`, { token: phone.access, body: { code: owner.codes[0] } })
  t.equal(old.status, 422, 'a code of the removed factor is refused')
  t.equal((await factorsOf(db, owner.userId)).length, 1, 'the new factor stays')
})

t.test('wrong codes: five per account and five per address a quarter-hour, then 429', async (t) => {
  const db = await testDatabase('pglite')
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)

  const alice = await accountWithCodes(t, app, gotrue, 'alice')
  const aliceSession = await alice.signIn()
  for (let attempt = 0; attempt < 5; attempt++) {
    const reply = await call('POST', `${CODES}/verify`, { token: aliceSession.access, body: { code: `wrong-${attempt}` }, ip: newIp() })
    t.equal(reply.status, 422, `wrong code ${attempt + 1}, each from another address`)
  }
  const blocked = await call('POST', `${CODES}/verify`, { token: aliceSession.access, body: { code: alice.codes[0] }, ip: newIp() })
  t.equal(blocked.status, 429, 'then even a right code waits: the account’s budget is spent')
  t.equal(blocked.json.code, 'over_request_rate_limit')
  t.equal((await factorsOf(db, alice.userId)).length, 1, 'and nothing was removed')

  const bob = await accountWithCodes(t, app, gotrue, 'bob')
  const carol = await accountWithCodes(t, app, gotrue, 'carol')
  const bobSession = await bob.signIn()
  const carolSession = await carol.signIn()
  const office = newIp()
  for (const [session, attempts] of [
    [bobSession, 3],
    [carolSession, 2]
  ] as const) {
    for (let attempt = 0; attempt < attempts; attempt++) {
      t.equal((await call('POST', `${CODES}/verify`, { token: session.access, body: { code: 'wrong' }, ip: office })).status, 422)
    }
  }
  const fromOffice = await call('POST', `${CODES}/verify`, { token: carolSession.access, body: { code: carol.codes[0] }, ip: office })
  t.equal(fromOffice.status, 429, 'five wrong codes from one address, across accounts: that address waits')
  const fromHome = await call('POST', `${CODES}/verify`, { token: carolSession.access, body: { code: carol.codes[0] }, ip: newIp() })
  t.equal(fromHome.status, 200, 'another address is not held back')
})

t.test('who may ask: a token of an open session, at aal2 for new codes; a body that is JSON', async (t) => {
  const db = await testDatabase('pglite')
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)
  const owner = await accountWithCodes(t, app, gotrue, 'who')
  const session = await owner.signIn()
  const aal1 = await call('POST', CODES, { token: session.access })
  t.equal(aal1.status, 403, 'no new codes from the password alone')
  t.equal(aal1.json.code, 'insufficient_aal')
  t.equal((await call('POST', `${CODES}/verify`, { body: { code: owner.codes[0] ?? '' } })).status, 401, 'no token')
  t.equal((await call('POST', `${CODES}/verify`, { token: 'not-a-jwt', body: { code: owner.codes[0] ?? '' } })).status, 403)
  const empty = await call('POST', `${CODES}/verify`, { token: session.access, body: {} })
  t.equal(empty.status, 400, 'no code')
  t.equal(empty.json.code, 'validation_failed')
  const garbled = await call('POST', `${CODES}/verify`, { token: session.access, body: '{"code":' })
  t.equal(garbled.status, 400, 'a body that is not JSON')
  t.equal(garbled.json.code, 'bad_json')
  t.equal((await call('POST', '/auth/v1/logout?scope=local', { token: session.access })).status, 204)
  const closed = await call('POST', `${CODES}/verify`, { token: session.access, body: { code: owner.codes[0] ?? '' } })
  t.equal(closed.status, 403, 'a signed-out session cannot use a code')
  t.equal(closed.json.code, 'session_not_found')
  t.equal((await factorsOf(db, owner.userId)).length, 1)
})

t.test('without GoTrue’s tables readable here, recovery codes are not offered', async (t) => {
  const db = await testDatabase('pglite')
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)
  const email = newEmail('bare')
  gotrue.createUser({ email, password: PASSWORD, confirmed: true })
  const token = (await call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } })).json
    .access_token as string
  // A database GoTrue has not reached (development, or a role without the grant).
  await db.query('alter schema auth rename to auth_elsewhere')
  t.teardown(() => db.query('alter schema auth_elsewhere rename to auth'))
  for (const [method, url, body] of [
    ['GET', CODES, undefined],
    ['POST', CODES, undefined],
    ['POST', `${CODES}/verify`, { code: 'aaaaa-bbbbb' }]
  ] as const) {
    const reply = await call(method, url, { token, ...(body === undefined ? {} : { body }) })
    t.equal(reply.status, 404, `${method} ${url}`)
    t.equal(reply.json.code, 'recovery_codes_not_available')
  }
})

t.test('a role that may read GoTrue’s factors but not delete them: the code is kept, and said not available', async (t) => {
  const db = await testDatabase('pglite')
  const { gotrue, app } = await stack(t, db)
  const call = caller(app)
  const owner = await accountWithCodes(t, app, gotrue, 'lecture')
  const session = await owner.signIn()
  // What PostgreSQL answers a role without the grant (42501), for this table's deletes only.
  await db.query(`create or replace function test_refuse_factor_delete() returns trigger language plpgsql as $$
    begin raise exception 'permission denied for table mfa_factors' using errcode = '42501'; end $$`)
  await db.query('create trigger refuse_delete before delete on auth.mfa_factors for each row execute function test_refuse_factor_delete()')
  const dropped = async () => {
    await db.query('drop trigger if exists refuse_delete on auth.mfa_factors')
    await db.query('drop function if exists test_refuse_factor_delete()')
  }
  t.teardown(dropped)
  const refused = await call('POST', `${CODES}/verify`, { token: session.access, body: { code: owner.codes[0] ?? '' } })
  t.equal(refused.status, 404)
  t.equal(refused.json.code, 'recovery_codes_not_available')
  t.equal((await factorsOf(db, owner.userId)).length, 1, 'the factor stays')
  await dropped()
  const used = await call('POST', `${CODES}/verify`, { token: session.access, body: { code: owner.codes[0] ?? '' } })
  t.equal(used.status, 200, 'the same code still works once the grant is there: it was not burnt')
})
