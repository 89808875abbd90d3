// The embedded accounts' security promises, each as a user or an attacker would see it: no
// account enumeration, refresh rotation under concurrency, a password change that ends the other
// sessions and links, budgets per IP shared by gateways, a per-address throttle against brute
// force from rotating IPs, no secret in a database dump, the local mailbox only where it belongs,
// and a signing key and sessions that survive a restart.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { loadOrCreateSigningKey, signingKeyPath } from '../../src/accounts/signing-key.js'
import { hashPassword } from '../../src/accounts/passwords.js'
import { LOCAL_MAILBOX_PATH } from '../../src/accounts/local-mailbox.js'
import type { AccountSettings } from '../../src/accounts/account-service.js'
import { buildApp } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { startEarlyInMinute } from '../support/minute-window.js'

const PASSWORD = 'une phrase de passe solide'
let counter = 0
const email = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.fr`
let ipCounter = 1
/** A fresh client address (TEST-NET-2) for each use, so budgets of tests stay apart. */
const newIp = () => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`

async function gateway(tt: Test, env: NodeJS.ProcessEnv = {}, accounts: Partial<AccountSettings> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000', ...env }, { accounts })
  tt.teardown(() => app.close())
  return app
}

type Reply = { status: number; json: Record<string, unknown>; headers: Record<string, unknown>; ms: number }

async function auth(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  ip = '127.0.0.1'
): Promise<Reply> {
  const started = performance.now()
  const response = await app.inject({
    method,
    url: `/auth/v1${url}`,
    remoteAddress: ip,
    headers: { 'x-supabase-api-version': '2024-01-01', ...headers },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> })
  })
  const ms = performance.now() - started
  return { status: response.statusCode, json: response.body === '' ? {} : response.json(), headers: response.headers, ms }
}

async function outboxFor(address: string): Promise<Array<{ kind: string; text_body: string }>> {
  const db = await testDatabase('pglite')
  return (
    await db.query<{ kind: string; text_body: string }>('select kind, text_body from paraphe.outbox where recipient = $1 order by id', [
      address
    ])
  ).rows
}

const tokenIn = (text: string) => /token_hash=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? ''

async function confirmedAccount(app: FastifyInstance, address: string): Promise<void> {
  const ip = newIp()
  const signedUp = await auth(app, 'POST', '/signup', { email: address, password: PASSWORD }, {}, ip)
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.json)}`)
  const mail = (await outboxFor(address)).findLast((row) => row.kind === 'account-confirmation')
  const verified = await auth(app, 'POST', '/verify', { type: 'email', token_hash: tokenIn(mail?.text_body ?? '') }, {}, ip)
  if (verified.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(verified.json)}`)
}

