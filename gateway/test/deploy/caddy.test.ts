// The project's Caddyfile, run for real (Debian's Caddy) in front of the gateway on loopback:
// what a browser gets through Caddy (pages, precompressed encodings untouched, API, 404, headers),
// what the gateway sees (client IP from Caddy only, one request id), and what Caddy logs.
import t from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helper.js'
import { caddyfile, freePort, headerValues, rawGet, runProgram } from './helpers.js'

const CADDY = '/usr/bin/caddy'
const HSTS = 'max-age=63072000; includeSubDomains'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const home = await mkdtemp(path.join(tmpdir(), 'paraphe-caddy-'))
t.teardown(() => rm(home, { recursive: true, force: true }))

/** Caddy's state (certificates, autosave) in the temp folder, never in the user's home. */
const caddyHome = {
  PATH: process.env.PATH,
  HOME: home,
  XDG_DATA_HOME: path.join(home, 'data'),
  XDG_CONFIG_HOME: path.join(home, 'config')
}

// ---------------------------------------------------------------------------------------------
// The gateway (http PUBLIC_URL: it sends no HSTS header itself) with extra routes that show what
// reached it, and one that sends its own HSTS header.

const gateway: FastifyInstance = await buildApp(
  { TRUST_PROXY: 'loopback' },
  {
    extra: async (fastify) => {
      fastify.get('/__deploy-test/hsts', async (request, reply) =>
        reply.header('strict-transport-security', 'max-age=1').send({ ok: true })
      )
      fastify.get('/__deploy-test/echo', async (request) => ({
        ip: request.ip,
        requestId: request.id,
        headers: {
          xForwardedFor: request.headers['x-forwarded-for'] ?? null,
          xForwardedProto: request.headers['x-forwarded-proto'] ?? null,
          xForwardedHost: request.headers['x-forwarded-host'] ?? null,
          xRequestId: request.headers['x-request-id'] ?? null
        }
      }))
    }
  }
)
await gateway.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => gateway.close())
const gatewayPort = (gateway.server.address() as { port: number }).port

// ---------------------------------------------------------------------------------------------
// Caddy with the project's Caddyfile, plain HTTP on a free loopback port.

const sitePort = await freePort()
const healthPort = await freePort()
const caddyLog: string[] = []
let caddyStderr = ''
const caddy: ChildProcess = spawn(CADDY, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
  env: {
    ...caddyHome,
    SITE_ADDRESS: `http://127.0.0.1:${sitePort}`,
    GATEWAY_UPSTREAM: `127.0.0.1:${gatewayPort}`,
    ACME_EMAIL: 'admin@example.test',
    CADDY_ADMIN: 'off',
    CADDY_HEALTH_PORT: String(healthPort)
  },
  stdio: ['ignore', 'pipe', 'pipe']
})
const caddyExited = new Promise<number | null>((resolve) => caddy.on('exit', (code) => resolve(code)))
let partialLine = ''
caddy.stdout?.on('data', (chunk: Buffer) => {
  const lines = (partialLine + chunk.toString()).split('\n')
  partialLine = lines.pop() ?? ''
  caddyLog.push(...lines.filter(Boolean))
})
caddy.stderr?.on('data', (chunk: Buffer) => (caddyStderr += chunk.toString()))
t.teardown(async () => {
  // Stop exactly the process this test started.
  if (caddy.exitCode === null && caddy.pid !== undefined) process.kill(caddy.pid, 'SIGTERM')
  await caddyExited
})
// Should this process end without its teardown (a timeout), Caddy must not outlive it.
process.once('exit', () => {
  if (caddy.exitCode === null) caddy.kill('SIGKILL')
})

/**
 * Waits until Caddy answers through to the gateway. No fixed deadline (a busy machine can take
 * long to start it; tap's per-file timeout bounds the wait); an exit of Caddy fails at once.
 */
