// The embedded database runs in a worker thread, reached over PostgreSQL's wire protocol: a long
// query no longer freezes the gateway (its pages and other requests keep answering), two
// requests' transactions never interleave on the one connection, and the thread dying or
// hanging is answered as « momentanément indisponible » until it is back, on the same data.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { embeddedSupervisor, openPglite } from '../../src/db/pglite-database.js'
import type { Database } from '../../src/db/database.js'
import type { PgliteWorker } from '../../src/db/pglite-supervisor.js'
import { migrate } from '../../src/db/migrate.js'
import { isDatabaseUnavailable } from '../../src/db/unavailable.js'
import { buildApp } from '../helper.js'
import { waitUntil } from '../support/gateway-process.js'

const root = mkdtempSync(path.join(os.tmpdir(), 'paraphe-pglite-worker-'))
t.teardown(() => rmSync(root, { recursive: true, force: true }))

function supervisorOf(db: Database): PgliteWorker {
  const supervisor = embeddedSupervisor(db)
  if (supervisor === undefined) throw new Error('no supervisor for this database')
  return supervisor
}

/** An embedded database on a folder of its own holding one row in public.kept, with the losses its supervisor reports. */
async function folderWithRow(t: Test, name: string, value: string, stallDeadlineMs?: number) {
  const lost: Error[] = []
  const db = await openPglite(path.join(root, name, 'pglite'), {
    onLost: (error) => lost.push(error),
    ...(stallDeadlineMs === undefined ? {} : { stallDeadlineMs })
  })
  t.teardown(() => db.close())
  await db.script(`create table public.kept (value text); insert into public.kept values ('${value}')`)
  const supervisor = supervisorOf(db)
  return { db, lost, supervisor, thread: supervisor.threadId }
}

/** What a query ends with: its rows, or the error it failed with. */
async function outcome(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => null,
    (error: unknown) => error
  )
}

/** Resolves once the database answers again (unavailable meanwhile is expected, anything else is not). */
async function servingAgain(db: Database): Promise<void> {
  await waitUntil(async () => {
    try {
      await db.query('select 1')
      return true
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error
      return false
    }
  })
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
    const { rows: counted } = await db.query<{ n: number }>(
      'select count(*)::int as n from generate_series(1, $1::int) as g(i) where i % 7 = 3',
      [rows]
    )
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
  t.same(
    (await db.query<{ entry: string }>('select entry from public.ledger order by entry')).rows,
    [{ entry: 'first' }],
    'a failed transaction leaves nothing'
  )
})

t.test('the database thread ended mid-transaction: work fails as unavailable, then it is back on the same data', async (t) => {
  const { db, lost, supervisor, thread } = await folderWithRow(t, 'crashed', 'écrit avant la panne')
  t.ok(thread !== null, 'PGlite runs in a thread of its own')
  // Ended in the middle of a transaction (as a WebAssembly abort would): what it wrote must not survive.
  const failure = await outcome(
    db.transaction(async (tx) => {
      await tx.query("insert into public.kept values ('jamais validé')")
      supervisor.abandon(new Error('La base de données intégrée s’est arrêtée (exercice) : redémarrage.'))
      await new Promise((resolve) => setTimeout(resolve, 300))
      await tx.query('select 1')
    })
  )
  t.ok(isDatabaseUnavailable(failure), `the transaction fails as « unavailable » (${String(failure)})`)
  await waitUntil(() => lost.length > 0)
  t.match(lost[0]?.message ?? '', /base de données intégrée s’est arrêtée/, 'the loss is reported, in French')
  await servingAgain(db)
  t.ok(supervisor.threadId !== null && supervisor.threadId !== thread, 'a new thread serves the folder')
  t.same(
    (await db.query<{ value: string }>('select value from public.kept')).rows,
    [{ value: 'écrit avant la panne' }],
    'committed rows kept, the interrupted one rolled back'
  )
  await db.query("insert into public.kept values ('écrit après')")
  t.equal((await db.query<{ n: number }>('select count(*)::int as n from public.kept')).rows[0]?.n, 2, 'and it takes writes again')
})

