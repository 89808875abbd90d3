// The embedded database's wire server, with PGlite in this thread and `pg` clients on its socket:
// what a PostgreSQL server guarantees its clients must hold here too — answers in order, an error
// that leaves the connection usable, one client's transaction never seeing another's statements,
// a client gone mid-transaction rolled back.
import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, rmSync } from 'node:fs'
import { connect } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import t, { type Test } from 'tap'
import { PgliteWireServer } from '../../src/db/pglite-wire-server.js'

async function served(t: Test): Promise<{ client: () => Promise<pg.Client>; socketDir: string; failures: unknown[] }> {
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-wire-'))
  const db = await PGlite.create()
  const failures: unknown[] = []
  const server = new PgliteWireServer(db, (error) => failures.push(error))
  await server.listen(path.join(socketDir, '.s.PGSQL.5432'))
  const clients: pg.Client[] = []
  t.teardown(async () => {
    await Promise.all(clients.map((client) => client.end().catch(() => undefined)))
    await server.stop()
    await db.close()
    rmSync(socketDir, { recursive: true, force: true })
  })
  return {
    socketDir,
    failures,
    client: async () => {
      const client = new pg.Client({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres' })
      client.on('error', () => undefined)
      await client.connect()
      clients.push(client)
      return client
    }
  }
}

t.test('queries with parameters, several statements, and an error that leaves the connection usable', async (t) => {
  const { client, failures } = await served(t)
  const one = await client()
  t.same((await one.query<{ sum: number }>('select $1::int + $2::int as sum', [40, 2])).rows, [{ sum: 42 }], 'parameters bound')
  await one.query("create table public.notes (id int primary key, value text); insert into public.notes values (1, 'un'), (2, 'deux')")
  t.same(
    (await one.query('select value from public.notes order by id')).rows,
    [{ value: 'un' }, { value: 'deux' }],
    'a script of several statements ran whole'
  )
  const prepared = { name: 'note-by-id', text: 'select value from public.notes where id = $1' }
  t.same((await one.query({ ...prepared, values: [2] })).rows, [{ value: 'deux' }], 'a named statement, prepared')
  t.same((await one.query({ ...prepared, values: [1] })).rows, [{ value: 'un' }], 'and executed again without being parsed again')
  await t.rejects(one.query('select 1 / $1::int', [0]), /division by zero/, 'an SQL error is an answer')
  t.same((await one.query('select 2 as after')).rows, [{ after: 2 }], 'the same connection serves the next query')
  t.same(failures, [], 'PGlite itself never failed')
})

t.test("each connection's prepared statements are its own (PGlite is one session for all)", async (t) => {
  const { client } = await served(t)
  const statement = { name: 'paraphe_0', text: 'select $1::text as said' }
  const first = await client()
  t.same((await first.query({ ...statement, values: ['avant'] })).rows, [{ said: 'avant' }], 'prepared by the first connection')
  const second = await client()
  const other = { name: 'paraphe_0', text: 'select $1::int * 2 as said' }
  t.same((await second.query({ ...other, values: [21] })).rows, [{ said: 42 }], 'the same name, another text, on a second connection')
  t.same((await first.query({ ...statement, values: ['après'] })).rows, [{ said: 'après' }], 'the first still runs its own')
  await second.query({ name: 'closed-soon', text: 'select 1 as one' })
  await first.end()
  const names = async (): Promise<string[]> =>
    (await second.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name)
  // The first's statement is closed at the turn after it left, before the second's next query.
  t.equal((await names()).length, 2, 'the first connection’s statement went with it; the second’s two stay')
  t.same((await second.query({ ...other, values: [5] })).rows, [{ said: 10 }], 'and the second goes on with its own')
  const next = await client()
  t.same(
    (await next.query({ ...statement, values: ['ensuite'] })).rows,
    [{ said: 'ensuite' }],
    'a later connection prepares the name afresh'
  )
})

t.test("one client's transaction never sees another's statements; they wait their turn", async (t) => {
  const { client } = await served(t)
  const first = await client()
  const second = await client()
  await first.query('create table public.counter (n int)')
  await first.query('begin')
  await first.query('insert into public.counter values (1)')
  const waiting = second.query('select count(*)::int as n from public.counter')
  let answered = false
  void waiting.then(() => {
    answered = true
  })
  await first.query('insert into public.counter values (2)')
  t.notOk(answered, 'the other client is not answered inside the open transaction')
  await first.query('rollback')
  t.same((await waiting).rows, [{ n: 0 }], 'it runs after, outside it: nothing of the rolled-back transaction')
})

t.test('a client gone mid-transaction: rolled back, and the next client served', async (t) => {
  const { client } = await served(t)
  const staying = await client()
  await staying.query('create table public.notes (value text)')
  const leaving = await client()
  await leaving.query('begin')
  await leaving.query("insert into public.notes values ('jamais')")
  const behind = staying.query('select count(*)::int as n from public.notes')
  // Its socket closes without a word (a process killed, a connection reset).
  ;(leaving as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy()
  t.same((await behind).rows, [{ n: 0 }], 'the waiting client is served, without the abandoned insert')
  await staying.query("insert into public.notes values ('gardé')")
  t.same((await staying.query('select value from public.notes')).rows, [{ value: 'gardé' }], 'and its own writes commit')
})

t.test('what is not a PostgreSQL client is refused; TLS is declined, not failed', async (t) => {
  const { socketDir } = await served(t)
  const socketPath = path.join(socketDir, '.s.PGSQL.5432')
  const exchange = (bytes: Buffer): Promise<Buffer> =>
    new Promise((resolve, reject) => {
      const socket = connect(socketPath)
      const received: Buffer[] = []
      socket.on('data', (data: Buffer) => {
        received.push(data)
        socket.end()
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(Buffer.concat(received)))
      socket.write(bytes)
    })
  const sslRequest = Buffer.alloc(8)
  sslRequest.writeInt32BE(8, 0)
  sslRequest.writeInt32BE(80877103, 4)
  t.equal((await exchange(sslRequest)).toString(), 'N', 'an SSL request is answered « N » (go on in clear)')
  t.equal((await exchange(Buffer.from('GET / HTTP/1.1\r\n\r\n'))).length, 0, 'anything else is closed without an answer')
})
