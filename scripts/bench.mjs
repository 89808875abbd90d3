// `npm run bench` (BENCH_ONLY=home,auth-proxy,signing-page runs only the parts named: home, then
// the file names of gateway/bench):
// requests/s for the home page (brotli) served by the gateway and by Caddy's
// file server on the same bytes, in the same run, on this machine; and the first-load JS/CSS
// weight of `/`. Plain JavaScript: it only drives processes and autocannon.
import { spawn } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { ensureBuild, ensureDependencies, ensureLighthouse, ensureSystemPackages, root } from './lib/tasks.mjs'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const siteDir = path.join(root, 'web/dist/client')

ensureDependencies()
ensureSystemPackages([{ program: '/usr/bin/caddy', pkg: 'caddy' }])
ensureBuild()
const { default: autocannon } = await import('autocannon')

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

async function waitFor(url) {
  // Up to a minute: a start on a busy 2-core machine takes longer than on a quiet one.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet: try again.
    }
    await sleep(100)
  }
  throw new Error(`${url} did not come up`)
}

function start(command, args, env = {}) {
  return spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { 'accept-encoding': 'br' } }, (error, result) =>
      error ? reject(error) : resolve(result)
    )
  })
}

async function brotliSize(file) {
  return (await stat(`${file}.br`)).size
}

// First-load weight of a page: the entry script, the page's preloaded chunks, the stylesheets.
async function firstLoad(page) {
  const html = await readFile(path.join(siteDir, page), 'utf8')
  const unique = (pattern) => [...new Set([...html.matchAll(pattern)].map((m) => m[1]))]
  let js = 0
  for (const file of unique(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+\.js)"/g))
    js += await brotliSize(path.join(siteDir, file))
  let css = 0
  for (const file of unique(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)) css += await brotliSize(path.join(siteDir, file))
  return { js, css }
}
const { js: jsBytes, css: cssBytes } = await firstLoad('index.html')
const signingPage = await firstLoad('SignatureDevis/index.html')
const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim())
const wanted = (name) => only === undefined || only.includes(name)

if (wanted('home')) await homePage()

