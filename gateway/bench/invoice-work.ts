// Invoices at work (issue 36), each engine in its own gateway process (dist), same run:
// - API reads (one invoice's JSON, another company's professional) p99 while 20 invoices are
//   issued in a burst, against the same reads alone: the issuing transaction no longer renders
//   the PDF (a job does, after the commit), so on the embedded database, whose one connection
//   every request shares, reads should stay within 2× of alone;
// - the invoice list over 10 000 issued invoices (PostgreSQL: the rows are written in SQL, the
//   chain's guard off, as no API could issue 10 000 in a bench's time): first page and a page
//   filtered on a payment status, one request at a time, p50 / p95.
// Run by `npm run bench` (BENCH_ONLY=invoice-work).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres } from '../test/support/throwaway-postgres.js'
import { BENCH_JWT_SECRET as SECRET, benchProfessional, freePort, percentile, root, waitForOk } from './bench-support.js'

const BURST = 20
const LIST_INVOICES = Number(process.env.BENCH_LIST_INVOICES ?? 10_000)
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 100)
const READERS = 2

const invoiceRequest = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 10_000 + index, vatRateBp: 2000 }]
})

async function startGateway(databaseUrl: string | null): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-invoices-'))
  const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
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
  await waitForOk(`${base}/readyz`)
  return {
    base,
    stop: async () => {
      gateway.kill('SIGTERM')
      await new Promise((resolve) => gateway.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Latencies (ms) of back-to-back reads by READERS readers until `until` resolves, or for `count` reads each. */
async function reads(url: string, headers: Record<string, string>, until: Promise<unknown> | number): Promise<number[]> {
  const times: number[] = []
  let done = false
  if (typeof until !== 'number') void until.finally(() => (done = true))
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      for (let index = 0; typeof until === 'number' ? index < until : !done; index += 1) {
        const started = performance.now()
        const response = await fetch(url, { headers })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`read: ${response.status}`)
        times.push(performance.now() - started)
      }
    })
  )
  return times
}

interface BurstRow {
  alone: { p50: number; p99: number }
  burst: { p50: number; p99: number; issuedMs: number; pdfsMs: number }
}

