// The SMTP window drill: the one moment an e-mail can go out twice (see src/mail/worker.ts) is
// when the SMTP server has the message and the gateway dies before its outbox row says `sent`.
// A real gateway on PostgreSQL 15 with a real SMTP server is killed (SIGKILL) right there:
// (A) while the server holds its answer to DATA; (B) right after the server answered 250 (a race
// with the gateway's update: on a busy machine the update often commits first); (C) the same,
// with the update held by a row lock until the kill, so that it never commits. After a restart
// the message goes out again once its lease ends, so delivery is at least once: every copy carries
// the same Message-ID (which mail services show once), the row ends `sent`, and the other e-mails
// queued meanwhile are each received once.
import t, { type Test } from 'tap'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startGateway, waitUntil, type GatewayProcess } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, sentQuoteOverHttp } from '../support/http-workspace.js'
import { parseMail, startSmtpServer, type ReceivedMail } from '../support/smtp-server.js'
import { startPostgres } from '../support/throwaway-postgres.js'

// Three real gateway starts and two lease expiries: minutes on a busy 2-core machine.
t.setTimeout(900_000)
// The smallest lease the configuration accepts: the resend comes soon after the restart.
const LEASE_MS = 5_000
// The free plan's monthly quota: one account per scenario sends this many quotes.
const QUOTES_PER_SCENARIO = 3

