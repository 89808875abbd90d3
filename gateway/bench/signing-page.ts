// Lighthouse (mobile, performance and accessibility) on a real signing link: a gateway process (dist, PGlite),
// a professional's quote sent, then `/SignatureDevis?token=…` audited with Debian's Chromium.
// Lighthouse is not a dependency of the project (it breaks `npm ci` on Node 20, see
// toolchain.md): `npm run bench` installs one outside the lock file (scripts/lib/tasks.mjs), or
// set LIGHTHOUSE_BIN to a lighthouse 12 CLI; without one this part is skipped.
import { execFile, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parisIsoDate } from '@paraphe/shared/dates'
import { signAccessToken } from '../test/support/gotrue-tokens.js'
import { BENCH_JWT_SECRET as SECRET, benchProfile, freePort, root, waitForOk } from './bench-support.js'

const lighthouse = process.env.LIGHTHOUSE_BIN
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

if (lighthouse === undefined) {
  console.log('\nLighthouse on a signing link: skipped (no lighthouse 12 CLI: npm run bench installs one, or set LIGHTHOUSE_BIN)')
  process.exit(0)
}

const port = await freePort()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-lh-'))
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'bench-anon-key-0000000000',
    SUPABASE_JWT_SECRET: SECRET
  }
})
const base = `http://127.0.0.1:${port}`
try {
  await waitForOk(`${base}/healthz`)
  const now = Math.floor(Date.now() / 1000)
  const sub = randomUUID()
  const token = await signAccessToken(
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
  const api = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  await api('PUT', '/api/profile', benchProfile)
  const content = {
    client: {
      kind: 'individual',
      name: 'Élise Martin',
      company: '',
      email: 'elise@example.org',
      phone: '',
      address: '5 place Bellecour\n69002 Lyon'
    },
    siteAddress: '',
    title: 'Rénovation de la salle de bains',
    issueDate: parisIsoDate(new Date()),
    validityDays: 30,
    workStartDate: null,
    workDuration: '',
    lines: Array.from({ length: 8 }, (_, index) => ({
      id: `l${index}`,
      description: `Poste ${index + 1} — fourniture et pose`,
      quantityMilli: 1500,
      unit: 'h',
      unitPriceCents: 4500,
      vatRateBp: 1000,
      discountBp: 0
    })),
    depositBp: 3000,
    paymentTerms: 'À réception.',
    conditions: '',
    notes: '',
    buildingTrade: true,
    requireEmailCode: false
  }
  const id = ((await api('POST', '/api/quotes', { content })).quote as { id: string }).id
  const link = new URL((await api('POST', `/api/quotes/${id}/send`)).signingUrl as string)
  const url = `${base}${link.pathname}${link.search}`
  const scores: Array<{ page: string; performance: number; accessibility: number; cls: number; lcp: number; tbt: number }> = []
  // The home page beside it, in the same run: the reference on this (busy) machine.
  const targets = Array.from({ length: RUNS }, () => [
    { page: 'signing link', url },
    { page: 'home (reference)', url: `${base}/` }
  ]).flat()
  for (const [run, target] of targets.entries()) {
    const out = path.join(dataDir, `lh-${run}.json`)
    await promisify(execFile)(
      lighthouse,
      [
        target.url,
        '--only-categories=performance,accessibility',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage'
      ],
      {
        env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024
      }
    )
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number }; accessibility: { score: number } }
      audits: Record<string, { numericValue: number }>
    }
    scores.push({
      page: target.page,
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      cls: report.audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcp: report.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: report.audits['total-blocking-time']?.numericValue ?? NaN
    })
  }
  console.log(`\nLighthouse 12 mobile on a real signing link (/SignatureDevis?token=…) and on /, ${RUNS} runs each, alternating`)
  for (const s of scores)
    console.log(
      `${s.page.padEnd(17)} performance ${s.performance}  accessibility ${s.accessibility}  CLS ${s.cls.toFixed(3)}  LCP ${s.lcp.toFixed(0)} ms  TBT ${s.tbt.toFixed(0)} ms`
    )
  console.log('goal: performance ≥ 95 (issue 14: 100), accessibility 100, CLS 0')
} finally {
  gateway.kill('SIGTERM')
  await new Promise((resolve) => gateway.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
