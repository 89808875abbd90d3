// The quotes list over 1 000 quotes (issue 15): time of `GET /api/quotes` for the first page, a
// later page (cursor), a search and a status filter, one request at a time (p50 / p95 over the
// runs), next to `GET /healthz` measured the same way in the same run (what any request costs).
// Another professional's 1 000 quotes share the table, as on a real instance. The gateway runs as
// its own process (gateway/dist/server.js) on a throwaway PGlite data folder. Run by `npm run bench`.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { signAccessToken } from '../test/support/gotrue-tokens.js'
import { BENCH_JWT_SECRET as SECRET, benchProfile, freePort, percentile, root, waitForOk } from './bench-support.js'

const QUOTES = Number(process.env.BENCH_LIST_QUOTES ?? 1000)
const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200)
const CLIENTS = ['Martine Leroy', 'Karim Benali', 'Boulangerie Lefèvre', 'Hélène Garnier', 'SCI Les Tilleuls']

async function accessToken(): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const sub = randomUUID()
  return signAccessToken(
    {
      sub,
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      email: `${sub}@example.fr`,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [],
      session_id: sub,
      is_anonymous: false,
      app_metadata: {},
      user_metadata: {}
    },
    SECRET
  )
}

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-list-'))
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
    SUPABASE_JWT_SECRET: SECRET
  }
})

async function professional() {
  const headers = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' }
  const call = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${base}${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<unknown>
  }
  await call('PUT', '/api/profile', benchProfile)
  for (let i = 0; i < QUOTES; i += 1) {
    const name = CLIENTS[i % CLIENTS.length] as string
    await call('POST', '/api/quotes', {
      content: { title: `Chantier ${i}`, client: { kind: 'individual', name, company: '', email: '', phone: '', address: '' } }
    })
  }
  return { headers, call }
}

/** p50 and p95 of `RUNS` requests made one after the other, in ms. */
async function timed(url: string, headers: Record<string, string> = {}): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now()
    const response = await fetch(`${base}${url}`, { headers })
    bytes = (await response.arrayBuffer()).byteLength
    if (!response.ok) throw new Error(`${url}: ${response.status}`)
    times.push(performance.now() - start)
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), bytes }
}

try {
  await waitForOk(`${base}/healthz`)
  const started = performance.now()
  await professional() // the neighbour
  const { headers, call } = await professional()
  console.log(
    `\nQuotes list: ${QUOTES} quotes of this professional and ${QUOTES} of another, PGlite; ${RUNS} requests each, one at a time (filled in ${((performance.now() - started) / 1000).toFixed(0)} s)`
  )
  let cursor: string | null = null
  for (let page = 0; page < 10; page += 1)
    cursor = (
      (await call('GET', `/api/quotes${cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`}`)) as { nextCursor: string | null }
    ).nextCursor
  const rows: Array<[string, string, Record<string, string>]> = [
    ['GET /healthz (reference)', '/healthz', {}],
    ['first page (50 of 1 000)', '/api/quotes', headers],
    ['11th page (cursor)', `/api/quotes?cursor=${encodeURIComponent(cursor ?? '')}`, headers],
    ['search « leroy » (200 match)', '/api/quotes?q=leroy', headers],
    ['search « chantier 42 » (11 match)', '/api/quotes?q=chantier%2042', headers],
    ['status filter (sent: none)', '/api/quotes?status=sent', headers]
  ]
  console.log('request                              p50 ms  p95 ms   bytes')
  for (const [name, url, requestHeaders] of rows) {
    const { p50, p95, bytes } = await timed(url, requestHeaders)
    console.log(`${name.padEnd(36)} ${p50.toFixed(1).padStart(6)}  ${p95.toFixed(1).padStart(6)}  ${String(bytes).padStart(6)}`)
  }
} finally {
  gateway.kill('SIGTERM')
  rmSync(dataDir, { recursive: true, force: true })
}