async function signIn(app: FastifyInstance, address: string, password = PASSWORD, ip = '127.0.0.1') {
  return auth(app, 'POST', '/token?grant_type=password', { email: address, password }, {}, ip)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** Medians of two request kinds, measured interleaved so load affects both alike. */
async function medians(rounds: number, known: () => Promise<Reply>, unknown: () => Promise<Reply>): Promise<[number, number]> {
  const a: number[] = []
  const b: number[] = []
  for (let round = 0; round < rounds; round++) {
    a.push((await known()).ms)
    b.push((await unknown()).ms)
  }
  return [median(a), median(b)]
}

function similar(tt: Test, [known, unknown]: [number, number], what: string): void {
  const gap = Math.abs(known - unknown)
  tt.ok(
    gap <= Math.max(0.2 * Math.max(known, unknown), 10),
    `${what}: median ${known.toFixed(0)} ms (known) vs ${unknown.toFixed(0)} ms (unknown), within 20 %`
  )
}

t.test('no account enumeration: sign-up, recover, resend and a wrong password answer alike', async (t) => {
  const app = await gateway(t, {}, { emailMinIntervalSeconds: 0 })
  const known = email('connu')
  await confirmedAccount(app, known)
  const pending = email('en-attente')
  await auth(app, 'POST', '/signup', { email: pending, password: PASSWORD })

  const knownSignup = await auth(app, 'POST', '/signup', { email: known, password: 'un autre mot de passe' })
  const newSignup = await auth(app, 'POST', '/signup', { email: email('nouveau'), password: PASSWORD })
  t.equal(knownSignup.status, newSignup.status)
  t.same(Object.keys(knownSignup.json).sort(), Object.keys(newSignup.json).sort(), 'the same keys')
  t.equal(
    (knownSignup.json.identities as unknown[]).length,
    (newSignup.json.identities as unknown[]).length,
    'identities of the same length'
  )
  const told = (await outboxFor(known)).filter((row) => row.kind === 'account-existing')
  t.equal(told.length, 1, 'the owner gets « vous avez déjà un compte »')
  t.match(told[0]?.text_body, /Vous avez déjà un compte/)
  t.equal((await signIn(app, known)).status, 200, 'the first password stays')

  for (const [url, body] of [
    ['/recover', (address: string) => ({ email: address })],
    ['/resend', (address: string) => ({ email: address, type: 'signup' })]
  ] as const) {
    const a = await auth(app, 'POST', url, body(url === '/resend' ? pending : known))
    const b = await auth(app, 'POST', url, body(email('inconnu')))
    t.same([a.status, a.json], [b.status, b.json], `${url}: same status and body`)
  }
  const wrongKnown = await signIn(app, known, 'pas le bon mot de passe')
  const wrongUnknown = await signIn(app, email('inconnu'), 'pas le bon mot de passe')
  t.same([wrongKnown.status, wrongKnown.json], [wrongUnknown.status, wrongUnknown.json], 'a wrong password: same answer')

  similar(
    t,
    await medians(
      5,
      () => auth(app, 'POST', '/signup', { email: known, password: PASSWORD }),
      () => auth(app, 'POST', '/signup', { email: email('n'), password: PASSWORD })
    ),
    'sign-up'
  )
  similar(
    t,
    await medians(
      5,
      () => auth(app, 'POST', '/recover', { email: known }),
      () => auth(app, 'POST', '/recover', { email: email('n') })
    ),
    'recover'
  )
  // Each attempt on an address never tried before, as an enumeration would be.
  const db = await testDatabase('pglite')
  const hash = await hashPassword(PASSWORD)
  const fresh: string[] = []
  for (let index = 0; index < 7; index++) {
    const address = email('essai')
    await db.query(
      `insert into paraphe_auth.users (id, email, password_hash, email_confirmed_at) values (gen_random_uuid(), $1, $2, now())`,
      [address, hash]
    )
    fresh.push(address)
  }
  similar(
    t,
    await medians(
      7,
      () => signIn(app, fresh.pop() as string, 'mauvais mot de passe'),
      () => signIn(app, email('n'), 'mauvais mot de passe')
    ),
    'wrong password'
  )
})

t.test('refresh: two tabs at once both go on; a token reused later ends the session', async (t) => {
  const app = await gateway(t, {}, { refreshReuseIntervalSeconds: 1 })
  const address = email('onglets')
  await confirmedAccount(app, address)
  const session = (await signIn(app, address)).json as { refresh_token: string; access_token: string }
  const [first, second] = await Promise.all([
    auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token }),
    auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token })
  ])
  t.same([first.status, second.status], [200, 200], 'both tabs refreshed')
  for (const tab of [first, second]) {
    const next = await auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: tab.json.refresh_token })
    t.equal(next.status, 200, 'each tab goes on with its own token')
  }
  await new Promise((resolve) => setTimeout(resolve, 1_100))
  const stolen = await auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token })
  t.match(stolen, { status: 400, json: { code: 'refresh_token_already_used' } })
  const after = await auth(app, 'GET', '/user', undefined, { authorization: `Bearer ${String(first.json.access_token)}` })
  t.match(after, { status: 403, json: { code: 'session_not_found' } }, 'the session is revoked for everyone')
})

t.test('a password change ends the other sessions and voids pending links', async (t) => {
  const app = await gateway(t, {}, { emailMinIntervalSeconds: 0 })
  const address = email('change')
  await confirmedAccount(app, address)
  const here = (await signIn(app, address)).json as { access_token: string }
  const there = (await signIn(app, address)).json as { access_token: string; refresh_token: string }
  await auth(app, 'POST', '/recover', { email: address })
  const link = tokenIn((await outboxFor(address)).findLast((row) => row.kind === 'account-recovery')?.text_body ?? '')
  const changed = await auth(
    app,
    'PUT',
    '/user',
    { password: 'un tout nouveau mot de passe' },
    { authorization: `Bearer ${here.access_token}` }
  )
  t.equal(changed.status, 200)
  t.match(await auth(app, 'GET', '/user', undefined, { authorization: `Bearer ${there.access_token}` }), {
    status: 403,
    json: { code: 'session_not_found' }
  })
  t.match(await auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: there.refresh_token }), {
    status: 400,
    json: { code: 'refresh_token_not_found' }
  })
  t.match(
    await auth(app, 'POST', '/verify', { type: 'recovery', token_hash: link }),
    { status: 403, json: { code: 'otp_expired' } },
    'the pending link is void'
  )
  t.equal((await auth(app, 'GET', '/user', undefined, { authorization: `Bearer ${here.access_token}` })).status, 200, 'this session stays')
  t.match(await signIn(app, address), { status: 400, json: { code: 'invalid_credentials' } })
  t.equal((await signIn(app, address, 'un tout nouveau mot de passe')).status, 200)
  t.match(
    await auth(app, 'PUT', '/user', { password: 'é'.repeat(37) }, { authorization: `Bearer ${here.access_token}` }),
    { status: 400, json: { code: 'validation_failed', message: /72 bytes/ } },
    'over 72 bytes: refused, not cut'
  )
})

