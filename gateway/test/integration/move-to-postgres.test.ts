// The move drill: an embedded gateway (PGlite, embedded accounts) with quotes, one signed and
// sealed; stopped; `npm run move-to-postgres` into a real PostgreSQL 15; a gateway on that
// PostgreSQL with the same DATA_DIR (its keys): every quote, event and sealed PDF identical, the
// seal still recognised, the same password signs in, numbering continues; a second move is refused.
import t from 'tap'
import pg from 'pg'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runGatewayCommand, startGateway, type GatewayProcess } from '../support/gateway-process.js'
import { sentQuoteOverHttp, signOverHttp, type HttpUser } from '../support/http-workspace.js'
import { startPostgres } from '../support/throwaway-postgres.js'

// Two real gateway starts and a PostgreSQL cluster: minutes on a busy 2-core machine.
t.setTimeout(900_000)
const root = await mkdtemp(path.join(tmpdir(), 'paraphe-move-'))
t.teardown(() => rm(root, { recursive: true, force: true }))
const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const EMAIL = 'artisane@example.fr'
const PASSWORD = 'un mot de passe assez long 42'
const EMBEDDED_ENV = { AUTH_AUTOCONFIRM: 'true' }

const moveToPostgres = (env: NodeJS.ProcessEnv) => runGatewayCommand('move-to-postgres', env)

async function auth(
  origin: string,
  route: string,
  body: unknown
): Promise<{ status: number; json: { access_token?: string; user?: { id: string } } }> {
  const response = await fetch(`${origin}/auth/v1${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  return { status: response.status, json: (await response.json()) as { access_token?: string; user?: { id: string } } }
}

/** Signs in with the password through the embedded accounts; the user's API calls carry its token. */
async function signIn(origin: string): Promise<HttpUser> {
  const session = await auth(origin, '/token?grant_type=password', { email: EMAIL, password: PASSWORD })
  if (session.status !== 200 || session.json.access_token === undefined)
    throw new Error(`sign-in refused: ${session.status} ${JSON.stringify(session.json)}`)
  const token = session.json.access_token
  return {
    id: session.json.user?.id ?? '',
    call: (method, url, body) =>
      fetch(`${origin}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
  }
}

async function snapshot(gateway: GatewayProcess, quotes: Array<{ id: string; token: string }>) {
  const origin = `http://127.0.0.1:${gateway.port}`
  const user = await signIn(origin)
  const perQuote = []
  for (const { id, token } of quotes) {
    perQuote.push({
      quote: (await (await user.call('GET', `/api/quotes/${id}`)).json()) as unknown,
      events: (await (await user.call('GET', `/api/quotes/${id}/events`)).json()) as unknown,
      pdf: Buffer.from(await (await fetch(`${origin}/api/sign/${token}/pdf`)).arrayBuffer())
    })
  }
  return { user, list: (await (await user.call('GET', '/api/quotes')).json()) as { quotes: Array<{ number: string | null }> }, perQuote }
}

