// The auth proxy's overhead: GET /auth/v1/settings through the gateway against the same request
// straight to the upstream, each a separate process, side by side in one run. The upstream
// answers like GoTrue's /settings (a small JSON document, keep-alive). Caddy's reverse_proxy in
// front of the same upstream is the reference for what one proxy hop costs on this machine: on
// loopback, the kernel's delivery of each forwarded request and answer is charged to the proxy's
// own send calls, whatever language it is written in. A bare Node keep-alive proxy (node:http,
// no framework, no checks) is the floor for a proxy in Node. The load generator runs in this
// process and shares the same cores: its own CPU per request is measured too, which gives the
// best ratio any proxy could reach here, (client + upstream) / (client + upstream + proxy).
// Run by `npm run bench`.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { freePort, root, waitForOk as waitFor } from './bench-support.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const CONNECTIONS = 10
// A steady load well under saturation, for the latency a hop adds when the machine is not queueing.
const RATE = Number(process.env.BENCH_PROXY_RATE ?? 1000)

/** CPU time (user + system) a process used so far, in ms (/proc ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

interface Load {
  rps: number
  p50: number
  p99: number
  bad: number
  total: number
}

/** A session refresh as supabase-js sends it, from one of many client addresses (Caddy's X-Forwarded-For). */
const REFRESH = {
  method: 'POST',
  body: JSON.stringify({ refresh_token: 'bench-refresh-token' }),
  headers: { 'content-type': 'application/json', apikey: 'bench-anon-key-0000000000' }
}
let nextAddress = 0
const refreshRequests = [
  {
    ...REFRESH,
    setupRequest: (request: Record<string, unknown>) => ({
      ...request,
      headers: { ...(request.headers as object), 'x-forwarded-for': `198.51.100.${(nextAddress++ % 200) + 1}` }
    })
  }
]

function load(url: string, overallRate?: number, refresh = false): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: DURATION,
        ...(overallRate === undefined ? {} : { overallRate }),
        ...(refresh ? { requests: refreshRequests } : {})
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({
              rps: result.requests.average,
              p50: result.latency.p50,
              p99: result.latency.p99,
              bad: result.non2xx + result.errors,
              total: result.requests.total
            })
    )
  })
}

/** The load, and the CPU each process spent per request meanwhile (robust on a busy machine, unlike req/s). */
async function measured(url: string, pids: { gateway: number; upstream: number }, refresh = false) {
  const before = { gateway: cpuMs(pids.gateway), upstream: cpuMs(pids.upstream), client: process.cpuUsage() }
  const result = await load(url, undefined, refresh)
  const perRequest = (pid: number, start: number) => ((cpuMs(pid) - start) * 1000) / Math.max(1, result.total)
  const client = process.cpuUsage(before.client)
  return {
    ...result,
    gatewayUs: perRequest(pids.gateway, before.gateway),
    upstreamUs: perRequest(pids.upstream, before.upstream),
    clientUs: (client.user + client.system) / Math.max(1, result.total)
  }
}

/** The best throughput ratio a proxy costing `proxyUs` of CPU per request allows when all share the cores. */
const ceiling = (direct: { clientUs: number; upstreamUs: number }, proxyUs: number) =>
  (direct.clientUs + direct.upstreamUs) / (direct.clientUs + direct.upstreamUs + proxyUs)

const upstreamScript = `
const settings = JSON.stringify({ external: { email: true, phone: false, google: false }, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })
require('node:http').createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(settings) })
  response.end(settings)
}).listen(Number(process.env.PORT), '127.0.0.1')`

// The floor of a proxy written in Node: keep-alive sockets to the upstream, streamed both ways.
const bareProxyScript = `
const http = require('node:http')
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
http.createServer((request, response) => {
  const headers = { ...request.headers, 'x-forwarded-for': request.socket.remoteAddress }
  const forwarded = http.request({ host: '127.0.0.1', port: Number(process.env.UPSTREAM_PORT), method: request.method, path: request.url.slice('/auth/v1'.length), headers, agent }, (answer) => {
    response.writeHead(answer.statusCode, answer.headers)
    answer.pipe(response)
  })
  forwarded.on('error', () => { response.writeHead(502); response.end() })
  request.pipe(forwarded)
}).listen(Number(process.env.PORT), '127.0.0.1')`

// Another build of the gateway (e.g. main's dist copied to gateway/dist-main) measured in the same
// run, for a before/after of a change to the proxy.
const BASELINE = process.env.BENCH_BASELINE_SERVER

