// The database beside the pages (issue 28), each engine in its own gateway process (dist, as in
// production), measured in the same run:
// - the home page alone, then beside 2 connections reading one quote's JSON as fast as they are
//   answered (ratio to alone), then beside reads at a fixed 200 a second (a busy office's
//   professionals: what the pages keep when the database works, rather than when reads take
//   every cycle the two cores have);
// - API reads of that quote alone, PGlite ÷ PostgreSQL 15;
// - sign → sealed PDF, right after a burst of 50 sends (whose PDFs are rendered ahead).
// BENCH_BASELINE_SERVER (another build's gateway/dist/server.js, e.g. main's) measures the same
// rows for it, for a before/after on the same loaded machine. Run by `npm run bench`.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { startPostgres } from '../test/support/throwaway-postgres.js'
import {
  BENCH_JWT_SECRET as SECRET,
  benchProfessional as professional,
  benchSignBody as signBody,
  freePort,
  root,
  waitForOk
} from './bench-support.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 8)
const HOME_CONNECTIONS = 10
const READ_CONNECTIONS = 2
const BURST = 50
const FIXED_READS_PER_SECOND = 200

interface Load {
  rps: number
  p50: number
  p99: number
  failed: number
}

function load(url: string, connections: number, headers: Record<string, string> = {}, overallRate?: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: DURATION,
        headers: { 'accept-encoding': 'br', ...headers },
        ...(overallRate === undefined ? {} : { overallRate })
      },
      (error, result) => {
        if (error) reject(error)
        else
          resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors })
      }
    )
  })
}

interface Row {
  home: Load
  homeBesideReads: Load
  homeBesideFixedReads: Load
  reads: Load
  sealedMs: number
}

async function measure(server: string, databaseUrl: string | null): Promise<Row> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-engine-'))
  const gateway = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
      SUPABASE_JWT_SECRET: SECRET,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl })
    }
  })
  const base = `http://127.0.0.1:${port}`
  try {
    await waitForOk(`${base}/readyz`)
    const { auth, newQuote } = await professional(base)
    const quote = `${base}/api/quotes/${await newQuote()}`
    await load(`${base}/`, HOME_CONNECTIONS) // warm-up
    const home = await load(`${base}/`, HOME_CONNECTIONS)
    const [homeBesideReads] = await Promise.all([load(`${base}/`, HOME_CONNECTIONS), load(quote, READ_CONNECTIONS, auth)])
    const [homeBesideFixedReads] = await Promise.all([
      load(`${base}/`, HOME_CONNECTIONS),
      load(quote, READ_CONNECTIONS, auth, FIXED_READS_PER_SECOND)
    ])
    const reads = await load(quote, READ_CONNECTIONS, auth)

    // The burst: 50 quotes sent at once, each queuing its PDF render ahead; then a client signs.
    const senders = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const pro = await professional(base)
        const id = await pro.newQuote()
        return () => pro.api('POST', `/api/quotes/${id}/send`)
      })
    )
    const signer = await professional(base)
    const signerQuote = await signer.newQuote()
    const token = new URL(
      ((await (await signer.api('POST', `/api/quotes/${signerQuote}/send`)).json()) as { signingUrl: string }).signingUrl
    ).searchParams.get('token') as string
    const view = (await (await fetch(`${base}/api/sign/${token}`)).json()) as { documentSha256: string }
    await Promise.all(senders.map((send) => send()))
    const started = performance.now()
    const signed = (await (
      await fetch(`${base}/api/sign/${token}/sign`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(signBody(view.documentSha256))
      })
    ).json()) as { signedDocument?: boolean }
    // Sealed at once, or by the retries within seconds: the client's page shows it either way.
    let sealed = signed.signedDocument === true
    while (!sealed) {
      await sleep(100)
      sealed = ((await (await fetch(`${base}/api/sign/${token}`)).json()) as { signedDocument?: boolean }).signedDocument === true
    }
    return { home, homeBesideReads, homeBesideFixedReads, reads, sealedMs: performance.now() - started }
  } finally {
    gateway.kill('SIGTERM')
    await new Promise((resolve) => gateway.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const builds: Array<[string, string]> = [['this build', path.join(root, 'gateway/dist/server.js')]]
if (process.env.BENCH_BASELINE_SERVER !== undefined) builds.push(['baseline', path.resolve(process.env.BENCH_BASELINE_SERVER)])
const results: Array<{ name: string; engine: string; row: Row }> = []
for (const [name, server] of builds) {
  results.push({ name, engine: 'PGlite', row: await measure(server, null) })
  // A server of its own per gateway: the rows of one run never slow the next.
  const postgres = await startPostgres()
  try {
    results.push({ name, engine: 'PostgreSQL 15', row: await measure(server, postgres.url) })
  } finally {
    postgres.stop()
  }
}
const cell = (result: Load) =>
  `${String(Math.round(result.rps)).padStart(7)} ${String(result.p99).padStart(5)} ${String(result.failed).padStart(4)}`
console.log(
  `\nThe database beside the pages: gateway processes (dist), ${DURATION} s per load, ${os.availableParallelism()} cores shared with the load generator`
)
console.log(
  `${'build, engine'.padEnd(26)} ${'home alone'.padEnd(18)} ${`home + ${READ_CONNECTIONS} reads`.padEnd(18)} ${`reads, ${READ_CONNECTIONS} conn.`.padEnd(18)} ratio ${`home + ${FIXED_READS_PER_SECOND} reads/s`.padEnd(18)} ratio   sealed ms`
)
console.log(
  `${''.padEnd(26)} ${'req/s p99 !2xx'.padStart(18)} ${'req/s p99 !2xx'.padStart(18)} ${'req/s p99 !2xx'.padStart(18)}       ${'req/s p99 !2xx'.padStart(18)}`
)
for (const { name, engine, row } of results) {
  console.log(
    `${`${name}, ${engine}`.padEnd(26)} ${cell(row.home).padStart(18)} ${cell(row.homeBesideReads).padStart(18)} ${cell(row.reads).padStart(18)} ${(row.homeBesideReads.rps / row.home.rps).toFixed(2).padStart(5)} ${cell(row.homeBesideFixedReads).padStart(18)} ${(row.homeBesideFixedReads.rps / row.home.rps).toFixed(2).padStart(5)}  ${row.sealedMs.toFixed(0).padStart(8)}`
  )
}
for (const [name] of builds) {
  const pglite = results.find((result) => result.name === name && result.engine === 'PGlite')?.row
  const server = results.find((result) => result.name === name && result.engine === 'PostgreSQL 15')?.row
  if (pglite === undefined || server === undefined) continue
  console.log(
    `${name}: home beside ${READ_CONNECTIONS} API-read connections / alone, PGlite ${(pglite.homeBesideReads.rps / pglite.home.rps).toFixed(2)} (goal ≥ 0.70), PostgreSQL ${(server.homeBesideReads.rps / server.home.rps).toFixed(2)}; beside ${FIXED_READS_PER_SECOND} reads/s, PGlite ${(pglite.homeBesideFixedReads.rps / pglite.home.rps).toFixed(2)}, PostgreSQL ${(server.homeBesideFixedReads.rps / server.home.rps).toFixed(2)}; API reads PGlite ÷ PostgreSQL ${(pglite.reads.rps / server.reads.rps).toFixed(2)} (goal ≥ 0.80); sign → sealed after ${BURST} sends: PGlite ${pglite.sealedMs.toFixed(0)} ms, PostgreSQL ${server.sealedMs.toFixed(0)} ms`
  )
}