async function waitForCaddy(): Promise<void> {
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}:\n${caddyStderr}`)
    const status = await rawGet(sitePort, '/healthz').then(
      (response) => response.status,
      () => 0
    )
    if (status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
await waitForCaddy()

const viaCaddy = (target: string, headers: Record<string, string> = {}) => rawGet(sitePort, target, headers)
const direct = (target: string, headers: Record<string, string> = {}) => rawGet(gatewayPort, target, headers)

t.test('a page through Caddy: 200 HTML with the gateway’s security headers and Caddy’s HSTS', async (t) => {
  const response = await viaCaddy('/', { 'accept-encoding': 'identity' })
  t.equal(response.status, 200)
  t.match(response.headers['content-type'], /^text\/html/)
  t.same(headerValues(response, 'strict-transport-security'), [HSTS], 'exactly one HSTS header')
  const reference = await direct('/', { 'accept-encoding': 'identity' })
  t.equal(response.headers['content-security-policy'], reference.headers['content-security-policy'])
  t.match(response.headers['content-security-policy'], /default-src 'self'/)
  t.equal(response.headers['x-content-type-options'], 'nosniff')
  t.equal(response.headers['x-frame-options'], 'DENY')
  t.equal(response.headers['referrer-policy'], 'same-origin')
  t.equal(response.headers['content-encoding'], undefined)
  t.same(response.body, reference.body)
})

t.test('HSTS is Caddy’s on every response, replacing (never duplicating) the gateway’s', async (t) => {
  t.same(headerValues(await direct('/'), 'strict-transport-security'), [], 'this gateway (http PUBLIC_URL) sends none')
  const notFound = await viaCaddy('/no-such-page-anywhere', { 'accept-encoding': 'identity' })
  t.equal(notFound.status, 404)
  t.same(headerValues(notFound, 'strict-transport-security'), [HSTS], 'errors included')
  // The gateway sends its own over https: Caddy's deferred header replaces it.
  t.same(headerValues(await direct('/__deploy-test/hsts'), 'strict-transport-security'), ['max-age=1'])
  t.same(headerValues(await viaCaddy('/__deploy-test/hsts'), 'strict-transport-security'), [HSTS])
})

t.test('brotli from the gateway passes through untouched', async (t) => {
  const reference = await direct('/', { 'accept-encoding': 'identity' })
  const precompressed = await direct('/', { 'accept-encoding': 'br' })
  t.equal(precompressed.headers['content-encoding'], 'br', 'the gateway serves its precompressed brotli')

  const response = await viaCaddy('/', { 'accept-encoding': 'br' })
  t.equal(response.status, 200)
  t.equal(response.headers['content-encoding'], 'br')
  t.same(response.body, precompressed.body, 'the very bytes the gateway sent')
  t.same(brotliDecompressSync(response.body), reference.body, 'decompresses to the page')
  t.match(response.headers.vary, /accept-encoding/i)
  t.equal(response.headers.etag, precompressed.headers.etag, 'the ETag of the brotli representation')

  // A browser offering everything gets brotli too: Caddy does not re-encode to zstd or gzip.
  const browser = await viaCaddy('/', { 'accept-encoding': 'gzip, deflate, br, zstd' })
  t.equal(browser.headers['content-encoding'], 'br')
  t.same(browser.body, precompressed.body)
})

t.test('gzip when only gzip is accepted', async (t) => {
  const reference = await direct('/', { 'accept-encoding': 'identity' })
  const response = await viaCaddy('/', { 'accept-encoding': 'gzip' })
  t.equal(response.headers['content-encoding'], 'gzip')
  t.same(gunzipSync(response.body), reference.body, 'gzipped once (the gateway’s), not twice')
})

t.test('/api/plans: JSON, compressed by Caddy (the gateway sends the API uncompressed)', async (t) => {
  const reference = await direct('/api/plans')
  t.equal(reference.status, 200)
  t.equal(reference.headers['content-encoding'], undefined)

  const plain = await viaCaddy('/api/plans', { 'accept-encoding': 'identity' })
  t.equal(plain.status, 200)
  t.match(plain.headers['content-type'], /^application\/json/)
  t.same(JSON.parse(plain.body.toString('utf8')), JSON.parse(reference.body.toString('utf8')))

  const gzipped = await viaCaddy('/api/plans', { 'accept-encoding': 'gzip' })
  t.equal(gzipped.headers['content-encoding'], 'gzip')
  const plans = JSON.parse(gunzipSync(gzipped.body).toString('utf8')) as { currency: string; plans: unknown[] }
  t.equal(plans.currency, 'EUR')
  t.ok(plans.plans.length > 0)
})

t.test('an unknown path: the gateway’s 404 page, compressed as the gateway sent it', async (t) => {
  const reference = await direct('/definitely/not/here', { 'accept-encoding': 'identity' })
  // The 404 page is gzip assembled from parts compressed once (site/compress.ts), never brotli per request.
  const response = await viaCaddy('/definitely/not/here', { 'accept-encoding': 'gzip, deflate, br' })
  t.equal(response.status, 404)
  t.match(response.headers['content-type'], /^text\/html/)
  t.equal(response.headers['content-encoding'], 'gzip')
  const page = gunzipSync(response.body)
  t.same(page, reference.body)
  t.match(page.toString('utf8'), /\/definitely\/not\/here/, 'names the path')
})

t.test('the gateway sees the real client address, never one the client made up', async (t) => {
  const response = await viaCaddy('/__deploy-test/echo', {
    'x-forwarded-for': '6.6.6.6',
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'evil.example',
    'x-request-id': 'client-chosen-request-id'
  })
  t.equal(response.status, 200)
  const seen = JSON.parse(response.body.toString('utf8')) as {
    ip: string
    requestId: string
    headers: Record<string, string | null>
  }
  t.equal(seen.ip, '127.0.0.1', 'request.ip is the client Caddy saw')
  t.equal(seen.headers.xForwardedFor, '127.0.0.1', 'Caddy replaced the client-sent X-Forwarded-For')
  t.notMatch(JSON.stringify(seen), /6\.6\.6\.6|evil\.example/)
  t.equal(seen.headers.xForwardedProto, 'http')
  t.equal(seen.headers.xForwardedHost, `127.0.0.1:${sitePort}`)

  t.match(seen.headers.xRequestId, UUID, 'Caddy sets X-Request-Id (a UUID), replacing the client’s')
  t.equal(seen.requestId, seen.headers.xRequestId, 'the gateway adopts it as its request id')
  t.equal(response.headers['x-request-id'], seen.requestId, 'and returns it to the client')

  const other = JSON.parse((await viaCaddy('/__deploy-test/echo')).body.toString('utf8')) as { requestId: string }
  t.match(other.requestId, UUID)
  t.not(other.requestId, seen.requestId, 'one id per request')
})

t.test('access logs: JSON on stdout, secrets in URLs redacted', async (t) => {
  await viaCaddy('/SignatureDevis?token=sekret-link-token&x=1')
  await viaCaddy('/api/sign/sekret-path-token/pdf')
  await viaCaddy('/auth/v1/verify?token=sekret-otp&type=signup&redirect_to=http://127.0.0.1/confirm-email')
  await viaCaddy('/confirm-email?code=sekret-pkce-code')
  const expected = [
    ['/SignatureDevis?token=REDACTED&x=1', 'signing link token'],
    ['/api/sign/REDACTED/pdf', 'token in an API path'],
    ['/auth/v1/verify?token=REDACTED&type=signup&redirect_to=http://127.0.0.1/confirm-email', 'e-mail link token'],
    ['/confirm-email?code=REDACTED', 'PKCE code']
  ] as const
  const accessEntries = () =>
    caddyLog
      .map((line) => JSON.parse(line) as { logger?: string; request?: { uri?: string; remote_ip?: string } })
      .filter((entry) => entry.logger === 'http.log.access.log0')
  // Log lines may arrive just after the responses: wait (bounded) for the four of them.
  const deadline = Date.now() + 5_000
  const allLogged = () => expected.every(([uri]) => accessEntries().some((entry) => entry.request?.uri === uri))
  while (!allLogged() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  const entries = accessEntries()
  const logged = entries.map((entry) => entry.request?.uri)
  for (const [uri, what] of expected) t.ok(logged.includes(uri), what)
  t.notMatch(caddyLog.join('\n'), /sekret/, 'no secret anywhere in the log')
  t.equal(entries.find((entry) => entry.request?.uri === '/api/sign/REDACTED/pdf')?.request?.remote_ip, '127.0.0.1')
})

t.test('the loopback health site answers with the gateway’s /healthz', async (t) => {
  const response = await rawGet(healthPort, '/anything')
  t.equal(response.status, 200)
  t.same(JSON.parse(response.body.toString('utf8')), { status: 'ok' })
})

t.test('caddy validate accepts the Caddyfile (production values, defaults)', async (t) => {
  t.ok(existsSync(CADDY), `${CADDY} is installed (apt-get install -y caddy)`)
  const result = await runProgram(CADDY, ['validate', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: { ...caddyHome, SITE_ADDRESS: 'devis.example.fr', ACME_EMAIL: 'admin@example.fr' }
  })
  t.equal(result.code, 0, result.stderr)
  t.match(result.stdout + result.stderr, /Valid configuration/)
})
