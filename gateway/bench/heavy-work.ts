// Heavy work beside the request path (issue 17), measured side by side in one run:
// - the home page's req/s alone, then while 2 and 10 connections download quote PDFs;
// - quote PDF req/s (a draft, rendered on each request; a sent quote, frozen);
// - 20 clients signing 20 different quotes at once (all sealed? p50/p95);
// - request → sealed PDF for a quote viewed 2 times and 5 000 times.
// The gateway runs as its own process (gateway/dist/server.js, as in production) on a throwaway
// PGlite data folder; the load generator (autocannon) runs here. Run by `npm run bench`.
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import app, { serverOptions } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { migrate } from '../src/db/migrate.js'
import { openPglite } from '../src/db/pglite-database.js'
import {
  BENCH_JWT_SECRET as SECRET,
  benchAccessToken,
  benchProfessional,
  benchProfile as profile,
  benchQuoteContent as content,
  benchSignBody as signBody,
  freePort,
  percentile,
  root,
  waitForOk
} from './bench-support.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const HOME_CONNECTIONS = 10

interface Load {
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: DURATION, headers: { 'accept-encoding': 'br', ...headers } }, (error, result) => {
      if (error) reject(error)
      else
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors
        })
    })
  })
}

const env = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
  SUPABASE_JWT_SECRET: SECRET
}

