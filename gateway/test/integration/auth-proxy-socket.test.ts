// The auth proxy as a browser reaches it: over a real socket, through Fastify's routing and
// @fastify/http-proxy's undici pool. Same behaviour as through inject().
import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { buildApp, rawRequest } from '../helper.js'

const ANON = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLWZvci10ZXN0cw'

interface Seen {
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

async function upstream(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body })
      answer(req, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    seen,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function listening(env: NodeJS.ProcessEnv, logs?: Array<Record<string, unknown>>) {
  const app = await buildApp({ SUPABASE_ANON_KEY: ANON, ...env }, logs === undefined ? {} : { logs })
  await app.listen({ host: '127.0.0.1', port: 0 })
  return { app, base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, port: (app.server.address() as AddressInfo).port }
}

t.test('over a socket: headers both ways, the body, security headers, the request id and the trusted hop', async (t) => {
  const gotrue = await upstream((req, res) => {
    res.writeHead(400, { 'content-type': 'application/json', 'x-sb-error-code': 'invalid_credentials', connection: 'keep-alive' })
    res.end(JSON.stringify({ code: 'invalid_credentials', message: 'Invalid login credentials' }))
  })
  t.teardown(gotrue.close)
  const { app, base } = await listening({ AUTH_UPSTREAM_URL: gotrue.url, TRUST_PROXY: 'loopback' })
  t.teardown(() => app.close())

  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: ANON,
      'content-type': 'application/json',
      'x-request-id': 'caddy-request-0001',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'devis.example.fr'
    },
    body: JSON.stringify({ email: 'artisan@example.fr', password: 'mauvais' })
  })
  t.equal(response.status, 400)
  t.same(await response.json(), { code: 'invalid_credentials', message: 'Invalid login credentials' })
  t.equal(response.headers.get('x-sb-error-code'), 'invalid_credentials')
  t.equal(response.headers.get('x-request-id'), 'caddy-request-0001', 'the id Caddy gave follows the request')
  t.equal(response.headers.get('x-frame-options'), 'DENY', 'security headers as on every answer')
  t.match(response.headers.get('content-security-policy'), /frame-ancestors 'none'/)
  const [first] = gotrue.seen
  t.equal(first?.url, '/token?grant_type=password')
  t.same(JSON.parse(first?.body ?? '{}'), { email: 'artisan@example.fr', password: 'mauvais' })
  t.match(first?.headers, {
    apikey: ANON,
    'x-forwarded-for': '203.0.113.9',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'devis.example.fr'
  })
  t.notOk(first?.headers.host?.startsWith('devis'), 'the upstream is addressed by its own name')

  // The rest of the site is still Fastify's.
  t.equal((await fetch(`${base}/healthz`)).status, 200)
})

t.test('over a socket: an untrusted client’s X-Forwarded-* are replaced', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  const { app, base } = await listening({ AUTH_UPSTREAM_URL: gotrue.url, TRUST_PROXY: '10.9.8.7' })
  t.teardown(() => app.close())
  await fetch(`${base}/auth/v1/settings`, {
    headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }
  })
  t.match(gotrue.seen.at(-1)?.headers, { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' })
  t.not(gotrue.seen.at(-1)?.headers['x-forwarded-host'], 'evil.example')
})

t.test('over a socket: dot segments, oversized bodies and rate limits are refused before the upstream', async (t) => {
  const gotrue = await upstream((req, res) => res.end('{}'))
  t.teardown(gotrue.close)
  const { app, base, port } = await listening({ AUTH_UPSTREAM_URL: gotrue.url, AUTH_RATE_LIMIT_PER_MINUTE: '1' })
  t.teardown(() => app.close())
  for (const target of ['/auth/v1/settings/../admin/users', '/auth/v1/%2e%2e/v1/admin/users', '/auth/v1/admin']) {
    const raw = await rawRequest(port, target)
    t.match(raw, /^HTTP\/1\.1 404 /, target)
    t.match(raw, /"code":"not_found"/, target)
  }
  const large = await fetch(`${base}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: 'x'.repeat(70_000) })
  })
  t.equal(large.status, 413)
  t.equal(((await large.json()) as { code: string }).code, 'request_too_large')
  t.equal((await fetch(`${base}/auth/v1/recover`, { method: 'POST', body: '{}' })).status, 200)
  const limited = await fetch(`${base}/auth/v1/recover`, { method: 'POST', body: '{}' })
  t.equal(limited.status, 429)
  t.ok(Number(limited.headers.get('retry-after')) > 0, 'Retry-After')
  t.equal(gotrue.seen.length, 1, 'only the request within budget reached GoTrue')
})

t.test('over a socket: upstream down or slow gives the French 503/504, logged once', async (t) => {
  const slow = await upstream((req, res) => void setTimeout(() => res.end('{}'), 1500))
  t.teardown(slow.close)
  const down = await upstream((req, res) => res.end('{}'))
  await down.close()
  for (const [name, url, status, code] of [
    ['down', down.url, 503, 'upstream_unavailable'],
    ['slow', slow.url, 504, 'upstream_timeout']
  ] as const) {
    const logs: Array<Record<string, unknown>> = []
    const { app, base } = await listening({ AUTH_UPSTREAM_URL: url, AUTH_TIMEOUT_MS: '300', LOG_LEVEL: 'info' }, logs)
    const response = await fetch(`${base}/auth/v1/token?grant_type=password`, { method: 'POST', body: '{}' })
    t.equal(response.status, status, name)
    t.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', name)
    const body = (await response.json()) as { code: string; msg: string }
    t.equal(body.code, code, name)
    t.match(body.msg, /service de connexion/, `${name}: French message`)
    t.equal(logs.filter((line) => line.msg === 'auth upstream failed').length, 1, `${name}: logged once`)
    t.equal((await fetch(`${base}/healthz`)).status, 200, `${name}: still serving`)
    await app.close()
  }
})
