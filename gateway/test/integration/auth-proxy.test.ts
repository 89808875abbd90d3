import t from 'tap'
import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApp } from '../helper.js'

interface Seen {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** A stand-in upstream that records what reaches it; `behaviour` decides how it answers. */
async function upstream(behaviour: (req: http.IncomingMessage, res: http.ServerResponse, seen: Seen) => void) {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const entry = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
      seen.push(entry)
      behaviour(req, res, entry)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { server, seen, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const ANON = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLWZvci10ZXN0cw'
const authEnv = (url: string, extra: NodeJS.ProcessEnv = {}) => ({ AUTH_UPSTREAM_URL: url, SUPABASE_ANON_KEY: ANON, ...extra })

t.test('requests and answers pass through with their headers; /verify’s 303 keeps its Location', async (t) => {
  const gotrue = await upstream((req, res) => {
    if (req.url?.startsWith('/verify')) {
      res.writeHead(303, { location: 'https://devis.example.fr/confirm-email#access_token=abc&type=signup' })
      res.end()
      return
    }
    res.writeHead(400, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-supabase-api-version': '2024-01-01',
      'x-sb-error-code': 'invalid_credentials'
    })
    res.end(JSON.stringify({ code: 'invalid_credentials', message: 'Invalid login credentials' }))
  })
  t.teardown(gotrue.close)
  const app = await buildApp(authEnv(gotrue.url))
  t.teardown(() => app.close())

  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: {
      apikey: ANON,
      authorization: `Bearer ${ANON}`,
      'x-client-info': 'supabase-js-web/2.109.0',
      'x-supabase-api-version': '2024-01-01',
      'content-type': 'application/json;charset=UTF-8'
    },
    payload: { email: 'artisan@example.fr', password: 'mauvais' }
  })
  t.equal(response.statusCode, 400)
  t.same(response.json(), { code: 'invalid_credentials', message: 'Invalid login credentials' })
  t.equal(response.headers['x-supabase-api-version'], '2024-01-01')
  t.equal(response.headers['x-sb-error-code'], 'invalid_credentials')
  t.equal(response.headers['cache-control'], 'no-store')
  const [first] = gotrue.seen
  t.equal(first?.url, '/token?grant_type=password', 'prefix stripped for GoTrue reached directly')
  t.match(first?.headers, {
    apikey: ANON,
    authorization: `Bearer ${ANON}`,
    'x-client-info': 'supabase-js-web/2.109.0',
    'x-supabase-api-version': '2024-01-01',
    'content-type': 'application/json;charset=UTF-8'
  })
  t.same(JSON.parse(first?.body ?? '{}'), { email: 'artisan@example.fr', password: 'mauvais' })

  const verify = await app.inject({ url: '/auth/v1/verify?token=t0k&type=signup&redirect_to=https://devis.example.fr/confirm-email' })
  t.equal(verify.statusCode, 303)
  t.equal(verify.headers.location, 'https://devis.example.fr/confirm-email#access_token=abc&type=signup')
})

t.test('a Supabase URL that serves /auth/v1 keeps the prefix upstream', async (t) => {
  const kong = await upstream((req, res) => res.end('{}'))
  t.teardown(kong.close)
  const app = await buildApp(authEnv(`${kong.url}/auth/v1`))
  t.teardown(() => app.close())
  await app.inject({ url: '/auth/v1/user' })
  t.equal(kong.seen[0]?.url, '/auth/v1/user')
})

t.test('X-Forwarded-* come from the trusted hop only', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  // Loopback is not trusted here: what the client claims is replaced by its real address.
  const untrusting = await buildApp(authEnv(gotrue.url, { TRUST_PROXY: '10.9.8.7' }))
  t.teardown(() => untrusting.close())
  await untrusting.inject({
    url: '/auth/v1/settings',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
  })
  t.match(gotrue.seen.at(-1)?.headers, { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' })
  t.not(gotrue.seen.at(-1)?.headers['x-forwarded-host'], 'evil.example')
  // Caddy on loopback, trusted by the operator: the client address it reports is kept, and only that.
  const behindCaddy = await buildApp(authEnv(gotrue.url, { TRUST_PROXY: 'loopback' }))
  t.teardown(() => behindCaddy.close())
  await behindCaddy.inject({
    url: '/auth/v1/settings',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'devis.example.fr' }
  })
  t.match(gotrue.seen.at(-1)?.headers, {
    'x-forwarded-for': '203.0.113.7',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'devis.example.fr'
  })
})

