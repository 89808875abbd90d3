// A rolling restart under load: two real gateway processes on one PostgreSQL 15, the project's
// Caddyfile run by the real Caddy in front, autocannon on a page and on an API route while one
// gateway gets SIGTERM and starts again. Visitors must see no error at all, and the stopped
// gateway must exit 0 right after its last response (not at the grace deadline).
import t from 'tap'
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startPostgres } from '../support/throwaway-postgres.js'
import { startGateway, waitUntil, type GatewayProcess } from '../support/gateway-process.js'
import { startLoad } from '../support/load.js'
import { caddyfile, freePort, rawGet } from './helpers.js'

// Several real gateway starts: minutes on a busy 2-core machine, more than .taprc's default.
t.setTimeout(900_000)
const home = await mkdtemp(path.join(tmpdir(), 'paraphe-rolling-'))
t.teardown(() => rm(home, { recursive: true, force: true }))
const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const ports = [await freePort(), await freePort()] as const
const gatewayEnv = (index: number): NodeJS.ProcessEnv => ({
  PORT: String(ports[index]),
  DATABASE_URL: postgres.url,
  DATABASE_POOL_SIZE: '5',
  DATA_DIR: path.join(home, `gateway-${index}`),
  // Every response logged, pages included, to know when the last one left.
  STATIC_LOG_LEVEL: 'info',
  SHUTDOWN_GRACE_MS: '60000',
  TRUST_PROXY: 'loopback'
})
const running: GatewayProcess[] = []
t.teardown(async () => {
  for (const gateway of running) {
    if (gateway.child.exitCode === null && gateway.child.signalCode === null) gateway.child.kill('SIGTERM')
    await gateway.exited
  }
})
// One after the other: the first applies the migrations (two at once would also work: they take an advisory lock).
const first = await startGateway(gatewayEnv(0))
running.push(first)
running.push(await startGateway(gatewayEnv(1)))

const sitePort = await freePort()
const caddy = spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
  env: {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: path.join(home, 'data'),
    XDG_CONFIG_HOME: path.join(home, 'config'),
    SITE_ADDRESS: `http://127.0.0.1:${sitePort}`,
    GATEWAY_UPSTREAM: ports.map((port) => `127.0.0.1:${port}`).join(' '),
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
await waitUntil(async () => {
  if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyStderr}`)
  return rawGet(sitePort, '/api/plans').then(
    (response) => response.status === 200,
    () => false
  )
})

const served = (gateway: GatewayProcess) => gateway.lines.filter((line) => line.msg === 'request completed')

t.test('restarting one of two gateways under load: 0 non-2xx, 0 socket errors', async (t) => {
  const loads = ['/', '/api/plans'].map((target) => startLoad(`http://127.0.0.1:${sitePort}${target}`))
  // Load on both gateways first.
  const old = first
  await waitUntil(() => served(old).length > 50 && served(running[1] as GatewayProcess).length > 50)
  const signalled = Date.now()
  old.child.kill('SIGTERM')
  const exit = await old.exited
  t.equal(exit.code, 0, 'the stopped gateway exits 0')
  const lastResponse = Math.max(...served(old).map((line) => Number(line.time)))
  t.ok(lastResponse >= signalled - 1000, 'it answered requests until the signal')
  const drainMs = exit.at - lastResponse
  t.comment(`SIGTERM → exit: ${exit.at - signalled} ms; last response → exit: ${drainMs} ms; ${served(old).length} responses`)
  t.ok(drainMs < 5000, `exits right after its last response (${drainMs} ms), not at the 60 s grace deadline`)
  t.notOk(old.lines.some((line) => String(line.msg).includes('killed by timeout')))

  // Started again on the same port: Caddy sends it traffic once its /readyz says 200.
  const restarted = await startGateway(gatewayEnv(0))
  running.push(restarted)
  await waitUntil(() => served(restarted).length > 50)
  for (const load of loads) load.stop()
  const [page, api] = await Promise.all(loads.map((load) => load.result))
  for (const [name, result] of [
    ['/', page],
    ['/api/plans', api]
  ] as const) {
    if (result === undefined) continue
    t.comment(
      `${name}: ${result.requests.total} requests, ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`
    )
    t.ok(result.requests.total > 100, `${name}: load ran`)
    t.equal(result.non2xx, 0, `${name}: no non-2xx answer`)
    t.equal(result.errors, 0, `${name}: no socket error`)
    t.equal(result.timeouts, 0, `${name}: no timeout`)
  }
})