t.test('links expire: confirmation after 24 h, recovery after 1 h', async (t) => {
  const db = await testDatabase('pglite')
  const app = await gateway(t, {}, { emailMinIntervalSeconds: 0 })
  const address = email('expire')
  await auth(app, 'POST', '/signup', { email: address, password: PASSWORD })
  const { rows } = await db.query<{ kind: string; hours: number }>(
    `select kind, round(extract(epoch from t.expires_at - t.created_at) / 3600)::int as hours from paraphe_auth.one_time_tokens t
       join paraphe_auth.users u on u.id = t.user_id where u.email = $1`,
    [address]
  )
  t.same(rows, [{ kind: 'confirmation', hours: 24 }])
  await auth(app, 'POST', '/recover', { email: address })
  const recovery = await db.query<{ hours: number }>(
    `select round(extract(epoch from t.expires_at - t.created_at) / 3600)::int as hours from paraphe_auth.one_time_tokens t
       join paraphe_auth.users u on u.id = t.user_id where u.email = $1 and kind = 'recovery'`,
    [address]
  )
  t.same(recovery.rows, [{ hours: 1 }])
  await db.query(
    `update paraphe_auth.one_time_tokens set expires_at = now() - interval '1 second' where user_id = (select id from paraphe_auth.users where email = $1)`,
    [address]
  )
  const link = tokenIn((await outboxFor(address)).findLast((row) => row.kind === 'account-recovery')?.text_body ?? '')
  t.match(await auth(app, 'POST', '/verify', { type: 'recovery', token_hash: link }), { status: 403, json: { code: 'otp_expired' } })
})

t.test('budgets: 429 after the per-IP budget, shared by two gateways; one e-mail a minute', async (t) => {
  const db = await testDatabase('pglite')
  const one = await gateway(t, { AUTH_RATE_LIMIT_PER_MINUTE: '4' })
  const two = await buildApp({ AUTH_RATE_LIMIT_PER_MINUTE: '4' }, { database: db })
  t.teardown(() => two.close())
  const ip = newIp()
  // Five hits straddling a minute's end would be two windows.
  await startEarlyInMinute(20)
  const statuses: number[] = []
  for (const app of [one, two, one, two]) statuses.push((await auth(app, 'POST', '/recover', { email: email('budget') }, {}, ip)).status)
  t.same(statuses, [200, 200, 200, 200])
  const limited = await auth(two, 'POST', '/token?grant_type=password', { email: 'x@example.fr', password: 'y' }, {}, ip)
  t.match(limited, { status: 429, json: { code: 'over_request_rate_limit' } }, 'the fifth, on either gateway')
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.equal((await auth(one, 'POST', '/recover', { email: email('autre') }, {}, newIp())).status, 200, 'another address is not affected')

  const address = email('minute')
  await confirmedAccount(one, address)
  const before = (await outboxFor(address)).length
  await auth(one, 'POST', '/recover', { email: address }, {}, newIp())
  await auth(one, 'POST', '/recover', { email: address }, {}, newIp())
  t.equal((await outboxFor(address)).length - before, 1, 'no e-mail queued twice within 60 s')
  t.match(
    await auth(one, 'GET', '/admin/users', undefined, { authorization: 'Bearer x' }),
    { status: 404, json: { code: 'not_found' } },
    'admin is 404'
  )
})

t.test('brute force from rotating IPs: the address is throttled, known or not', async (t) => {
  const app = await gateway(t)
  const address = email('cible')
  await confirmedAccount(app, address)
  const ghost = email('fantome')
  for (let attempt = 0; attempt < 10; attempt++) {
    t.equal((await signIn(app, address, `essai numéro ${attempt}`, newIp())).status, 400)
    t.equal((await signIn(app, ghost, `essai numéro ${attempt}`, newIp())).status, 400)
  }
  const blocked = await signIn(app, address, PASSWORD, newIp())
  const blockedGhost = await signIn(app, ghost, PASSWORD, newIp())
  t.match(blocked, { status: 429, json: { code: 'over_request_rate_limit' } }, 'even the right password waits')
  t.same([blocked.status, blocked.json], [blockedGhost.status, blockedGhost.json], 'the same for an unknown address')
  t.equal((await signIn(app, email('voisin'), PASSWORD, newIp())).status, 400, 'other addresses are not affected')
})