// ---- 1. Over HTTP, against a gateway process -------------------------------------------------
const port = await freePort()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-heavy-'))
// BENCH_GATEWAY_LOG=file keeps the gateway's log (JSON lines) there.
const logFile = process.env.BENCH_GATEWAY_LOG
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
  stdio: ['ignore', logFile === undefined ? 'ignore' : openSync(logFile, 'w'), 'inherit'],
  env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }
})
const base = `http://127.0.0.1:${port}`
const lines: string[] = []
try {
  await waitForOk(`${base}/healthz`)
  // One professional per sent quote: the free plan sends 3 quotes a month.
  const professional = () => benchProfessional(base)
  const { auth, api, newQuote } = await professional()
  const draft = await newQuote()
  const sent = await newQuote()
  await api('POST', `/api/quotes/${sent}/send`)
  await (await api('GET', `/api/quotes/${draft}/pdf`)).arrayBuffer()

  await load(`${base}/`, HOME_CONNECTIONS) // warm-up
  const alone = await load(`${base}/`, HOME_CONNECTIONS)
  // The ceiling for any background work on this machine: the home page beside a process that only
  // spins in the same idle class as the PDF process (no memory, no I/O, nothing to wait for).
  const spinner = spawn('chrt', ['--idle', '0', process.execPath, '-e', 'for (;;);'], { stdio: 'ignore' })
  const besideSpinner = await load(`${base}/`, HOME_CONNECTIONS).finally(() => spinner.kill())
  const beside: Array<{ pdfConnections: number; home: Load; pdf: Load }> = []
  for (const pdfConnections of [2, 10]) {
    const [home, pdf] = await Promise.all([
      load(`${base}/`, HOME_CONNECTIONS),
      load(`${base}/api/quotes/${draft}/pdf`, pdfConnections, auth)
    ])
    beside.push({ pdfConnections, home, pdf })
  }

  // 20 clients sign 20 different quotes at the same moment.
  const signers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const { api, newQuote } = await professional()
      const id = await newQuote()
      const link = new URL(
        ((await (await api('POST', `/api/quotes/${id}/send`)).json()) as { signingUrl: string }).signingUrl
      ).searchParams.get('token') as string
      return link
    })
  )
  const views = await Promise.all(
    signers.map(async (link) => ((await (await fetch(`${base}/api/sign/${link}`)).json()) as { documentSha256: string }).documentSha256)
  )
  const signed = await Promise.all(
    signers.map(async (link, index) => {
      const started = performance.now()
      const response = await fetch(`${base}/api/sign/${link}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signBody(views[index] as string))
      })
      const body = (await response.json()) as { signedDocument?: boolean }
      return { ms: performance.now() - started, sealed: body.signedDocument === true, status: response.status }
    })
  )

  // After the signers: the signing API is rate-limited per address, the owner's download is not.
  const sentPdf = await load(`${base}/api/quotes/${sent}/pdf`, 10, auth)

  const row = (name: string, result: Load) =>
    `${name.padEnd(44)} ${String(Math.round(result.rps)).padStart(7)}  ${String(result.p50).padStart(6)}  ${String(result.p99).padStart(6)}  ${String(result.non2xx + result.errors).padStart(5)}`
  lines.push(
    `\nHeavy work beside pages: gateway process (dist, PGlite), ${DURATION} s per load, ${os.availableParallelism()} cores shared with the load generator`
  )
  lines.push(`${'load'.padEnd(44)}   req/s  p50 ms  p99 ms  !2xx`)
  lines.push(row(`home, ${HOME_CONNECTIONS} connections, alone`, alone))
  lines.push(row('home beside an idle-class CPU spinner', besideSpinner))
  for (const { pdfConnections, home, pdf } of beside) {
    lines.push(row(`home beside ${pdfConnections} connections downloading PDFs`, home))
    lines.push(row(`  draft quote PDF, ${pdfConnections} connections`, pdf))
  }
  lines.push(row('sent quote PDF (frozen), 10 connections', sentPdf))
  for (const { pdfConnections, home } of beside) {
    lines.push(`ratio home beside ${pdfConnections} PDF connections / alone: ${(home.rps / alone.rps).toFixed(2)} (goal ≥ 0.80)`)
  }
  lines.push(
    `ratio home beside the idle-class spinner / alone: ${(besideSpinner.rps / alone.rps).toFixed(2)} (the most background work can leave on these cores)`
  )
  const times = signed.map((s) => s.ms)
  lines.push(
    `20 concurrent signers: ${signed.filter((s) => s.sealed).length}/20 sealed (statuses ${[...new Set(signed.map((s) => s.status))].join(', ')}), p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`
  )
} finally {
  gateway.kill('SIGTERM')
  await new Promise((resolve) => gateway.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}

// ---- 2. In process: request → sealed with 2 and 5 000 recorded views --------------------------
const viewsDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-views-'))
const db = await openPglite(null)
try {
  await migrate(db)
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: viewsDir })
  const fastify = Fastify({ ...serverOptions(config), logger: { level: 'silent' } })
  await fastify.register(app, { config, database: db })
  await fastify.ready()
  await fastify.sealCertificate()
  try {
    const results: Array<{ views: number; ms: number; pages: number }> = []
    for (const viewCount of [2, 5000, 2, 5000]) {
      const token = await benchAccessToken()
      const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        fastify.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) })
      await as('PUT', '/api/profile', profile)
      const id = (await as('POST', '/api/quotes', { content })).json<{ quote: { id: string } }>().quote.id
      const link = new URL((await as('POST', `/api/quotes/${id}/send`)).json<{ signingUrl: string }>().signingUrl).searchParams.get(
        'token'
      ) as string
      const view = (await fastify.inject({ url: `/api/sign/${link}` })).json<{ documentSha256: string }>()
      // The other visitors, as record_view stores them (one row per distinct visitor).
      await db.query(
        `insert into paraphe.quote_events (quote_id, company_id, type, data)
         select q.id, q.company_id, 'viewed', jsonb_build_object('visitor', 'v' || n, 'ip', '203.0.113.' || (n % 250), 'userAgent', 'Mozilla/5.0 (device ' || (n % 40) || ')')
         from paraphe.quotes q, generate_series(2, $2::int) n where q.id = $1`,
        [id, viewCount]
      )
      const started = performance.now()
      const response = await fastify.inject({ method: 'POST', url: `/api/sign/${link}/sign`, payload: signBody(view.documentSha256) })
      const ms = performance.now() - started
      if (response.json<{ signedDocument: boolean }>().signedDocument !== true) throw new Error(`not sealed: ${response.body}`)
      const pdf = (await fastify.inject({ url: `/api/sign/${link}/pdf` })).rawPayload
      const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length
      results.push({ views: viewCount, ms, pages })
    }
    lines.push('\nSign → sealed PDF stored, by number of recorded views (in process, PGlite; second run of each kept)')
    for (const result of results.slice(2)) {
      lines.push(`${String(result.views).padStart(5)} views: ${result.ms.toFixed(0).padStart(6)} ms, signed PDF ${result.pages} pages`)
    }
    const [few, many] = results.slice(2)
    if (few !== undefined && many !== undefined) lines.push(`ratio 5 000 views / 2 views: ${(many.ms / few.ms).toFixed(2)} (goal ≈ 1)`)
  } finally {
    await fastify.close()
  }
} finally {
  await db.close()
  rmSync(viewsDir, { recursive: true, force: true })
}
console.log(lines.join('\n'))