t.test('a data folder that cannot be opened is refused in French, and a restart that fails is tried again', async (t) => {
  const unusable = path.join(root, 'unusable')
  writeFileSync(unusable, 'un fichier, pas un dossier')
  await t.rejects(
    openPglite(path.join(unusable, 'pglite')),
    /La base de données intégrée n’a pas démarré/,
    'a folder that cannot be made is refused at start'
  )

  const lost: Error[] = []
  const folder = path.join(root, 'moved', 'pglite')
  const db = await openPglite(folder, { onLost: (error) => lost.push(error) })
  t.teardown(() => db.close())
  await db.script("create table public.kept (value text); insert into public.kept values ('gardé')")
  // The folder away (a disk unmounted, say) while the thread is ended: the next start fails.
  renameSync(folder, `${folder}-away`)
  writeFileSync(folder, 'pas un dossier')
  supervisorOf(db).abandon(new Error('La base de données intégrée s’est arrêtée (exercice) : redémarrage.'))
  await waitUntil(() => lost.some((error) => /n’a pas démarré/.test(error.message)))
  t.pass('the failed restart is reported, in French')
  t.ok(isDatabaseUnavailable(await outcome(db.query('select 1'))), 'meanwhile work fails as « unavailable »')
  // The folder back: the next try, a little later, serves it.
  rmSync(folder)
  renameSync(`${folder}-away`, folder)
  await servingAgain(db)
  t.same((await db.query<{ value: string }>('select value from public.kept')).rows, [{ value: 'gardé' }], 'its data served again')
})

t.test('a database that stops answering is started again at the deadline, never an endless wait', async (t) => {
  const { db, lost, supervisor, thread } = await folderWithRow(t, 'hung', 'avant', 1_500)
  // PGlite's next call never returns (a query stuck in WASM): nothing is answered any more.
  await supervisor.drill('hang')
  const started = performance.now()
  const [hung, behind] = await Promise.all([outcome(db.query('select 1')), outcome(db.query('select value from public.kept'))])
  const waited = performance.now() - started
  t.ok(isDatabaseUnavailable(hung), `the stuck query fails as « unavailable » (${String(hung)})`)
  t.ok(isDatabaseUnavailable(behind), `so does the one waiting behind it (${String(behind)})`)
  t.ok(waited >= 1_400 && waited < 30_000, `after the deadline, not forever (${Math.round(waited)} ms)`)
  // Reported once the ended thread has exited, which may come just after the sockets closed.
  await waitUntil(() => lost.length > 0)
  t.match(lost[0]?.message ?? '', /n’a pas répondu en 2 s : redémarrage/, 'the restart is reported, in French')
  await servingAgain(db)
  t.ok(supervisor.threadId !== thread, 'a new thread serves the folder')
  t.same((await db.query<{ value: string }>('select value from public.kept')).rows, [{ value: 'avant' }], 'its data intact')
})

t.test('PGlite failing outside of SQL ends its thread at once, and a new one serves the folder', async (t) => {
  const { db, lost, supervisor, thread } = await folderWithRow(t, 'thrown', 'avant')
  await supervisor.drill('throw')
  const started = performance.now()
  const failed = await outcome(db.query('select 1'))
  t.ok(isDatabaseUnavailable(failed), `the query fails as « unavailable » (${String(failed)})`)
  t.ok(performance.now() - started < 30_000, 'at once, not at the hang deadline (60 s)')
  await waitUntil(() => lost.length > 0)
  t.match(lost[0]?.message ?? '', /La base de données intégrée s’est arrêtée .* redémarrage/, 'the loss is reported, in French')
  await servingAgain(db)
  t.ok(supervisor.threadId !== thread, 'a new thread serves the folder')
  t.same((await db.query<{ value: string }>('select value from public.kept')).rows, [{ value: 'avant' }], 'its data intact')
})

