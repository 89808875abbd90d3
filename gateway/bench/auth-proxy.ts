// The auth proxy's overhead: GET /auth/v1/settings through the gateway against the same request
// straight to the upstream, each a separate process, side by side in one run. The upstream
// answers like GoTrue's /settings (a small JSON document, keep-alive). Caddy's reverse_proxy in
// front of the same upstream is the reference for what one proxy hop costs on this machine: on
// loopback, the kernel's delivery of each forwarded request and answer is charged to the proxy's
// own send calls, whatever language it is written in. Run by `npm run bench`.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort, root, waitForOk as waitFor } from './bench-support.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = 10

/** CPU time (user + system) a process used so far, in ms (/proc ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Load { rps: number; p50: number; p99: number; bad: number; total: number }

function load(url: string): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error ? reject(error) : resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad: result.non2xx + result.errors, total: result.requests.total })
    )
  })
}

/** The load, and the CPU each process spent per request meanwhile (robust on a busy machine, unlike req/s). */
async function measured(url: string, pids: { gateway: number; upstream: number }) {
  const before = { gateway: cpuMs(pids.gateway), upstream: cpuMs(pids.upstream) }
  const result = await load(url)
  const perRequest = (pid: number, start: number) => ((cpuMs(pid) - start) * 1000) / Math.max(1, result.total)
  return { ...result, gatewayUs: perRequest(pids.gateway, before.gateway), upstreamUs: perRequest(pids.upstream, before.upstream) }
}

const upstreamScript = `
const settings = JSON.stringify({ external: { email: true, phone: false, google: false }, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })
require('node:http').createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(settings) })
  response.end(settings)
}).listen(Number(process.env.PORT), '127.0.0.1')`

const children: ChildProcess[] = []
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-proxy-'))
try {
  const upstreamPort = await freePort()
  children.push(spawn(process.execPath, ['-e', upstreamScript], { stdio: 'inherit', env: { ...process.env, PORT: String(upstreamPort) } }))
  const gatewayPort = await freePort()
  children.push(
    spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', DATA_DIR: dataDir, PORT: String(gatewayPort), HOST: '127.0.0.1',
        AUTH_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`, SUPABASE_ANON_KEY: 'bench-anon-key-0000000000', SUPABASE_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000'
      }
    })
  )
  const caddyPort = await freePort()
  const caddyfile = path.join(dataDir, 'Caddyfile')
  writeFileSync(caddyfile, `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${caddyPort} {\n\thandle_path /auth/v1/* {\n\t\treverse_proxy 127.0.0.1:${upstreamPort}\n\t}\n}\n`)
  children.push(spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    stdio: 'ignore',
    env: { ...process.env, HOME: dataDir, XDG_DATA_HOME: dataDir, XDG_CONFIG_HOME: dataDir }
  }))
  const upstream = `http://127.0.0.1:${upstreamPort}/settings`
  const throughCaddy = `http://127.0.0.1:${caddyPort}/auth/v1/settings`
  const proxied = `http://127.0.0.1:${gatewayPort}/auth/v1/settings`
  await waitFor(upstream)
  await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`)
  await waitFor(proxied)
  await waitFor(throughCaddy)
  await load(proxied) // warm-up
  const pids = { upstream: children[0]?.pid as number, gateway: children[1]?.pid as number }
  const direct = await measured(upstream, pids)
  const through = await measured(proxied, pids)
  const healthz = await measured(`http://127.0.0.1:${gatewayPort}/healthz`, pids)
  const caddy = await measured(throughCaddy, { ...pids, gateway: children[2]?.pid as number })
  console.log(`\nAuth proxy: GET /auth/v1/settings, ${CONNECTIONS} connections, ${DURATION} s each (upstream and gateway are separate processes)`)
  console.log('path                               req/s  p50 ms  p99 ms  !2xx   CPU µs/request: proxy  upstream')
  for (const [name, r] of [['upstream directly', direct], ['through the gateway', through], ['gateway /healthz (reference)', healthz], ['through Caddy (reference hop)', caddy]] as const) {
    console.log(`${name.padEnd(32)} ${String(Math.round(r.rps)).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.bad).padStart(4)}   ${r.gatewayUs.toFixed(0).padStart(22)}  ${r.upstreamUs.toFixed(0).padStart(8)}`)
  }
  console.log(`ratio gateway / upstream: ${(through.rps / direct.rps).toFixed(2)} (goal ≥ 0.80); p99 added: ${through.p99 - direct.p99} ms (goal ≤ 2)`)
  console.log(`reference, Caddy / upstream: ${(caddy.rps / direct.rps).toFixed(2)}; p99 added: ${caddy.p99 - direct.p99} ms; gateway / Caddy: ${(through.rps / caddy.rps).toFixed(2)}`)
} finally {
  for (const child of children) child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
