// `npm run bench`, embedded accounts: the warm start of `npm start` (built tree → first 200 on /),
// password sign-in latency and refresh throughput, each beside a reference measured in the same
// run on this machine (a bare Node HTTP server's start; argon2id verification alone; GET /healthz
// through the same loop).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { hashPassword, passwordMatches } from '../src/accounts/passwords.js'
import { freePort, percentile, root } from './bench-support.js'

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40)
const REFRESH_SECONDS = Number(process.env.BENCH_DURATION ?? 10) / 2
const CONCURRENCY = 10
const PASSWORD = 'une phrase de passe solide'

/** Starts a process and measures the time until `url` answers 200. */
async function timedStart(args: string[], env: NodeJS.ProcessEnv, url: string): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now()
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, ...env } })
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return { ms: performance.now() - started, child }
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.on('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await response.json()) as Record<string, unknown>
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** Requests per second of `once` run by CONCURRENCY loops for REFRESH_SECONDS. */
async function throughput(once: (worker: number) => Promise<void>): Promise<number> {
  const end = performance.now() + REFRESH_SECONDS * 1000
  let count = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (performance.now() < end) {
        await once(worker)
        count++
      }
    })
  )
  return count / REFRESH_SECONDS
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-bench-accounts-'))
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const env = {
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  AUTH_AUTOCONFIRM: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000'
}
const server = ['--enable-source-maps', path.join(root, 'gateway/dist/server.js')]
try {
  // Reference: Node itself, a bare HTTP server.
  const bare = await timedStart(
    ['-e', `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`],
    {},
    `${origin}/`
  )
  await stop(bare.child)
  // First start on an empty data folder (database created, migrations), then the warm one.
  const cold = await timedStart(server, env, `${origin}/`)
  await stop(cold.child)
  const warm = await timedStart(server, env, `${origin}/`)

  const users = await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, index) =>
      post(`${origin}/auth/v1/signup`, { email: `bench-${index}-${Date.now()}@example.fr`, password: PASSWORD })
    )
  )
  const emails = users.map((session) => (session.user as { email: string }).email)
  const signIn: number[] = []
  for (let index = 0; index < SIGN_INS; index++) {
    const started = performance.now()
    await post(`${origin}/auth/v1/token?grant_type=password`, { email: emails[index % emails.length], password: PASSWORD })
    signIn.push(performance.now() - started)
  }
  const hash = await hashPassword(PASSWORD)
  const verify: number[] = []
  for (let index = 0; index < SIGN_INS; index++) {
    const started = performance.now()
    await passwordMatches(PASSWORD, hash)
    verify.push(performance.now() - started)
  }

  const tokens = users.map((session) => String(session.refresh_token))
  const refreshes = await throughput(async (worker) => {
    tokens[worker] = String(
      (await post(`${origin}/auth/v1/token?grant_type=refresh_token`, { refresh_token: tokens[worker] })).refresh_token
    )
  })
  const health = await throughput(async () => {
    const response = await fetch(`${origin}/healthz`)
    await response.arrayBuffer()
  })
  await stop(warm.child)

  console.log('\nEmbedded accounts (PGlite, development mode, one process)')
  console.log('measure                                   value         reference (same run)')
  console.log(
    `warm start: built tree → first 200 on /   ${(warm.ms / 1000).toFixed(2).padStart(6)} s      bare Node HTTP server ${(bare.ms / 1000).toFixed(2)} s; first start on an empty folder ${(cold.ms / 1000).toFixed(2)} s`
  )
  console.log(
    `password sign-in p50 / p95 (${SIGN_INS}, serial)   ${percentile(signIn, 50).toFixed(0).padStart(4)} / ${percentile(signIn, 95).toFixed(0)} ms   argon2id verify alone ${percentile(verify, 50).toFixed(0)} / ${percentile(verify, 95).toFixed(0)} ms`
  )
  console.log(
    `refresh, ${CONCURRENCY} concurrent chains                 ${refreshes.toFixed(0).padStart(6)} req/s  GET /healthz same loop ${health.toFixed(0)} req/s`
  )
} finally {
  await rm(dataDir, { recursive: true, force: true })
}