t.test('kill -9 inside the SMTP window: the e-mail is resent with the same Message-ID', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const smtp = await startSmtpServer()
  t.teardown(() => smtp.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-smtp-window-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
  t.teardown(() => db.end())
  // Holds the outbox row's lock in scenario C, in a session of its own.
  const locker = new pg.Client({ connectionString: postgres.url })
  await locker.connect()
  t.teardown(() => locker.end())
  const lockerPid = (await locker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid

  const env = {
    ...AUTH_ENV,
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS_INTERVAL_MS: '1000',
    OUTBOX_LEASE_MS: String(LEASE_MS)
  }
  let gateway: GatewayProcess = await startGateway(env)
  t.teardown(() => gateway.child.kill('SIGKILL'))
  const origin = () => `http://127.0.0.1:${gateway.port}`

  interface OutboxRow {
    id: string
    status: string
    attempts: number
  }
  const outboxOf = async (userId: string) =>
    (await db.query<OutboxRow>('select id::text as id, status, attempts from paraphe.outbox where company_id = $1 order by id', [userId]))
      .rows
  /** The outbox row a message came from: its Message-ID is `<outbox.<id>.<created ms>@domain>`. */
  const outboxIdOf = (mail: ReceivedMail) => /^<outbox\.(\d+)\./.exec(mail.messageId)?.[1] ?? ''

  async function drill(t: Test, killAt: 'answer held' | 'answered 250' | 'answered 250, update held'): Promise<void> {
    const user = await httpUser(origin(), randomUUID())
    const before = smtp.messages.length
    // Every message waits for its answer until the quotes are sent: the worker, which sends one
    // message at a time, is stuck on the first one, and the others stay unclaimed.
    let release = () => {}
    smtp.hold = new Promise<void>((resolve) => (release = resolve))
    const arrivals: string[] = []
    smtp.onArrival = (raw) => arrivals.push(raw)
    const quotes: Array<{ id: string; token: string }> = []
    for (let index = 0; index < QUOTES_PER_SCENARIO; index++) quotes.push(await sentQuoteOverHttp(user))
    await waitUntil(() => arrivals.length > 0)

    const killed = gateway.exited
    if (killAt === 'answer held') {
      gateway.child.kill('SIGKILL')
      await killed
      // The server got the whole message before the sender died: count it as delivered (a real
      // server may have queued it already), the worst case for duplicates.
      smtp.hold = null
      release()
    } else {
      if (killAt === 'answered 250, update held') {
        // The gateway's `update … set status = 'sent'` waits for this lock: it cannot commit
        // before the kill, whatever the scheduler does.
        await locker.query('begin')
        await locker.query('select id from paraphe.outbox where id = $1 for update', [
          outboxIdOf(parseMail(arrivals[0] as string, { from: '', to: [] }))
        ])
      }
      smtp.onAccepted = () => {
        smtp.onAccepted = null
        gateway.child.kill('SIGKILL')
      }
      smtp.hold = null
      release()
      await killed
      if (killAt === 'answered 250, update held') {
        // The dead process's sessions may still hold its update (waiting for the lock, or unread
        // in the socket): PostgreSQL would run it once the lock is free. Ending them plays the
        // crash where the update never reached the database; the timeout makes each call wait
        // until its session is gone, before the lock is released.
        await db.query(
          `select pg_terminate_backend(pid, 60000) from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() and pid <> $1`,
          [lockerPid]
        )
        await locker.query('rollback')
      }
    }
    smtp.onArrival = null
    await waitUntil(() => smtp.messages.length > before)
    t.equal(arrivals.length, 1, 'one message reached the server before the kill')

    const first = parseMail(arrivals[0] as string, { from: '', to: [] })
    const windowId = outboxIdOf(first)
    const windowQuote = quotes.find((quote) => first.text.includes(quote.token))
    t.ok(windowId !== '' && windowQuote !== undefined, `the message in the window: outbox row ${windowId}`)
    const rowAfterKill = (await outboxOf(user.id)).find((row) => row.id === windowId)
    t.comment(`${killAt}: after the kill, outbox row ${windowId} is ${rowAfterKill?.status} (attempts ${rowAfterKill?.attempts})`)
    if (killAt !== 'answered 250') t.equal(rowAfterKill?.status, 'pending', 'the row is not marked sent')

    gateway = await startGateway(env)
    await waitUntil(async () => {
      const rows = await outboxOf(user.id)
      return rows.length === QUOTES_PER_SCENARIO && rows.every((row) => row.status === 'sent')
    })
    const rows = await outboxOf(user.id)
    t.same(
      rows.map((row) => row.status),
      Array.from({ length: QUOTES_PER_SCENARIO }, () => 'sent'),
      'every outbox row ends sent'
    )
    t.comment(`${killAt}: attempts per outbox row ${JSON.stringify(rows.map((row) => ({ id: row.id, attempts: row.attempts })))}`)

    // Copies are found by content (the quote's signing token), not by Message-ID, so that the
    // Message-ID comparison below means something.
    const received = smtp.messages.slice(before)
    const copies = received.filter((mail) => windowQuote !== undefined && mail.text.includes(windowQuote.token))
    t.comment(`${killAt}: ${copies.length} cop${copies.length === 1 ? 'y' : 'ies'} of the message in the window received`)
    if (killAt !== 'answered 250') t.equal(copies.length, 2, 'sent again after the lease: two copies')
    else t.ok(copies.length === 1 || copies.length === 2, `one or two copies (${copies.length})`)
    t.same(
      [...new Set(copies.map((mail) => mail.messageId))],
      [first.messageId],
      `every copy carries the same Message-ID ${first.messageId}`
    )
    t.ok(
      copies.every((mail) => outboxIdOf(mail) === windowId),
      'from the same outbox row'
    )
    for (const quote of quotes.filter((quote) => quote !== windowQuote)) {
      t.equal(received.filter((mail) => mail.text.includes(quote.token)).length, 1, 'the other e-mails received once')
    }
    t.equal(received.length, copies.length + QUOTES_PER_SCENARIO - 1, 'nothing else received')
  }

  await t.test('(A) killed while the SMTP server holds its answer to DATA', (t) => drill(t, 'answer held'))
  await t.test('(B) killed right after the SMTP server answered 250', (t) => drill(t, 'answered 250'))
  await t.test('(C) killed after the 250, the outbox update held until then', (t) => drill(t, 'answered 250, update held'))
})
