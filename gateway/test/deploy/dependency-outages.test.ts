// One dependency down must not take the site down. A real gateway process on a real PostgreSQL 15,
// the GoTrue stand-in as its auth server (a process of its own, so it can be killed), the
// project's Caddyfile run by the real Caddy in front, whose active health check asks /readyz.
// With the auth server killed, then with PostgreSQL stopped (under load): the public pages are
// served from memory through Caddy, the API answers French 503s, and once the dependency is back
// the next requests succeed without restarting anything.
import t, { type Test } from 'tap'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startPostgres } from '../support/throwaway-postgres.js'
import { startGateway, waitUntil } from '../support/gateway-process.js'
import { httpUser, sentQuoteOverHttp } from '../support/http-workspace.js'
import { signApiKey } from '../support/gotrue-stand-in.js'
import { JWT_SECRET } from '../support/workspace-users.js'
import { BUSY_MACHINE_WAIT_MS, launchBrowser } from '../../../web/test/browser/harness.js'
import { caddyfile, freePort, rawGet, repoRoot } from './helpers.js'

// Real starts of PostgreSQL, GoTrue's stand-in, the gateway and Caddy: minutes on a busy machine.
t.setTimeout(600_000)
const home = await mkdtemp(path.join(tmpdir(), 'paraphe-outages-'))
t.teardown(() => rm(home, { recursive: true, force: true }))

const PUBLIC_PAGES = ['/', '/tarifs', '/SignatureDevis', '/verification'] as const

// ---------------------------------------------------------------------------------------------
// The auth server: the stand-in as a process, always on the same port so it can come back.

const authPort = await freePort()
let auth: ChildProcess | null = null
function startAuth(): Promise<void> {
  const child = spawn(
    process.execPath,
    ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', 'gateway/test/support/gotrue-stand-in-server.ts'],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, GOTRUE_JWT_SECRET: JWT_SECRET, GOTRUE_API_PORT: String(authPort), GOTRUE_MAILER_AUTOCONFIRM: 'true' },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  auth = child
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'))
  return new Promise((resolve, reject) => {
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('GoTrue API started')) resolve()
    })
    child.once('exit', (code) => reject(new Error(`the GoTrue stand-in exited (${code}):\n${stderr}`)))
  })
}
async function killAuth(): Promise<void> {
  const child = auth
  if (child === null || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  // A crash, not a clean stop: connections cut without an answer.
  child.kill('SIGKILL')
  await exited
}
await startAuth()
t.teardown(killAuth)

// ---------------------------------------------------------------------------------------------
// PostgreSQL, the gateway, Caddy.

const postgres = await startPostgres()
t.teardown(() => postgres.stop())
const gateway = await startGateway({
  PORT: String(await freePort()),
  DATABASE_URL: postgres.url,
  DATABASE_POOL_SIZE: '5',
  DATA_DIR: path.join(home, 'gateway'),
  AUTH_UPSTREAM_URL: `http://127.0.0.1:${authPort}`,
  AUTH_TIMEOUT_MS: '2000',
  SUPABASE_ANON_KEY: await signApiKey(JWT_SECRET, 'anon'),
  SUPABASE_JWT_SECRET: JWT_SECRET,
  TRUST_PROXY: 'loopback',
  STATIC_LOG_LEVEL: 'warn'
})
t.teardown(async () => {
  if (gateway.child.exitCode === null && gateway.child.signalCode === null) gateway.child.kill('SIGTERM')
  await gateway.exited
})

const sitePort = await freePort()
const caddy = spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
  env: {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    SITE_ADDRESS: `http://127.0.0.1:${sitePort}`,
    GATEWAY_UPSTREAM: `127.0.0.1:${gateway.port}`,
    ACME_EMAIL: 'admin@example.test',
    CADDY_ADMIN: 'off',
    CADDY_HEALTH_PORT: String(await freePort())
  },
  stdio: ['ignore', 'ignore', 'pipe']
})
let caddyStderr = ''
caddy.stderr.on('data', (chunk: Buffer) => (caddyStderr += chunk.toString()))
const caddyExited = new Promise((resolve) => caddy.on('exit', resolve))
process.once('exit', () => caddy.exitCode === null && caddy.kill('SIGKILL'))
t.teardown(async () => {
  if (caddy.exitCode === null) caddy.kill('SIGTERM')
  await caddyExited
})
const site = `http://127.0.0.1:${sitePort}`
await waitUntil(async () => {
  if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyStderr}`)
  return rawGet(sitePort, '/api/plans').then(
    (response) => response.status === 200,
    () => false
  )
})

const pro = await httpUser(site)
const quote = await sentQuoteOverHttp(pro)

interface Readyz {
  status: string
  checks: Record<string, string>
  dependencies: Record<string, string>
}
const readyz = async () => {
  const response = await fetch(`http://127.0.0.1:${gateway.port}/readyz`)
  return { status: response.status, body: (await response.json()) as Readyz }
}