const children: ChildProcess[] = []
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-proxy-'))
try {
  const upstreamPort = await freePort()
  children.push(spawn(process.execPath, ['-e', upstreamScript], { stdio: 'inherit', env: { ...process.env, PORT: String(upstreamPort) } }))
  const startGateway = (server: string, port: number, data: string) =>
    spawn(process.execPath, [server], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        DATA_DIR: data,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The refresh rows come from 200 addresses through a trusted hop, each well within its budget:
        // what is measured is the cost of counting, not refusals.
        TRUST_PROXY: 'loopback',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        AUTH_UPSTREAM_URL: `http://127.0.0.1:${upstreamPort}`,
        SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
        SUPABASE_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000'
      }
    })
  const gatewayPort = await freePort()
  children.push(startGateway(path.join(root, 'gateway/dist/server.js'), gatewayPort, dataDir))
  const caddyPort = await freePort()
  const caddyfile = path.join(dataDir, 'Caddyfile')
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${caddyPort} {\n\thandle_path /auth/v1/* {\n\t\treverse_proxy 127.0.0.1:${upstreamPort}\n\t}\n}\n`
  )
  children.push(
    spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: dataDir, XDG_DATA_HOME: dataDir, XDG_CONFIG_HOME: dataDir }
    })
  )
  const bareProxyPort = await freePort()
  children.push(
    spawn(process.execPath, ['-e', bareProxyScript], {
      stdio: 'inherit',
      env: { ...process.env, PORT: String(bareProxyPort), UPSTREAM_PORT: String(upstreamPort) }
    })
  )
  const baselinePort = await freePort()
  const baselineDir = path.join(dataDir, 'baseline')
  const baseline = BASELINE === undefined ? null : startGateway(path.resolve(BASELINE), baselinePort, baselineDir)
  if (baseline !== null) children.push(baseline)
  const throughBaseline = `http://127.0.0.1:${baselinePort}/auth/v1/settings`
  const upstream = `http://127.0.0.1:${upstreamPort}/settings`
  const throughBare = `http://127.0.0.1:${bareProxyPort}/auth/v1/settings`
  const throughCaddy = `http://127.0.0.1:${caddyPort}/auth/v1/settings`
  const proxied = `http://127.0.0.1:${gatewayPort}/auth/v1/settings`
  await waitFor(upstream)
  await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`)
  await waitFor(proxied)
  await waitFor(throughCaddy)
  await waitFor(throughBare)
  await load(proxied) // warm-up
  if (baseline !== null) {
    await waitFor(throughBaseline)
    await load(throughBaseline)
  }
  const pids = { upstream: children[0]?.pid as number, gateway: children[1]?.pid as number }
  const direct = await measured(upstream, pids)
  const through = await measured(proxied, pids)
  const before = baseline === null ? null : await measured(throughBaseline, { ...pids, gateway: baseline.pid as number })
  const healthz = await measured(`http://127.0.0.1:${gatewayPort}/healthz`, pids)
  const caddy = await measured(throughCaddy, { ...pids, gateway: children[2]?.pid as number })
  const bare = await measured(throughBare, { ...pids, gateway: children[3]?.pid as number })
  // Sign-in sessions: the user (a GET with the token) and the refresh (a POST, rate limited per address).
  const user = (base: string) => `${base}/user`
  const refreshOf = (base: string) => `${base}/token?grant_type=refresh_token`
  const gatewayAuth = `http://127.0.0.1:${gatewayPort}/auth/v1`
  const baselineAuth = `http://127.0.0.1:${baselinePort}/auth/v1`
  const upstreamAuth = `http://127.0.0.1:${upstreamPort}`
  const sessionRows: Array<[string, Awaited<ReturnType<typeof measured>>]> = []
  for (const [what, target, refresh] of [
    ['/user', user, false],
    ['refresh', refreshOf, true]
  ] as const) {
    sessionRows.push([`${what} upstream directly`, await measured(target(upstreamAuth), pids, refresh)])
    await load(target(gatewayAuth), undefined, refresh) // warm-up
    sessionRows.push([`${what} through the gateway`, await measured(target(gatewayAuth), pids, refresh)])
    if (baseline !== null) await load(target(baselineAuth), undefined, refresh) // warm-up
    if (baseline !== null)
      sessionRows.push([
        `${what} through the baseline`,
        await measured(target(baselineAuth), { ...pids, gateway: baseline.pid as number }, refresh)
      ])
  }
  const steadyDirect = await load(upstream, RATE)
  const steadyThrough = await load(proxied, RATE)
  const steadyBefore = baseline === null ? null : await load(throughBaseline, RATE)
  console.log(
    `\nAuth proxy: GET /auth/v1/settings, ${CONNECTIONS} connections, ${DURATION} s each (upstream and gateway are separate processes)`
  )
  console.log('path                               req/s  p50 ms  p99 ms  !2xx   CPU µs/request: proxy  upstream  client')
  const rows = [
    ['upstream directly', direct],
    ['through the gateway', through],
    ...(before === null ? [] : [['through the baseline gateway', before] as const]),
    ['gateway /healthz (reference)', healthz],
    ['through Caddy (reference hop)', caddy],
    ['through bare Node proxy (floor)', bare]
  ] as const
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(32)} ${String(Math.round(r.rps)).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.bad).padStart(4)}   ${(r === direct ? '-' : r.gatewayUs.toFixed(0)).padStart(22)}  ${r.upstreamUs.toFixed(0).padStart(8)}  ${r.clientUs.toFixed(0).padStart(6)}`
    )
  }
  console.log(
    `ratio gateway / upstream: ${(through.rps / direct.rps).toFixed(2)} (goal ≥ 0.80); p99 added: ${through.p99 - direct.p99} ms (goal ≤ 2)`
  )
  console.log(
    `\nSessions: GET /auth/v1/user and POST /auth/v1/token?grant_type=refresh_token (200 client addresses), ${CONNECTIONS} connections, ${DURATION} s each`
  )
  console.log('path                               req/s  p50 ms  p99 ms  !2xx   CPU µs/request: proxy  upstream  client')
  for (const [name, r] of sessionRows) {
    console.log(
      `${name.padEnd(32)} ${String(Math.round(r.rps)).padStart(6)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${String(r.bad).padStart(4)}   ${(name.endsWith('directly') ? '-' : r.gatewayUs.toFixed(0)).padStart(22)}  ${r.upstreamUs.toFixed(0).padStart(8)}  ${r.clientUs.toFixed(0).padStart(6)}`
    )
  }
  for (const what of ['/user', 'refresh']) {
    const directRow = sessionRows.find(([name]) => name === `${what} upstream directly`)?.[1]
    for (const [name, r] of sessionRows.filter(([name]) => name.startsWith(`${what} through`))) {
      if (directRow !== undefined)
        console.log(
          `${name} / upstream: ${(r.rps / directRow.rps).toFixed(2)} (goal ≥ 0.60); p99 added: ${r.p99 - directRow.p99} ms (goal ≤ 5)`
        )
    }
  }
  if (before !== null)
    console.log(
      `baseline gateway (${BASELINE}) / upstream: ${(before.rps / direct.rps).toFixed(2)}; p99 added: ${before.p99 - direct.p99} ms; gateway / baseline: ${(through.rps / before.rps).toFixed(2)}, CPU µs/request ${through.gatewayUs.toFixed(0)} against ${before.gatewayUs.toFixed(0)}`
    )
  console.log(
    `reference, Caddy / upstream: ${(caddy.rps / direct.rps).toFixed(2)}; p99 added: ${caddy.p99 - direct.p99} ms; gateway / Caddy: ${(through.rps / caddy.rps).toFixed(2)}`
  )
  console.log(
    `reference, bare Node proxy / upstream: ${(bare.rps / direct.rps).toFixed(2)}; p99 added: ${bare.p99 - direct.p99} ms; gateway / bare Node proxy: ${(through.rps / bare.rps).toFixed(2)}`
  )
  console.log(
    `at ${RATE} req/s offered (not saturated): upstream directly p50 ${steadyDirect.p50} ms, p99 ${steadyDirect.p99} ms; through the gateway p50 ${steadyThrough.p50} ms, p99 ${steadyThrough.p99} ms (${steadyThrough.bad} !2xx); p99 added: ${steadyThrough.p99 - steadyDirect.p99} ms (goal ≤ 2)`
  )
  if (steadyBefore !== null)
    console.log(
      `at ${RATE} req/s offered: through the baseline gateway p50 ${steadyBefore.p50} ms, p99 ${steadyBefore.p99} ms (${steadyBefore.bad} !2xx); p99 added: ${steadyBefore.p99 - steadyDirect.p99} ms`
    )
  // Client, upstream and proxy share the same cores: a proxy that costs more CPU per request than a
  // quarter of the client and the upstream together cannot keep 0.8 of the direct throughput.
  console.log(
    `best ratio the CPU allows here (client + upstream) / (client + upstream + proxy): gateway ${ceiling(direct, through.gatewayUs).toFixed(2)}, Caddy ${ceiling(direct, caddy.gatewayUs).toFixed(2)}, bare Node ${ceiling(direct, bare.gatewayUs).toFixed(2)}; 0.80 needs a proxy under ${((direct.clientUs + direct.upstreamUs) / 4).toFixed(0)} µs/request`
  )
} finally {
  for (const child of children) child.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