t.test('a COMMIT that fails fails the work, and the one connection serves the next transaction', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await db.script(`create table public.owners (id int primary key);
    create table public.pets (owner int references public.owners (id) deferrable initially deferred)`)
  // Checked at COMMIT only: the work itself succeeds, the commit is refused.
  const refused = await outcome(db.transaction((tx) => tx.query('insert into public.pets values (7)')))
  t.match(String(refused), /foreign key/, `the transaction fails with the commit's refusal (${String(refused)})`)
  t.same((await db.query('select count(*)::int as n from public.pets')).rows, [{ n: 0 }], 'nothing of it kept')
  await db.transaction(async (tx) => {
    await tx.query('insert into public.owners values (7)')
    await tx.query('insert into public.pets values (7)')
  })
  t.same((await db.query('select owner from public.pets')).rows, [{ owner: 7 }], 'the next transaction commits')
})

t.test('a slow query inside the deadline is answered, not cut', async (t) => {
  const db = await openPglite(null, { stallDeadlineMs: 5_000 })
  t.teardown(() => db.close())
  const thread = supervisorOf(db).threadId
  t.same((await db.query<{ slept: string }>('select pg_sleep(1)::text as slept')).rows, [{ slept: '' }], 'a one-second query comes back')
  t.equal(supervisorOf(db).threadId, thread, 'on the same thread')
})

/** A gateway in this process on `db`, and the database's readiness as /readyz reports it. */
async function gatewayOn(
  t: Test,
  db: Database
): Promise<{ status: (url: string) => Promise<number>; app: FastifyInstance; readyDatabase: () => Promise<unknown> }> {
  await migrate(db)
  const app = await buildApp({}, { database: db })
  t.teardown(async () => {
    await app.close()
    await db.close()
  })
  return {
    app,
    status: async (url) => (await app.inject({ url })).statusCode,
    readyDatabase: async () => (await app.inject({ url: '/readyz' })).json<{ dependencies: Record<string, string> }>().dependencies.database
  }
}

// Well formed (43 characters), so it is looked up in the database; it matches no quote.
const SIGNING_LINK = `/api/sign/${'A'.repeat(43)}`

t.test('the gateway answers a French 503 and reports the database failed while its thread is down', async (t) => {
  // In memory, an ended thread is not started again: the « down » state lasts for the checks.
  const db = await openPglite(null)
  const { app, status, readyDatabase } = await gatewayOn(t, db)
  t.equal(await status(SIGNING_LINK), 404, 'before: an unknown signing link is looked up and not found')
  t.equal(await readyDatabase(), 'ok', 'ready')
  supervisorOf(db).abandon(new Error('La base de données intégrée s’est arrêtée (exercice).'))
  await waitUntil(() => supervisorOf(db).threadId === null, 20)
  const down = await app.inject({ url: SIGNING_LINK })
  t.equal(down.statusCode, 503, 'unavailable, not a 500')
  t.equal(down.headers['retry-after'], '5', 'the client is told when to come back')
  t.match(down.json(), { error: { code: 'service_unavailable', message: /momentanément indisponible/ } }, 'in French')
  t.equal(await readyDatabase(), 'failed', 'readiness reports the database failed')
  t.equal(await status('/healthz'), 200, 'the gateway itself keeps running')
})

t.test('the gateway serves again once its database thread is back on the same folder', async (t) => {
  const db = await openPglite(path.join(root, 'gateway', 'pglite'))
  const { status, readyDatabase } = await gatewayOn(t, db)
  t.equal(await status(SIGNING_LINK), 404, 'before: looked up and not found')
  const thread = supervisorOf(db).threadId
  supervisorOf(db).abandon(new Error('La base de données intégrée s’est arrêtée (exercice) : redémarrage.'))
  await waitUntil(async () => supervisorOf(db).threadId !== thread && (await status(SIGNING_LINK)) === 404)
  t.pass('looked up again by a new thread')
  t.equal(await readyDatabase(), 'ok', 'readiness reports the database back')
})
