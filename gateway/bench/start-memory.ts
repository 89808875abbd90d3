// Start time and idle memory of the gateway process (gateway/dist/server.js, as `npm start` runs
// it): a first start on an empty PGlite data folder, a restart on it, and a start on PostgreSQL
// 15; beside them, a bare Node HTTP server. Time = spawn → /healthz answers; CPU = the process's
// user + system time (all its threads) at that moment, steadier than the time on a busy machine;
// RSS read from /proc after 3 s idle, of the gateway and the processes it started together (the
// embedded database is a thread of the gateway's, db/pglite-worker.ts). BENCH_BASELINE_SERVER
// (another build's gateway/dist/server.js, e.g. main's) adds its PGlite rows, measured in the
// same run. Run by `npm run bench`.
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startPostgres } from '../test/support/throwaway-postgres.js'
import { freePort, root } from './bench-support.js'

function rssMb(pid: number): number {
  const line =
    readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:')) ?? 'VmRSS: 0 kB'
  return Number(line.split(/\s+/)[1]) / 1024
}

/** `pid` and its descendants, from the parent PIDs in /proc. */
function processTree(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry))
    } catch {
      // ended while the folder was read
    }
  }
  return [pid, ...children.flatMap(processTree)]
}

/** utime + stime of the process, in ms (/proc counts in clock ticks, 100 a second on Linux). */
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

async function measure(args: string[], env: Record<string, string>, ready: string): Promise<{ ms: number; cpu: number; rss: number }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }
  })
  try {
    for (let i = 0; ; i += 1) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}${ready}`)).ok) break
      } catch {
        // not answering yet
      }
      if (i > 15000) throw new Error(`${args.join(' ')} did not come up`)
      await sleep(20)
    }
    const ms = performance.now() - started
    const cpu = processTree(child.pid as number).reduce((sum, pid) => sum + cpuMs(pid), 0)
    await sleep(3000)
    return { ms, cpu, rss: processTree(child.pid as number).reduce((sum, pid) => sum + rssMb(pid), 0) }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const server = path.join(root, 'gateway/dist/server.js')
const base = { NODE_ENV: 'test', LOG_LEVEL: 'warn' }
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-start-'))
const rows: Array<[string, { ms: number; cpu: number; rss: number }]> = []
try {
  rows.push([
    'bare Node http server',
    await measure(['-e', "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')"], {}, '/')
  ])
  rows.push(['PGlite, first start', await measure([server], { ...base, DATA_DIR: dataDir }, '/healthz')])
  rows.push(['PGlite, restart', await measure([server], { ...base, DATA_DIR: dataDir }, '/healthz')])
  const baseline = process.env.BENCH_BASELINE_SERVER
  if (baseline !== undefined && baseline !== '') {
    // Its own folder: a build's data folder is not another's.
    const baselineDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-bench-start-baseline-'))
    try {
      rows.push(['baseline PGlite, first start', await measure([baseline], { ...base, DATA_DIR: baselineDir }, '/healthz')])
      rows.push(['baseline PGlite, restart', await measure([baseline], { ...base, DATA_DIR: baselineDir }, '/healthz')])
    } finally {
      rmSync(baselineDir, { recursive: true, force: true })
    }
  }
  const postgres = await startPostgres()
  try {
    rows.push(['PostgreSQL 15', await measure([server], { ...base, DATA_DIR: dataDir, DATABASE_URL: postgres.url }, '/healthz')])
  } finally {
    postgres.stop()
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true })
}
console.log(
  '\nStart and idle memory of the gateway (dist/server.js; until /healthz answers, CPU then; RSS 3 s later; the gateway + any process it started)'
)
console.log('start                        time ms   CPU ms   RSS MB')
for (const [name, r] of rows)
  console.log(`${name.padEnd(28)} ${r.ms.toFixed(0).padStart(7)}  ${r.cpu.toFixed(0).padStart(7)}  ${r.rss.toFixed(0).padStart(7)}`)
console.log('goals: PGlite idle RSS ≤ 242 MB, first start ≤ 2 300 ms, restart ≤ 1 700 ms')