/** Home page req/s from the gateway and from Caddy on the same bytes; first-load weights. */
async function homePage() {
  const gatewayPort = await freePort()
  // Its own data folder: the bench must not share the embedded database of a running `npm start`.
  const gatewayData = await mkdtemp(path.join(tmpdir(), 'paraphe-bench-data-'))
  const startGateway = (server, port, data) =>
    start(process.execPath, [server], {
      DATA_DIR: data,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Production with the embedded accounts needs https and SMTP (no e-mail is sent here).
      PUBLIC_URL: 'https://127.0.0.1',
      SMTP_URL: 'smtp://127.0.0.1:9',
      OPERATOR_NAME: 'Banc d’essai',
      OPERATOR_LEGAL_FORM: 'SAS',
      OPERATOR_ADDRESS: '1 rue du Test, 75001 Paris',
      OPERATOR_REGISTRATION: 'RCS Paris 000 000 000',
      OPERATOR_EMAIL: 'bench@example.com',
      OPERATOR_PHONE: '01 00 00 00 00',
      OPERATOR_PUBLICATION_DIRECTOR: 'Banc d’essai',
      HOSTING_PROVIDER_NAME: 'Machine locale',
      HOSTING_PROVIDER_ADDRESS: '127.0.0.1'
    })
  const gateway = startGateway(path.join(root, 'gateway/dist/server.js'), gatewayPort, gatewayData)
  // Another build of the gateway (BENCH_BASELINE_SERVER, e.g. main's dist copied aside) in the same
  // run, for a before/after of a change on the same loaded machine.
  const baselineServer = process.env.BENCH_BASELINE_SERVER
  const baselinePort = await freePort()
  const baselineData = await mkdtemp(path.join(tmpdir(), 'paraphe-bench-data-'))
  const baseline = baselineServer === undefined ? null : startGateway(path.resolve(baselineServer), baselinePort, baselineData)
  const caddyDir = await mkdtemp(path.join(tmpdir(), 'paraphe-bench-'))
  let caddy
  try {
    await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`)
    if (baseline !== null) await waitFor(`http://127.0.0.1:${baselinePort}/healthz`)
    // Caddy serves the same bytes: the build, with the home page as the gateway sends it.
    const filesDir = path.join(caddyDir, 'site')
    await cp(siteDir, filesDir, { recursive: true })
    for (const [encoding, suffix] of [
      ['identity', ''],
      ['br', '.br'],
      ['gzip', '.gz']
    ]) {
      await writeFile(path.join(filesDir, `index.html${suffix}`), await rawBody(gatewayPort, encoding))
    }

    const caddyPort = await freePort()
    const caddyfile = path.join(caddyDir, 'Caddyfile')
    await writeFile(
      caddyfile,
      `{\n\tadmin off\n\tauto_https off\n}\nhttp://127.0.0.1:${caddyPort} {\n\troot * ${filesDir}\n\tfile_server {\n\t\tprecompressed br gzip\n\t}\n}\n`
    )
    // Caddy logs its start-up to stderr; only its failure to come up matters here.
    caddy = spawn('/usr/bin/caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
      stdio: 'ignore',
      env: { ...process.env, HOME: caddyDir, XDG_DATA_HOME: caddyDir, XDG_CONFIG_HOME: caddyDir }
    })
    await waitFor(`http://127.0.0.1:${caddyPort}/`)

    const check = await fetch(`http://127.0.0.1:${caddyPort}/`, { headers: { 'accept-encoding': 'br' } })
    if (check.headers.get('content-encoding') !== 'br') throw new Error('Caddy did not serve brotli')

    // A hashed asset as the pages load it: the entry script, with its build-time .br sibling.
    const asset = /<script type="module" crossorigin src="([^"]+)"/.exec(await readFile(path.join(siteDir, 'index.html'), 'utf8'))?.[1]
    if (asset === undefined) throw new Error('no entry script in index.html')
    console.log(
      `Home page, a hashed asset and a 404, Accept-Encoding: br, ${CONNECTIONS} connections, ${DURATION} s each, ${(await import('node:os')).cpus().length} cores shared with the load generator\n`
    )
    const rows = [
      ['/ gateway (route, from memory)', gatewayPort, '/', 200],
      ['/ Caddy 2 file_server', caddyPort, '/', 200],
      ['asset gateway (@fastify/static)', gatewayPort, asset, 200],
      ['asset Caddy 2 file_server', caddyPort, asset, 200],
      ['404 gateway (not-found handler)', gatewayPort, '/page-absente', 404],
      ...(baseline === null
        ? []
        : [
            ['/ baseline gateway', baselinePort, '/', 200],
            ['asset baseline gateway', baselinePort, asset, 200],
            ['404 baseline gateway', baselinePort, '/page-absente', 404]
          ])
    ]
    const results = []
    for (const [name, port, target, status] of rows) {
      await load(`http://127.0.0.1:${port}${target}`).catch(() => undefined) // warm-up
      const result = await load(`http://127.0.0.1:${port}${target}`)
      const wrong = status === 200 ? result.non2xx : result.requests.total - (result.statusCodeStats?.[status]?.count ?? 0)
      if (wrong > 0 || result.errors > 0) throw new Error(`${name}: ${wrong} answers other than ${status}, ${result.errors} errors`)
      results.push({ name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 })
    }
    console.log('server                               req/s     p50 ms   p99 ms')
    for (const r of results) {
      console.log(
        `${r.name.padEnd(36)} ${String(Math.round(r.rps)).padStart(7)}  ${String(r.p50).padStart(7)}  ${String(r.p99).padStart(7)}`
      )
    }
    console.log(`\nratio gateway / Caddy, home page: ${(results[0].rps / results[1].rps).toFixed(2)} (goal ≥ 1.00)`)
    console.log(`ratio gateway / Caddy, hashed asset: ${(results[2].rps / results[3].rps).toFixed(2)}`)
    console.log(`ratio 404 / home page, gateway: ${(results[4].rps / results[0].rps).toFixed(2)}`)
    if (baseline !== null) {
      console.log(
        `baseline (${baselineServer}) / Caddy: home page ${(results[5].rps / results[1].rps).toFixed(2)}, hashed asset ${(results[6].rps / results[3].rps).toFixed(2)}; its 404 / its home page ${(results[7].rps / results[5].rps).toFixed(2)}`
      )
    }
    console.log(
      `first-load of /, brotli: JS ${(jsBytes / 1024).toFixed(1)} KB (goal ≤ 90), CSS ${(cssBytes / 1024).toFixed(1)} KB (goal ≤ 15)`
    )
    console.log(
      `first-load of /SignatureDevis, brotli: JS ${(signingPage.js / 1024).toFixed(1)} KB (goal ≤ 90), CSS ${(signingPage.css / 1024).toFixed(1)} KB`
    )
  } finally {
    gateway.kill('SIGTERM')
    baseline?.kill('SIGTERM')
    caddy?.kill('SIGTERM')
    await rm(caddyDir, { recursive: true, force: true })
    await rm(gatewayData, { recursive: true, force: true })
    await rm(baselineData, { recursive: true, force: true })
  }
}