t.test('a database dump holds no password, refresh token or link token', async (t) => {
  const db = await testDatabase('pglite')
  const app = await gateway(t, {}, { emailMinIntervalSeconds: 0 })
  const address = email('dump')
  await confirmedAccount(app, address)
  const session = (await signIn(app, address)).json as { refresh_token: string; access_token: string }
  const rotated = (await auth(app, 'POST', '/token?grant_type=refresh_token', { refresh_token: session.refresh_token })).json as {
    refresh_token: string
  }
  await auth(app, 'POST', '/recover', { email: address })
  const link = tokenIn((await outboxFor(address)).findLast((row) => row.kind === 'account-recovery')?.text_body ?? '')
  const tables = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname in ('paraphe_auth', 'paraphe')`
  )
  let dump = ''
  let accountsDump = ''
  for (const { name } of tables.rows) {
    const rows = await db.query<{ row: string }>(`select t::text as row from ${name} t`)
    const text = rows.rows.map((row) => row.row).join('\n')
    dump += text
    if (name.startsWith('paraphe_auth.')) accountsDump += text
  }
  t.ok(dump.includes(address), 'the dump is real (it holds the address)')
  for (const [secret, what] of [
    [PASSWORD, 'password'],
    [session.refresh_token, 'refresh token'],
    [rotated.refresh_token, 'rotated refresh token'],
    [session.access_token, 'access token']
  ] as const) {
    t.notOk(dump.includes(secret), `no ${what} anywhere`)
  }
  t.ok(link.length >= 43, 'a 32-byte link token')
  t.notOk(accountsDump.includes(link), 'the link token is not in the accounts tables (only its SHA-256)')
  t.match(accountsDump, /\$argon2id\$v=19\$m=19456,t=2,p=1\$/, 'passwords as argon2id')
})

t.test('the local mailbox exists only in development, without SMTP, on loopback', async (t) => {
  const dev = await gateway(t, { NODE_ENV: 'development' })
  const address = email('boite')
  await auth(dev, 'POST', '/signup', { email: address, password: PASSWORD })
  const page = await dev.inject({ url: `${LOCAL_MAILBOX_PATH}?to=${encodeURIComponent(address)}` })
  t.equal(page.statusCode, 200)
  t.match(page.body, /Boîte de réception locale/)
  t.match(page.body, /<a href="http:\/\/127\.0\.0\.1:3000\/confirm-email\?token_hash=[A-Za-z0-9_-]+&amp;type=email">/, 'the link is a link')
  t.equal((await dev.inject({ url: LOCAL_MAILBOX_PATH, remoteAddress: '203.0.113.7' })).statusCode, 404, 'not for a remote client')
  for (const env of [{}, { NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:2525' }, { NODE_ENV: 'development', HOST: '0.0.0.0' }]) {
    const app = await gateway(t, env)
    t.equal((await app.inject({ url: LOCAL_MAILBOX_PATH })).statusCode, 404, JSON.stringify(env))
  }
})

t.test('the signing key is made once (0600, shared by processes) and sessions survive a restart', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-accounts-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const secrets = await Promise.all(Array.from({ length: 6 }, () => loadOrCreateSigningKey(dataDir)))
  t.equal(new Set(secrets).size, 1, 'six concurrent starts share one secret')
  t.equal(statSync(signingKeyPath(dataDir)).mode & 0o777, 0o600)

  const broken = mkdtempSync(path.join(os.tmpdir(), 'paraphe-accounts-broken-'))
  t.teardown(() => rmSync(broken, { recursive: true, force: true }))
  mkdirSync(path.join(broken, 'auth'))
  writeFileSync(signingKeyPath(broken), 'court\n')
  await t.rejects(loadOrCreateSigningKey(broken), { message: /too short/ }, 'a damaged secret is reported, not replaced')

  const first = await buildApp({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '10000' })
  const address = email('redemarrage')
  const signedUp = (await auth(first, 'POST', '/signup', { email: address, password: PASSWORD })).json as {
    access_token: string
    refresh_token: string
  }
  t.type(signedUp.access_token, 'string', JSON.stringify(signedUp))
  const anonKey = first.embeddedAccounts?.anonKey
  await first.close()
  const second = await gateway(t, { DATA_DIR: dataDir })
  t.equal(second.embeddedAccounts?.anonKey, anonKey, 'the same anon key')
  t.equal(
    (await auth(second, 'GET', '/user', undefined, { authorization: `Bearer ${signedUp.access_token}` })).status,
    200,
    'the access token still works'
  )
  t.equal(
    (await second.inject({ url: '/api/session', headers: { authorization: `Bearer ${signedUp.access_token}` } })).statusCode,
    200,
    '/api accepts it'
  )
  t.equal(
    (await auth(second, 'POST', '/token?grant_type=refresh_token', { refresh_token: signedUp.refresh_token })).status,
    200,
    'the refresh token too'
  )
})