/** Caddy's health check runs every second: a verdict it could reach has had time to arrive. */
const afterHealthChecks = () => new Promise((resolve) => setTimeout(resolve, 2500))

async function publicPagesServed(t: Test, when: string): Promise<void> {
  for (const page of PUBLIC_PAGES) {
    const response = await fetch(`${site}${page}`)
    t.equal(response.status, 200, `${when}: ${page} through Caddy`)
    t.match(await response.text(), /<html lang="fr"/, `${when}: ${page} is the page`)
  }
}

/** A French JSON error with the given status, and a Retry-After when asked. */
async function frenchError(t: Test, response: Response, status: number, what: string): Promise<Record<string, unknown>> {
  t.equal(response.status, status, what)
  t.match(response.headers.get('content-type'), /^application\/json/, `${what}: JSON`)
  t.ok(Number(response.headers.get('retry-after')) > 0, `${what}: Retry-After`)
  const body = (await response.json()) as Record<string, unknown>
  t.match(JSON.stringify(body), /[Rr]éessayez/, `${what}: in French`)
  return body
}

t.test('the auth server killed: pages and the API still served, /auth/v1 says 503 in GoTrue’s shape, back by itself', async (t) => {
  t.equal((await fetch(`${site}/auth/v1/settings`)).status, 200, 'before: GoTrue answers through the gateway')
  await killAuth()
  await waitUntil(async () => (await readyz()).body.dependencies.auth === 'failed')
  const ready = await readyz()
  t.equal(ready.status, 200, '/readyz stays 200')
  t.same(ready.body.checks, { eventLoop: 'ok', site: 'ok' })
  t.match(ready.body.dependencies, { auth: 'failed', database: 'ok' }, 'the outage is reported for operators')

  await afterHealthChecks()
  await publicPagesServed(t, 'auth down')
  t.equal((await fetch(`${site}/api/sign/${quote.token}`)).status, 200, 'the client’s quote (no auth server needed)')
  t.equal((await pro.call('GET', '/api/quotes')).status, 200, 'a signed-in professional (tokens are checked locally)')
  const signIn = await fetch(`${site}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    body: JSON.stringify({ email: 'a@example.fr', password: 'x'.repeat(12) })
  })
  const body = await frenchError(t, signIn, 503, 'sign-in')
  t.same(Object.keys(body).sort(), ['code', 'error_code', 'msg'], 'GoTrue’s error shape (supabase-js reads it)')
  t.equal(body.error_code, 'upstream_unavailable')

  await startAuth()
  // The gateway's pooled connections to the old process are dead: the next request must not fail on one.
  const settings = await fetch(`${site}/auth/v1/settings`)
  t.equal(settings.status, 200, 'the first request after the restart succeeds')
  const signUp = await fetch(`${site}/auth/v1/signup`, {
    method: 'POST',
    body: JSON.stringify({ email: 'retour@example.fr', password: 'un mot de passe long' })
  })
  t.equal(signUp.status, 200, 'sign-up works again, without restarting the gateway')
  await waitUntil(async () => (await readyz()).body.dependencies.auth === 'ok')
  t.pass('reported back in /readyz')
})

t.test('PostgreSQL stopped under load: pages served, the API answers French 503s, all back once it restarts', async (t) => {
  // Load through Caddy for the whole outage: the pages, and the professional's quote list (which
  // needs the database; the client's link has a per-address budget that a load would use up).
  const tally = new Map<string, number>()
  let loading = true
  const worker = async (kind: 'page' | 'api', send: () => Promise<Response>) => {
    while (loading) {
      const status = await send().then(
        async (response) => {
          await response.arrayBuffer()
          return String(response.status)
        },
        () => 'socket error'
      )
      tally.set(`${kind} ${status}`, (tally.get(`${kind} ${status}`) ?? 0) + 1)
    }
  }
  const workers = [
    ...PUBLIC_PAGES.map((page) => worker('page', () => fetch(`${site}${page}`))),
    worker('api', () => pro.call('GET', '/api/quotes')),
    worker('api', () => pro.call('GET', '/api/quotes'))
  ]
  await waitUntil(() => (tally.get('api 200') ?? 0) > 10)

  postgres.halt()
  await waitUntil(async () => (await readyz()).body.dependencies.database !== 'ok')
  const ready = await readyz()
  t.equal(ready.status, 200, '/readyz stays 200 with the database down')
  t.not(ready.body.dependencies.database, 'ok', `database reported ${ready.body.dependencies.database}`)
  await afterHealthChecks()
  await publicPagesServed(t, 'database down')
  await frenchError(t, await fetch(`${site}/api/sign/${quote.token}`), 503, 'the client’s quote')
  await frenchError(t, await pro.call('GET', '/api/quotes'), 503, 'the professional’s quotes')
  const pageStatuses = () => [...tally].filter(([key]) => key.startsWith('page')).map(([key]) => key)
  t.same(pageStatuses(), ['page 200'], 'every page request under load got its page')

  // The client opens their link meanwhile, in a real browser: the page, then what it says.
  const browser = await launchBrowser()
  t.teardown(() => browser.close())
  const page = await browser.newPage()
  t.equal((await page.goto(`${site}/SignatureDevis?token=${quote.token}`))?.status(), 200, 'the signing page loads')
  const alert = page.getByRole('alert')
  await alert.waitFor({ timeout: BUSY_MACHINE_WAIT_MS })
  t.equal(
    (await alert.innerText()).trim(),
    'Service momentanément indisponible, réessayez dans quelques instants.',
    'it says the service is down for a moment, not a blank page'
  )

  postgres.restart()
  // No restart of the gateway: its pool opens new connections by itself.
  await waitUntil(async () => (await fetch(`${site}/api/sign/${quote.token}`)).status === 200)
  t.equal((await pro.call('GET', '/api/quotes')).status, 200, 'the professional’s quotes are back')
  await page.getByRole('button', { name: 'Réessayer' }).click()
  await page.getByRole('heading', { level: 1, name: /^Devis n° / }).waitFor({ timeout: BUSY_MACHINE_WAIT_MS })
  t.pass('« Réessayer » shows the quote once the database is back')
  const before = tally.get('api 200') ?? 0
  await waitUntil(() => (tally.get('api 200') ?? 0) > before + 10)
  loading = false
  await Promise.all(workers)
  t.comment(`requests under load: ${JSON.stringify(Object.fromEntries(tally))}`)
  t.same(pageStatuses(), ['page 200'], 'pages: only 200s, before, during and after')
  const apiStatuses = [...tally.keys()].filter((key) => key.startsWith('api')).sort()
  t.same(
    apiStatuses.filter((key) => !['api 200', 'api 503'].includes(key)),
    [],
    'the API: 200 or a 503 « réessayez », never a 500 or a dropped connection'
  )
  await waitUntil(async () => (await readyz()).body.dependencies.database === 'ok')
  t.pass('the database reported back in /readyz')
})