t.test('embedded → PostgreSQL: everything identical, same password, numbering continues', async (t) => {
  const dataDir = path.join(root, 'data')
  const embedded = await startGateway({ ...EMBEDDED_ENV, DATA_DIR: dataDir })
  t.teardown(() => embedded.child.kill('SIGKILL'))
  const origin = `http://127.0.0.1:${embedded.port}`
  t.equal((await auth(origin, '/signup', { email: EMAIL, password: PASSWORD })).status, 200, 'account created')
  const user = await signIn(origin)
  const quotes = [await sentQuoteOverHttp(user), await sentQuoteOverHttp(user)]
  t.equal((await signOverHttp(origin, quotes[0]!.token)).status, 200, 'the first quote signed and sealed')
  const before = await snapshot(embedded, quotes)

  const refusedWhileRunning = await moveToPostgres({ DATA_DIR: dataDir, DATABASE_URL: postgres.url })
  t.equal(refusedWhileRunning.code, 1, 'refused while the gateway holds the data folder')
  t.match(refusedWhileRunning.output, /Arrêtez la passerelle/)
  embedded.child.kill('SIGTERM')
  t.equal((await embedded.exited).code, 0)

  const move = await moveToPostgres({ DATA_DIR: dataDir, DATABASE_URL: postgres.url })
  t.equal(move.code, 0, 'moved', { output: move.output })
  t.match(move.output, /paraphe\.signed_documents\s+1 ligne/)
  t.match(move.output, /paraphe_auth\.users\s+1 ligne/)
  t.match(move.output, /même DATA_DIR/, 'says the keys must stay with the gateway')

  const moved = await startGateway({ ...EMBEDDED_ENV, DATA_DIR: dataDir, DATABASE_URL: postgres.url })
  t.teardown(() => moved.child.kill('SIGKILL'))
  const after = await snapshot(moved, quotes)
  t.same(after.list, before.list, 'the quote list')
  for (const [index, quote] of before.perQuote.entries()) {
    t.same(after.perQuote[index]?.quote, quote.quote, `quote ${index + 1}`)
    t.same(after.perQuote[index]?.events, quote.events, `events of quote ${index + 1}`)
    t.ok(after.perQuote[index]?.pdf.equals(quote.pdf), `PDF of quote ${index + 1} byte-identical`)
  }
  const movedOrigin = `http://127.0.0.1:${moved.port}`
  const verified = (await (
    await fetch(`${movedOrigin}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(before.perQuote[0]!.pdf)
    })
  ).json()) as { document: { signerName: string } | null }
  t.match(verified.document, { signerName: 'Élise Martin' }, 'the sealed PDF is still recognised')

  const numbers = before.list.quotes
    .map((quote) => quote.number)
    .filter((number): number is string => number !== null)
    .sort()
  const next = await sentQuoteOverHttp(after.user)
  const nextNumber = ((await (await after.user.call('GET', `/api/quotes/${next.id}`)).json()) as { quote: { number: string } }).quote.number
  const last = numbers.at(-1) ?? ''
  t.equal(numbers.length, 2)
  t.equal(Number(/(\d+)$/.exec(nextNumber)?.[1]), Number(/(\d+)$/.exec(last)?.[1]) + 1, `numbering continues: ${last} → ${nextNumber}`)
  t.equal((await signOverHttp(movedOrigin, next.token)).status, 200, 'a new signature on PostgreSQL')
  moved.child.kill('SIGTERM')
  t.equal((await moved.exited).code, 0)

  const second = await moveToPostgres({ DATA_DIR: dataDir, DATABASE_URL: postgres.url })
  t.equal(second.code, 1, 'a second move into the now non-empty target is refused')
  t.match(second.output, /contient déjà Paraphe/)
})

// Supabase's `postgres` role is no superuser: session_replication_role is refused there, so the
// copy switches the triggers of the tables it has just created off, and on again before commit.
t.test('into a database owned by a role that is not superuser: triggers disabled for the load', async (t) => {
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await admin.query(`create role mover login createrole password 'mover-password'`)
  await admin.query('create database moved owner mover')
  await admin.end()
  const url = new URL(postgres.url)
  url.username = 'mover'
  url.password = 'mover-password'
  url.pathname = '/moved'
  const move = await moveToPostgres({ DATA_DIR: path.join(root, 'data'), DATABASE_URL: url.toString() })
  t.equal(move.code, 0, 'moved', { output: move.output })
  t.match(move.output, /déclencheurs : désactivés pendant la copie/)
  t.match(move.output, /paraphe\.quote_events\s+\d+ ligne/)
  const target = new pg.Client({ connectionString: url.toString() })
  await target.connect()
  t.teardown(() => target.end())
  const disabled = await target.query<{ n: number }>(`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`)
  t.equal(disabled.rows[0]?.n, 0, 'every trigger is on again')
  // The append-only rule holds again on the copy.
  await t.rejects(target.query('update paraphe.quote_events set quote_id = quote_id'), 'events stay append-only')
})