t.test('per-IP rate limits on the endpoints that check passwords or send e-mails', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  const app = await buildApp(authEnv(gotrue.url, { AUTH_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'loopback' }))
  t.teardown(() => app.close())
  const from = (ip: string, url: string) =>
    app.inject({ method: 'POST', url, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip }, payload: {} })
  for (let i = 0; i < 3; i++) t.equal((await from('203.0.113.1', '/auth/v1/token?grant_type=password')).statusCode, 200)
  const limited = await from('203.0.113.1', '/auth/v1/token?grant_type=password')
  t.equal(limited.statusCode, 429)
  t.same(limited.json(), {
    code: 'over_request_rate_limit',
    error_code: 'over_request_rate_limit',
    msg: 'Trop de tentatives depuis votre adresse. Patientez une minute avant de réessayer.'
  })
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After')
  t.equal((await from('203.0.113.1', '/auth/v1/signup')).statusCode, 429, 'one budget for all sensitive endpoints')
  t.equal((await from('203.0.113.2', '/auth/v1/token?grant_type=password')).statusCode, 200, 'another address has its own budget')
  t.equal(
    (await app.inject({ url: '/auth/v1/user', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode,
    200,
    '/user is not limited'
  )
  t.equal(gotrue.seen.filter((request) => request.url.startsWith('/token')).length, 4, 'refused requests never reach GoTrue')
  // Session refreshes have their own, larger budget (10 × the limit): a login storm next door
  // never signs anyone out.
  for (let i = 0; i < 30; i++)
    t.equal((await from('203.0.113.1', '/auth/v1/token?grant_type=refresh_token')).statusCode, 200, `refresh ${i + 1}`)
  t.equal((await from('203.0.113.1', '/auth/v1/token?grant_type=refresh_token')).statusCode, 429, 'refreshes are bounded too')
})

t.test('an oversized body is refused before it is forwarded', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  const app = await buildApp(authEnv(gotrue.url))
  t.teardown(() => app.close())
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a@b.fr', data: 'x'.repeat(70_000) })
  })
  t.equal(response.statusCode, 413)
  t.equal(response.json<{ code: string }>().code, 'request_too_large')
  t.equal(gotrue.seen.length, 0)
})

t.test('upstream down, slow or resetting: JSON 503/504 in French, logged once, the gateway keeps serving', async (t) => {
  const logs: Array<Record<string, unknown>> = []
  const slow = await upstream((req, res) => void setTimeout(() => res.end('{}'), 1500))
  const resetting = await upstream((req) => req.socket.destroy())
  const down = await upstream((req, res) => res.end('{}'))
  await down.close()
  t.teardown(slow.close)
  t.teardown(resetting.close)

  const cases: Array<[string, string, number, string]> = [
    ['down', down.url, 503, 'upstream_unavailable'],
    ['slow', slow.url, 504, 'upstream_timeout'],
    ['resetting', resetting.url, 503, 'upstream_unavailable']
  ]
  for (const [name, url, status, code] of cases) {
    logs.length = 0
    const app = await buildApp(authEnv(url, { AUTH_TIMEOUT_MS: '300', LOG_LEVEL: 'info' }), { logs })
    const response = await app.inject({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload: { email: 'a@b.fr' } })
    t.equal(response.statusCode, status, name)
    t.equal(response.headers['content-type'], 'application/json; charset=utf-8', name)
    const body = response.json<{ code: string; msg: string }>()
    t.equal(body.code, code, name)
    t.match(body.msg, /service de connexion/, `${name}: French message`)
    if (status === 503) t.equal(response.headers['retry-after'], '5', `${name}: says when to come back`)
    t.equal(logs.filter((line) => line.msg === 'auth upstream failed').length, 1, `${name}: logged once`)
    t.equal((await app.inject({ url: '/healthz' })).statusCode, 200, `${name}: still serving`)
    t.equal((await app.inject({ url: '/' })).statusCode, 200, `${name}: pages still served`)
    await app.close()
  }
})

t.test('readiness reports the auth server, and stays ready without it (pages need no auth server)', async (t) => {
  const gotrue = await upstream((req, res) => {
    res.writeHead(req.url === '/health' ? 200 : 404)
    res.end('{}')
  })
  const app = await buildApp(authEnv(gotrue.url))
  t.teardown(() => app.close())
  t.same((await app.inject({ url: '/readyz' })).json(), {
    status: 'ok',
    checks: { eventLoop: 'ok', site: 'ok' },
    dependencies: { pdf: 'ok', database: 'ok', auth: 'ok' }
  })
  await gotrue.close()
  const down = await app.inject({ url: '/readyz' })
  t.equal(down.statusCode, 200, 'still ready: Caddy keeps sending it the pages')
  t.same(down.json(), {
    status: 'ok',
    checks: { eventLoop: 'ok', site: 'ok' },
    dependencies: { pdf: 'ok', database: 'ok', auth: 'failed' }
  })
  t.equal((await app.inject({ url: '/tarifs' })).statusCode, 200)
})

t.test('the auth server’s admin API is not reachable from the site', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  const app = await buildApp(authEnv(gotrue.url))
  t.teardown(() => app.close())
  // Dot segments, plain or percent-encoded, are resolved before the rule applies.
  const dodges = ['/auth/v1/settings/../admin/users', '/auth/v1/%2e%2e/v1/admin/users', '/auth/v1/x/%2E%2E/admin']
  for (const url of ['/auth/v1/admin/users', '/auth/v1/admin/users/123', '/auth/v1/admin', ...dodges]) {
    const response = await app.inject({ url, headers: { authorization: 'Bearer service-role-key' } })
    t.equal(response.statusCode, 404, url)
    t.equal(response.json<{ code: string }>().code, 'not_found', url)
  }
  t.equal(gotrue.seen.length, 0)
  // Backslash dot segments, which URL parsing leaves alone, are refused by the proxy itself.
  const backslashes = await app.inject({ url: '/auth/v1/x/..%5c..%5cadmin/users' })
  t.equal(backslashes.statusCode, 400)
  t.equal(backslashes.json<{ code: string }>().code, 'invalid_request')
  t.equal(gotrue.seen.length, 0, 'nothing reached GoTrue')
})

t.test('without an auth server, /auth/v1 is the embedded accounts and /api checks their tokens', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    payload: {},
    headers: { 'x-supabase-api-version': '2024-01-01' }
  })
  t.equal(response.statusCode, 400)
  t.same(response.json(), { code: 'validation_failed', message: 'To signup, please provide your email' })
  const session = await app.inject({ url: '/api/session' })
  t.equal(session.statusCode, 401)
})
