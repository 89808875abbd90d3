// Several gateways on one PostgreSQL, the way the product grows past one machine: two real
// gateway processes, each with its own pool and timers (jobs every second), one SMTP server.
// Numbering has no duplicate and no gap when sends are split across them; concurrent signatures
// through both give exactly one 200; expiry and the outbox act once (each e-mail received once);
// the free plan's monthly quota and the per-IP budget of /auth/v1 hold across both processes.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { parisIsoDate } from '@paraphe/shared/dates'
import { startGateway, waitUntil } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, sentQuoteOverHttp, signOverHttp } from '../support/http-workspace.js'
import { startSmtpServer } from '../support/smtp-server.js'
import { startPostgres } from '../support/throwaway-postgres.js'
import { COMPLETE_PROFILE, completeContent } from '../support/workspace-users.js'

t.setTimeout(900_000)
const AUTH_PER_MINUTE = 4

t.test('two gateways on one PostgreSQL', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const smtp = await startSmtpServer()
  t.teardown(() => smtp.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-two-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  // A small /auth/v1 budget, to exhaust it below in a few requests; the workspace calls go to
  // /api and never count against it.
  const env = {
    ...AUTH_ENV,
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS_INTERVAL_MS: '1000',
    AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_PER_MINUTE)
  }
  // One after the other: the first applies the migrations and creates the seal certificate.
  const first = await startGateway(env)
  t.teardown(() => first.child.kill('SIGKILL'))
  const second = await startGateway(env)
  t.teardown(() => second.child.kill('SIGKILL'))
  const origins = [`http://127.0.0.1:${first.port}`, `http://127.0.0.1:${second.port}`]
  const db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
  t.teardown(() => db.end())
  const userId = randomUUID()
  const users = await Promise.all(origins.map((origin) => httpUser(origin, userId)))
  // A paid plan: the free plan's 3 quotes a month would stop the sends below.
  await db.query(`insert into paraphe.subscriptions (company_id, plan_id, status) values ($1, 'pro', 'active')`, [userId])

  // Sends split across both gateways, concurrently: numbers 1..N, no duplicate, no gap.
  const quotes = await Promise.all(Array.from({ length: 10 }, (_, index) => sentQuoteOverHttp(users[index % 2] as (typeof users)[number])))
  const numbers = (
    await db.query<{ number: string }>('select number from paraphe.quotes where company_id = $1 order by number', [userId])
  ).rows.map((row) => row.number)
  const sequence = numbers.map((number) => Number(/(\d+)$/.exec(number)?.[1])).sort((a, b) => a - b)
  t.same(
    sequence,
    Array.from({ length: 10 }, (_, index) => (sequence[0] as number) + index),
    `numbers without gap: ${numbers.join(', ')}`
  )
  t.equal(new Set(numbers).size, 10, 'no duplicate number')

  // The signing race: 10 concurrent signatures of one quote, half through each gateway.
  const raced = quotes[0] as (typeof quotes)[number]
  // The client has the page open before answering: each gateway has rendered the quote once (its
  // first PDF starts a worker thread, which under the TypeScript loader and a busy CI can take
  // longer than the server's 30 s socket timeout), so the race below is about the signatures.
  for (const origin of origins)
    t.equal((await fetch(`${origin}/api/sign/${raced.token}`)).status, 200, 'the link opened once on each gateway')
  const statuses = await Promise.all(
    Array.from({ length: 10 }, (_, index) => signOverHttp(origins[index % 2] as string, raced.token).then((response) => response.status))
  )
  t.equal(statuses.filter((status) => status === 200).length, 1, `exactly one 200 (${statuses.join(', ')})`)
  t.ok(
    statuses.every((status) => status === 200 || (status >= 400 && status < 500)),
    'the others refused, never a 5xx'
  )

  // Expiry, run by both gateways every second: each expired quote closed once, one notice each.
  const toExpire = quotes.slice(1, 4).map((quote) => quote.id)
  await db.query(`update paraphe.quotes set expires_on = current_date - 2 where id = any($1::uuid[])`, [toExpire])
  await waitUntil(
    async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `select count(*) as n from paraphe.outbox where company_id = $1 and kind = 'quote-expired' and status = 'sent'`,
            [userId]
          )
        ).rows[0]?.n
      ) === 3
  )
  const expiredEvents = await db.query<{ quote_id: string; n: string }>(
    `select quote_id, count(*) as n from paraphe.quote_events where quote_id = any($1::uuid[]) and type = 'expired' group by quote_id`,
    [toExpire]
  )
  t.same(
    expiredEvents.rows.map((row) => Number(row.n)),
    [1, 1, 1],
    'one expired event per quote'
  )

  // The outbox, polled by both: every e-mail of this user received exactly once.
  await waitUntil(
    async () =>
      Number(
        (await db.query<{ n: string }>(`select count(*) as n from paraphe.outbox where company_id = $1 and status <> 'sent'`, [userId]))
          .rows[0]?.n
      ) === 0
  )
  const sentRows = (
    await db.query<{ kind: string; recipient: string; subject: string }>(
      `select kind, recipient, subject from paraphe.outbox where company_id = $1`,
      [userId]
    )
  ).rows
  t.equal(smtp.messages.length, sentRows.length, `${sentRows.length} e-mails queued, ${smtp.messages.length} received`)
  t.equal(new Set(smtp.messages.map((message) => message.messageId)).size, smtp.messages.length, 'no Message-ID received twice')
  t.ok(sentRows.length >= 10 + 2 + 3, 'signing requests, signed copies and expiry notices all went out')

  // The free plan's quota across processes: another account, no subscription (Découverte, 3
  // sends a month), sends 6 drafts at once, half through each gateway. The year's counter row is
  // taken before the monthly count, so the sends queue on it whichever process serves them.
  const freeId = randomUUID()
  const freeUsers = await Promise.all(origins.map((origin) => httpUser(origin, freeId)))
  const freeUser = freeUsers[0] as (typeof freeUsers)[number]
  t.equal((await freeUser.call('PUT', '/api/profile', COMPLETE_PROFILE)).status, 200, 'free account: profile saved')
  const drafts: string[] = []
  for (let index = 0; index < 6; index++) {
    const created = (await (await freeUser.call('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json()) as {
      quote: { id: string }
    }
    drafts.push(created.quote.id)
  }
  const sends = await Promise.all(
    drafts.map(async (id, index) => {
      const response = await (freeUsers[index % 2] as (typeof freeUsers)[number]).call('POST', `/api/quotes/${id}/send`)
      return { status: response.status, body: (await response.json()) as { error?: { code?: string } } }
    })
  )
  const sendStatuses = sends.map((send) => send.status)
  t.equal(sendStatuses.filter((status) => status === 200).length, 3, `free plan: exactly 3 sends accepted (${sendStatuses.join(', ')})`)
  const refusals = sends.filter((send) => send.status !== 200)
  t.ok(
    refusals.every((send) => send.status === 403 && send.body.error?.code === 'plan_limit'),
    `the 3 others refused with 403 plan_limit (${refusals.map((send) => `${send.status} ${send.body.error?.code}`).join(', ')})`
  )
  t.equal(
    Number(
      (await db.query<{ n: string }>(`select count(*) as n from paraphe.quotes where company_id = $1 and status = 'sent'`, [freeId]))
        .rows[0]?.n
    ),
    3,
    'three quotes sent in the database'
  )

  // The per-IP budget of /auth/v1 is one budget in the database, whichever gateway counts a hit:
  // 8 password sign-ins from 127.0.0.1, alternately to each, with a budget of 4 a minute. The
  // upstream (127.0.0.1:9) is down, so the allowed ones answer the proxy's 5xx; what counts is
  // 429 or not. Windows are whole minutes by the database's clock: near the end of one, wait for
  // the next, so that all 8 fall in one window.
  const secondOfMinute = async () => Number((await db.query<{ s: string }>(`select extract(second from now()) as s`)).rows[0]?.s)
  if ((await secondOfMinute()) > 45) await waitUntil(async () => (await secondOfMinute()) < 30, 250)
  const authStatuses: number[] = []
  for (let index = 0; index < 2 * AUTH_PER_MINUTE; index++) {
    const response = await fetch(`${origins[index % 2] as string}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: AUTH_ENV.SUPABASE_ANON_KEY },
      body: JSON.stringify({ email: 'artisan@example.fr', password: 'mot-de-passe-de-test' })
    })
    await response.arrayBuffer()
    authStatuses.push(response.status)
  }
  t.same(
    authStatuses.map((status) => status === 429),
    authStatuses.map((_, index) => index >= AUTH_PER_MINUTE),
    `the first ${AUTH_PER_MINUTE} pass the limiter, the next ${AUTH_PER_MINUTE} get 429 (${authStatuses.join(', ')})`
  )
})
