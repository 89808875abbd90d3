// The embedded database runs in its own process, reached over PostgreSQL's wire protocol: a long
// query no longer freezes the gateway (its pages and other requests keep answering), two
// requests' transactions never interleave on the one connection, and the process dying is
// answered as « momentanément indisponible » until it is back, on the same data.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { openPglite } from '../../src/db/pglite-database.js'
import { isDatabaseUnavailable } from '../../src/db/unavailable.js'
import { startGateway, waitUntil } from '../support/gateway-process.js'

const root = mkdtempSync(path.join(os.tmpdir(), 'paraphe-pglite-process-'))
t.teardown(() => rmSync(root, { recursive: true, force: true }))

/** The embedded database processes started by `parent` (found in /proc: no handle is exposed for it). */
function databaseProcesses(parent: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const parentPid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (parentPid === parent && command.includes('pglite-process')) found.push(Number(entry))
    } catch {
      // A process that ended while the folder was read.
    }
  }
  return found
}

t.test('a long query on the embedded database leaves the event loop free', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  // Sized up until it takes a second or more on this machine, whatever its load.
  let rows = 2_000_000
  for (let attempt = 0; ; attempt++) {
    let ticks = 0
    let largestGap = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      largestGap = Math.max(largestGap, now - last)
      last = now
      ticks += 1
    }, 20)
    const started = performance.now()
    const { rows: counted } = await db.query<{ n: number }>('select count(*)::int as n from generate_series(1, $1::int) as g(i) where i % 7 = 3', [rows])
    const took = performance.now() - started
    clearInterval(timer)
    t.equal(counted[0]?.n, Math.floor((rows - 3) / 7) + 1, 'the query’s answer is right')
    if (took < 1_000 && attempt < 4) {
      rows *= 3
      continue
    }
    t.ok(took >= 1_000, `the query kept the database busy for ${Math.round(took)} ms`)
    // In the gateway's own thread it would have frozen the timer for the whole query. Generous
    // bounds: on a busy 2-core machine a free event loop still waits for the CPU at times.
    t.ok(ticks >= (took / 20) * 0.25, `a 20 ms timer fired ${ticks} times meanwhile`)
    t.ok(largestGap < Math.max(500, took / 3), `the longest the event loop waited was ${Math.round(largestGap)} ms`)
    break
  }
})

t.test('two transactions at once run one after the other on the one connection', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await db.script('create table public.ledger (entry text)')
  const events: string[] = []
  const first = db.transaction(async (tx) => {
    events.push('first begins')
    await tx.query("insert into public.ledger values ('first')")
    // The second request arrives while this one waits on something else.
    await new Promise((resolve) => setTimeout(resolve, 200))
    events.push('first ends')
  })
  const second = db.transaction(async (tx) => {
    events.push('second begins')
    const seen = await tx.query<{ entry: string }>('select entry from public.ledger')
    events.push(`second sees ${seen.rows.map((row) => row.entry).join(',')}`)
  })
  await Promise.all([first, second])
  t.same(events, ['first begins', 'first ends', 'second begins', 'second sees first'], 'the second starts once the first is committed')
  const rolledBack = db.transaction(async (tx) => {
    await tx.query("insert into public.ledger values ('abandoned')")
    throw new Error('refused by the application')
  })
  await t.rejects(rolledBack, /refused by the application/)
  t.same((await db.query<{ entry: string }>('select entry from public.ledger order by entry')).rows, [{ entry: 'first' }], 'a failed transaction leaves nothing')
})

t.test('Ctrl-C in a terminal reaches the database process too: it leaves closing to the gateway', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await db.script("create table public.notes (body text); insert into public.notes values ('en mémoire')")
  const [pid] = databaseProcesses(process.pid)
  process.kill(pid as number, 'SIGINT')
  process.kill(pid as number, 'SIGTERM')
  await new Promise((resolve) => setTimeout(resolve, 300))
  t.same((await db.query<{ body: string }>('select body from public.notes')).rows, [{ body: 'en mémoire' }], 'still serving, nothing lost')
})

t.test('the database process killed: work fails as unavailable, then it is back on the same data', async (t) => {
  const lost: Error[] = []
  const db = await openPglite(path.join(root, 'killed', 'pglite'), { onLost: (error) => lost.push(error) })
  t.teardown(() => db.close())
  await db.script("create table public.kept (value text); insert into public.kept values ('écrit avant la panne')")
  const [pid] = databaseProcesses(process.pid)
  t.ok(pid, 'PGlite runs in a process of its own')
  // Killed in the middle of a transaction: what it wrote must not survive.
  const interrupted = db.transaction(async (tx) => {
    await tx.query("insert into public.kept values ('jamais validé')")
    process.kill(pid as number, 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await tx.query('select 1')
  })
  const failure = await interrupted.then(
    () => null,
    (error: unknown) => error
  )
  t.ok(isDatabaseUnavailable(failure), `the transaction fails as « unavailable » (${String(failure)})`)
  await waitUntil(() => lost.length > 0)
  t.match(lost[0]?.message ?? '', /base de données intégrée s’est arrêtée/, 'the loss is reported, in French')
  await waitUntil(async () => {
    try {
      await db.query('select 1')
      return true
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      return false
    }
  })
  const [again] = databaseProcesses(process.pid)
  t.ok(again !== undefined && again !== pid, 'a new process serves the folder')
  t.same((await db.query<{ value: string }>('select value from public.kept')).rows, [{ value: 'écrit avant la panne' }], 'committed rows kept, the interrupted one rolled back')
})

t.test('the gateway answers a French 503 while its database process is down, and serves again once it is back', async (t) => {
  const gateway = await startGateway({ DATA_DIR: path.join(root, 'gateway') })
  t.teardown(async () => {
    gateway.child.kill('SIGTERM')
    await gateway.exited
  })
  const base = `http://127.0.0.1:${gateway.port}`
  // Well formed (43 characters), so it is looked up in the database; it matches no quote.
  const link = `${base}/api/sign/${'A'.repeat(43)}`
  const readyDatabase = async (): Promise<unknown> => ((await (await fetch(`${base}/readyz`)).json()) as { dependencies: Record<string, string> }).dependencies.database
  await waitUntil(async () => (await readyDatabase()) === 'ok')
  t.equal((await fetch(link)).status, 404, 'before: an unknown signing link is looked up and not found')
  const [pid] = databaseProcesses(gateway.child.pid as number)
  t.ok(pid, 'the gateway started its database process')
  process.kill(pid as number, 'SIGKILL')
  await waitUntil(async () => (await fetch(link)).status === 503, 20)
  const down = await fetch(link)
  // Either still down, or already back: both are what users may see; the 503 was seen above.
  if (down.status === 503) {
    t.equal(down.headers.get('retry-after'), '5', 'the client is told when to come back')
    t.match(await down.json(), { error: { code: 'service_unavailable', message: /momentanément indisponible/ } }, 'in French')
    const readiness = await readyDatabase()
    if (readiness !== 'ok') t.not(readiness, 'ok', `readiness reports the database ${String(readiness)}`)
  }
  t.equal((await fetch(`${base}/healthz`)).status, 200, 'the gateway itself keeps running')
  await waitUntil(async () => (await fetch(link)).status === 404)
  t.equal(await readyDatabase(), 'ok', 'readiness reports the database back')
  t.ok(
    gateway.lines.some((line) => line.msg === 'database connection lost' && JSON.stringify(line).includes('s’est arrêtée')),
    'the loss is in the log'
  )
})