async function burstRow(databaseUrl: string | null): Promise<BurstRow> {
  const gateway = await startGateway(databaseUrl)
  try {
    const reader = await benchProfessional(gateway.base)
    const readId = (
      (await (await reader.api('POST', '/api/invoices', { request: invoiceRequest(0) })).json()) as { invoice: { id: string } }
    ).invoice.id
    const url = `${gateway.base}/api/invoices/${readId}`
    await reads(url, reader.auth, 50) // warm-up
    const aloneTimes = await reads(url, reader.auth, 200)
    const issuer = await benchProfessional(gateway.base)
    const drafts = await Promise.all(
      Array.from(
        { length: BURST },
        async (_, index) =>
          (
            (await (await issuer.api('POST', '/api/invoices', { request: invoiceRequest(index + 1) })).json()) as {
              invoice: { id: string }
            }
          ).invoice.id
      )
    )
    const started = performance.now()
    const issuing = Promise.all(drafts.map((id) => issuer.api('POST', `/api/invoices/${id}/issue`)))
    const burstTimes = await reads(url, reader.auth, issuing)
    const issuedMs = performance.now() - started
    // Then until every PDF is stored (the list says so).
    for (;;) {
      const list = (await (await issuer.api('GET', '/api/invoices?status=issued&limit=100')).json()) as {
        invoices: Array<{ pdfReady: boolean }>
      }
      if (list.invoices.length === BURST && list.invoices.every((invoice) => invoice.pdfReady)) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const pdfsMs = performance.now() - started
    return {
      alone: { p50: percentile(aloneTimes, 50), p99: percentile(aloneTimes, 99) },
      burst: { p50: percentile(burstTimes, 50), p99: percentile(burstTimes, 99), issuedMs, pdfsMs }
    }
  } finally {
    await gateway.stop()
  }
}

/** 10 000 issued invoices of one company written in SQL (half past due, a third paid), then the list timed. */
async function listRow(databaseUrl: string): Promise<{ first: number[]; filtered: number[]; later: number[] }> {
  const gateway = await startGateway(databaseUrl)
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const pro = await benchProfessional(gateway.base)
    await pro.api('GET', '/api/invoices')
    const company = (
      await db.query<{ company_id: string }>('select company_id from paraphe.company_members order by joined_at desc limit 1')
    ).rows[0]?.company_id
    await db.query('alter table paraphe.invoices disable trigger invoices_guard')
    await db.query(
      `insert into paraphe.invoices (company_id, kind, status, content, client_name, total_ht_cents, total_ttc_cents, amount_due_cents,
         number, issue_date, due_date, issued_at, document, xml, chain_index, previous_sha256, sha256, hash_version)
       select $1, 'standard', 'issued', '{}'::jsonb, 'Client ' || (n % 50), 10000, 12000, 12000,
              'F-2026-' || lpad(n::text, 5, '0'), date '2026-01-01' + (n / 100), date '2026-01-31' + (n / 50), now(), '{}'::jsonb, '<xml/>', n,
              case when n = 1 then null else repeat('a', 64) end, repeat('a', 64), 2
         from generate_series(1, $2::integer) n`,
      [company, LIST_INVOICES]
    )
    await db.query('alter table paraphe.invoices enable trigger invoices_guard')
    await db.query(
      `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means)
       select id, company_id, 12000, issue_date, 'transfer' from paraphe.invoices where company_id = $1 and chain_index % 3 = 0`,
      [company]
    )
    await db.query('analyze paraphe.invoices; analyze paraphe.invoice_payments')
    const time = async (url: string) => {
      const times: number[] = []
      for (let run = 0; run < LIST_RUNS; run += 1) {
        const started = performance.now()
        const response = await fetch(`${gateway.base}${url}`, { headers: pro.auth })
        await response.arrayBuffer()
        if (!response.ok) throw new Error(`${url}: ${response.status}`)
        times.push(performance.now() - started)
      }
      return times
    }
    return {
      first: await time('/api/invoices'),
      filtered: await time('/api/invoices?status=overdue'),
      later: await time('/api/invoices?offset=5000')
    }
  } finally {
    await db.end()
    await gateway.stop()
  }
}

const postgres = await startPostgres()
try {
  const rows: Array<[string, BurstRow]> = [
    ['PGlite', await burstRow(null)],
    ['PostgreSQL 15', await burstRow(postgres.url)]
  ]
  console.log(`\nInvoices at work: API reads of one invoice (${READERS} readers back to back) alone and during a burst of ${BURST} issues`)
  console.log(
    `${'engine'.padEnd(16)} ${'alone p50/p99 ms'.padStart(18)} ${'burst p50/p99 ms'.padStart(18)} ${'p99 ratio'.padStart(10)} ${'issued ms'.padStart(10)} ${'PDFs ms'.padStart(10)}`
  )
  for (const [engine, row] of rows) {
    console.log(
      `${engine.padEnd(16)} ${`${row.alone.p50.toFixed(1)}/${row.alone.p99.toFixed(1)}`.padStart(18)} ${`${row.burst.p50.toFixed(1)}/${row.burst.p99.toFixed(1)}`.padStart(18)} ${(row.burst.p99 / row.alone.p99).toFixed(2).padStart(10)} ${row.burst.issuedMs.toFixed(0).padStart(10)} ${row.burst.pdfsMs.toFixed(0).padStart(10)}`
    )
  }
  const list = await listRow(postgres.url)
  const cell = (times: number[]) => `${percentile(times, 50).toFixed(1)}/${percentile(times, 95).toFixed(1)}`
  console.log(
    `\nInvoice list over ${LIST_INVOICES} issued invoices (PostgreSQL 15), ${LIST_RUNS} requests each, p50/p95 ms (goal p50 ≤ 50)`
  )
  console.log(`first page ${cell(list.first)}   overdue filter ${cell(list.filtered)}   offset 5000 ${cell(list.later)}`)
} finally {
  postgres.stop()
}
