// The embedded default after crashes: one live process per data folder (a second start is
// refused with a clear message, a kill -9 leaves a stale lock the next start takes over), and
// PGlite's folder opens cleanly after kill -9 in the middle of writes, with every acknowledged
// write kept.
import t from 'tap'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPglite } from '../../src/db/pglite-database.js'
import { startGateway, waitUntil } from '../support/gateway-process.js'
import { spawnSync } from 'node:child_process'

// Several real gateway starts: minutes on a busy 2-core machine, more than .taprc's default.
t.setTimeout(900_000)
const root = await mkdtemp(path.join(tmpdir(), 'paraphe-crash-'))
t.teardown(() => rm(root, { recursive: true, force: true }))

t.test('a second gateway on a held data folder is refused; after kill -9 the lock is taken over', async (t) => {
  const dataDir = path.join(root, 'held')
  const holder = await startGateway({ DATA_DIR: dataDir })
  t.teardown(() => holder.child.kill('SIGKILL'))

  const second = spawnSync(
    process.execPath,
    ['--conditions=paraphe-source', '--import=./scripts/register-ts.mjs', 'gateway/src/server.ts'],
    {
      env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
      encoding: 'utf8'
    }
  )
  t.equal(second.status, 1, 'refused, exit 1')
  t.match(second.stderr, `Le dossier de données ${dataDir} est déjà utilisé par un autre processus Paraphe (PID ${holder.child.pid}`)
  t.match(second.stderr, `The data directory ${dataDir} is in use by another Paraphe process (PID ${holder.child.pid}`)
  t.notMatch(second.stderr, /\n\s+at /, 'no stack trace')
  t.equal((await fetch(`http://127.0.0.1:${holder.port}/readyz`)).status, 200, 'the holder is untouched')

  holder.child.kill('SIGKILL')
  await holder.exited
  const next = await startGateway({ DATA_DIR: dataDir })
  t.equal((await fetch(`http://127.0.0.1:${next.port}/readyz`)).status, 200, 'the stale lock of a killed process is taken over')
  next.child.kill('SIGTERM')
  t.equal((await next.exited).code, 0)
})

t.test('kill -9 during writes, three times: PGlite opens cleanly and keeps every acknowledged write', async (t) => {
  const dataDir = path.join(root, 'writes')
  const acknowledged: string[] = []
  for (let round = 1; round <= 3; round++) {
    const gateway = await startGateway({ DATA_DIR: dataDir, CONTACT_RATE_LIMIT_PER_HOUR: '10000' })
    t.teardown(() => gateway.child.kill('SIGKILL'))
    t.equal((await fetch(`http://127.0.0.1:${gateway.port}/readyz`)).status, 200, `round ${round}: the database opened`)
    // Four writers in parallel; the kill lands after a varying number of acknowledged writes.
    let stop = false
    const writer = async (lane: number) => {
      for (let index = 0; !stop; index++) {
        const subject = `crash ${round}.${lane}.${index}`
        try {
          const response = await fetch(`http://127.0.0.1:${gateway.port}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              name: 'Essai',
              email: 'essai@example.org',
              subject,
              message: 'Écriture interrompue ?',
              consent: true,
              website: ''
            })
          })
          if (response.status === 201) acknowledged.push(subject)
          else throw new Error(`contact answered ${response.status}: ${await response.text()}`)
        } catch (error) {
          if (String(error).includes('contact answered')) throw error
          return // the process is gone
        }
      }
    }
    const writers = [0, 1, 2, 3].map(writer)
    const target = acknowledged.length + 10 + round * 7
    await waitUntil(() => acknowledged.length >= target, 10)
    gateway.child.kill('SIGKILL')
    await gateway.exited
    stop = true
    await Promise.all(writers)
  }
  const database = await openPglite(path.join(dataDir, 'pglite'))
  t.teardown(() => database.close())
  const stored = new Set(
    (await database.query<{ subject: string }>(`select subject from paraphe.contact_messages where subject like 'crash %'`)).rows.map(
      (row) => row.subject
    )
  )
  t.comment(`${acknowledged.length} writes acknowledged over 3 kills, ${stored.size} stored`)
  t.same(
    acknowledged.filter((subject) => !stored.has(subject)),
    [],
    'no acknowledged write is lost'
  )
  const check = await database.query<{ ok: boolean }>(`select count(*) = count(distinct id) as ok from paraphe.contact_messages`)
  t.equal(check.rows[0]?.ok, true, 'the table reads through')
})