// Signing latency on both databases (TypeScript, run from source like the tests).
ensureSystemPackages([{ program: '/usr/lib/postgresql/15/bin/initdb', pkg: 'postgresql-15', noRecommends: true }])
if (wanted('signing-latency')) {
  const signing = spawn(
    process.execPath,
    ['--import=./scripts/register-ts.mjs', '--conditions=paraphe-source', 'gateway/bench/signing-latency.ts'],
    {
      cwd: root,
      stdio: 'inherit'
    }
  )
  const signingCode = await new Promise((resolve) => signing.on('exit', resolve))
  if (signingCode !== 0) process.exitCode = 1
}

// Each of these runs in its own process (TypeScript, from source), one after the other:
// embedded accounts (warm start, password sign-in, refresh); heavy work beside the pages (PDFs and
// seals on worker threads, evidence with many views); the database beside the pages, per engine;
// the auth proxy's overhead; start time and
// idle memory on PGlite and PostgreSQL; Lighthouse on a real signing link (LIGHTHOUSE_BIN, or a
// lighthouse 12 installed for the bench on first use); the quotes list over 1 000 quotes; invoices at
// work (reads during a burst of issues, the list over 10 000 invoices).
const lighthouse = !wanted('signing-page') ? null : (process.env.LIGHTHOUSE_BIN ?? ensureLighthouse())
ensureSystemPackages([{ program: '/usr/bin/chromium', pkg: 'chromium' }])
for (const bench of [
  'gateway/bench/accounts.ts',
  'gateway/bench/heavy-work.ts',
  'gateway/bench/engine-reads.ts',
  'gateway/bench/auth-proxy.ts',
  'gateway/bench/start-memory.ts',
  'gateway/bench/signing-page.ts',
  'gateway/bench/quote-list.ts',
  'gateway/bench/invoice-work.ts',
  'gateway/bench/workspace-speed.ts'
]) {
  if (!wanted(path.basename(bench, '.ts'))) continue
  const child = spawn(process.execPath, ['--import=./scripts/register-ts.mjs', '--conditions=paraphe-source', bench], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(lighthouse === null ? {} : { LIGHTHOUSE_BIN: lighthouse }) }
  })
  if ((await new Promise((resolve) => child.on('exit', resolve))) !== 0) process.exitCode = 1
}

/** The exact compressed bytes the gateway sends (fetch would decompress them). */
async function rawBody(port, encoding) {
  const http = await import('node:http')
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks = []
        response.on('data', (chunk) => chunks.push(chunk))
        response.on('end', () => resolve(Buffer.concat(chunks)))
      })
      .on('error', reject)
  })
}
