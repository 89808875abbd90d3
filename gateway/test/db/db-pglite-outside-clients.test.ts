// An operator's `psql` or a tool on the embedded database's socket while the gateway serves
// requests. PGlite is one session for every connection: before, each new connection deallocated
// every prepared statement of that session, and the gateway's next reads failed with « prepared
// statement "paraphe_19" does not exist » (59 of 60 after three short outside connections).
import path from 'node:path'
import pg from 'pg'
import t from 'tap'
import type { Quote } from '@paraphe/shared/quote'
import { parisIsoDate } from '@paraphe/shared/dates'
import { migrate } from '../../src/db/migrate.js'
import { embeddedSupervisor, openPglite } from '../../src/db/pglite-database.js'
import { buildWorkspaceApp, completeContent, newUser } from '../support/workspace-users.js'

t.test('three outside connections while the gateway reads a quote 60 times: no request fails', async (t) => {
  const db = await openPglite(null)
  t.teardown(() => db.close())
  await migrate(db)
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const user = await newUser(app)
  const created = await user.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })
  const quoteId = created.json<{ quote: Quote }>().quote.id
  // The gateway's statements are prepared before anyone else comes.
  t.equal((await user.request('GET', `/api/quotes/${quoteId}`)).statusCode, 200, 'the quote is read')

  const socketDir = path.dirname(embeddedSupervisor(db)?.socketPath ?? '')
  /** A short visit, as `psql -c` or a tool: it prepares statements of its own, one named as the gateway's. */
  async function outsideVisit(round: number): Promise<unknown[]> {
    const client = new pg.Client({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', application_name: 'psql' })
    await client.connect()
    try {
      const said = await client.query<{ said: string }>({ name: 'paraphe_0', text: 'select $1::text as said', values: [`visite ${round}`] })
      const again = await client.query<{ said: string }>({ name: 'paraphe_0', text: 'select $1::text as said', values: ['encore'] })
      const quotes = await client.query<{ n: number }>({
        name: 'count-quotes',
        text: 'select count(*)::int as n from paraphe.quotes where id = $1',
        values: [quoteId]
      })
      return [said.rows[0]?.said, again.rows[0]?.said, quotes.rows[0]?.n]
    } finally {
      await client.end()
    }
  }

  const reads: Array<Promise<number>> = []
  const visits: Array<Promise<unknown[]>> = []
  for (let i = 0; i < 60; i += 1) {
    reads.push(user.request('GET', `/api/quotes/${quoteId}`).then((response) => response.statusCode))
    // Three visits spread among the reads, each one connecting while reads are in flight.
    if (i % 20 === 5) visits.push(outsideVisit(visits.length + 1))
  }
  t.same(
    await Promise.all(visits),
    [1, 2, 3].map((round) => [`visite ${round}`, 'encore', 1]),
    "each outside client's own statements work"
  )
  const statuses = await Promise.all(reads)
  t.same(
    statuses.filter((status) => status !== 200),
    [],
    'all 60 reads answered 200'
  )
  // And after they left, the gateway goes on with the statements it prepared before them.
  for (let i = 0; i < 10; i += 1)
    t.equal((await user.request('GET', `/api/quotes/${quoteId}`)).statusCode, 200, `read ${i + 1} after the visits`)
  const names = (await db.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name)
  t.notOk(
    names.some((name) => name.endsWith('.count-quotes')),
    'the visitors’ statements went with them'
  )
  t.equal(new Set(names.map((name) => name.split('.')[0])).size, 1, 'what is left is the gateway connection’s alone')
})
