// The kill -9 drill: a real gateway on PostgreSQL 15 with a real SMTP server; in each round a
// quote is sent, the client signs, and the gateway is killed (SIGKILL) at a random moment of
// sign → seal → e-mail. After a restart (and the client's retry, as the signing page allows), once
// the seal repair job and the outbox have settled: one signature, one `signed` event, one sealed
// PDF that pdfsig accepts, and each signed copy (client, professional) received exactly once.
import t from 'tap'
import { createHash, randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startGateway, waitUntil, type GatewayProcess } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, sentQuoteOverHttp, signOverHttp } from '../support/http-workspace.js'
import { pdfsig } from '../support/pdfsig.js'
import { startSmtpServer } from '../support/smtp-server.js'
import { startPostgres } from '../support/throwaway-postgres.js'
import { COMPLETE_PROFILE } from '../support/workspace-users.js'

// Twenty restarts of a real process: minutes on a busy 2-core machine.
t.setTimeout(1_800_000)
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20)
const CLIENT_EMAIL = 'elise.martin@example.org'

t.test('kill -9 at random points of sign → seal → e-mail, then restart', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const smtp = await startSmtpServer()
  t.teardown(() => smtp.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-crash-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
  t.teardown(() => db.end())

  // Seal repair every second; a message claimed by the killed process goes out again after 5 s.
  const env = {
    ...AUTH_ENV,
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    JOBS_INTERVAL_MS: '1000',
    OUTBOX_LEASE_MS: '5000'
  }
  let gateway: GatewayProcess = await startGateway(env)
  t.teardown(() => gateway.child.kill('SIGKILL'))
  const origin = () => `http://127.0.0.1:${gateway.port}`

  const count = async (sql: string, params: unknown[]): Promise<number> => Number((await db.query<{ n: string }>(sql, params)).rows[0]?.n)
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
  /** Signed copies carry the sealed PDF: found by its hash, each as its recipient and Message-ID. */
  const copiesOf = (sealedSha: string) =>
    smtp.messages
      .filter((message) => message.attachments.some((attachment) => sha256(attachment.content) === sealedSha))
      .map((message) => ({ to: message.envelope.to.join(','), messageId: message.messageId }))

  async function settled(quoteId: string, userId: string): Promise<boolean> {
    const sealed = await count('select count(*) as n from paraphe.signed_documents where quote_id = $1', [quoteId])
    const unsent = await count(
      `select count(*) as n from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%' and status <> 'sent'`,
      [userId]
    )
    const sent = await count(
      `select count(*) as n from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%' and status = 'sent'`,
      [userId]
    )
    return sealed === 1 && unsent === 0 && sent === 2
  }

  // Calibration (not a kill round): how long sign → seal → both copies received takes here, so
  // that the kill delays cover the whole path on this machine, busy or not.
  const calibrationUser = await httpUser(origin(), randomUUID())
  const calibrationQuote = await sentQuoteOverHttp(calibrationUser)
  const started = Date.now()
  t.equal((await signOverHttp(origin(), calibrationQuote.token)).status, 200, 'calibration: signed')
  await waitUntil(() => settled(calibrationQuote.id, calibrationUser.id), 50)
  const boundMs = Math.max(200, Math.round((Date.now() - started) * 1.3))
  t.comment(`kill delays drawn in [0, ${boundMs}] ms`)

  const killPoints: Array<{
    delayMs: number
    signedBeforeKill: boolean
    sealedBeforeKill: boolean
    sentBeforeKill: number
    retryStatus: number
  }> = []
  for (let round = 1; round <= ROUNDS; round++) {
    await t.test(`round ${round}`, async (t) => {
      const user = await httpUser(origin(), randomUUID())
      const quote = await sentQuoteOverHttp(user)
      const delayMs = Math.floor(Math.random() * (boundMs + 1))
      const killed = gateway.exited
      const signing = signOverHttp(origin(), quote.token).catch(() => null)
      await new Promise((resolve) => setTimeout(resolve, delayMs))
      gateway.child.kill('SIGKILL')
      await killed
      await signing
      const signedBeforeKill = (await count('select count(*) as n from paraphe.signatures where quote_id = $1', [quote.id])) > 0
      const sealedBeforeKill = (await count('select count(*) as n from paraphe.signed_documents where quote_id = $1', [quote.id])) > 0
      const sentBeforeKill = await count(
        `select count(*) as n from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%' and status = 'sent'`,
        [user.id]
      )

      gateway = await startGateway(env)
      // The client, seeing an error or no answer, signs again: accepted once, refused if done.
      const retry = await signOverHttp(origin(), quote.token)
      if (signedBeforeKill) t.ok(retry.status >= 400 && retry.status < 500, `retry refused: already signed (${retry.status})`)
      else t.equal(retry.status, 200, 'retry accepted: the signature had not been recorded')
      await waitUntil(() => settled(quote.id, user.id), 100)
      killPoints.push({ delayMs, signedBeforeKill, sealedBeforeKill, sentBeforeKill, retryStatus: retry.status })

      t.equal(await count('select count(*) as n from paraphe.signatures where quote_id = $1', [quote.id]), 1, 'one signature')
      t.equal(
        await count(`select count(*) as n from paraphe.quote_events where quote_id = $1 and type = 'signed'`, [quote.id]),
        1,
        'one signed event'
      )
      const sealed = (
        await db.query<{ pdf: Buffer; sha256: string }>('select pdf, sha256 from paraphe.signed_documents where quote_id = $1', [quote.id])
      ).rows
      t.equal(sealed.length, 1, 'one sealed PDF')
      const pdf = sealed[0]?.pdf ?? Buffer.alloc(0)
      const served = Buffer.from(await (await fetch(`${origin()}/api/sign/${quote.token}/pdf`)).arrayBuffer())
      t.ok(served.equals(pdf), 'the signing link serves the sealed PDF')
      const report = await pdfsig(pdf)
      t.ok(
        report.signatures.length > 0 && report.signatures.every((signature) => signature.valid && signature.totalDocumentSigned),
        `pdfsig: valid (${report.signatures.length} signature(s))`
      )
      // The one window the outbox documents (mail/worker.ts): the SMTP server accepted a copy and
      // the process died before marking it sent; it goes again with the same Message-ID, which
      // mail services show once. So: each recipient, one Message-ID, shown once.
      const copies = copiesOf(sha256(pdf))
      const shown = [...new Map(copies.map((copy) => [copy.messageId, copy.to])).values()]
      t.same(shown.sort(), [CLIENT_EMAIL, COMPLETE_PROFILE.email].sort(), 'each signed copy shown once: one Message-ID per recipient')
      if (copies.length > shown.length)
        t.comment(
          `a copy accepted by the SMTP server just before the kill went again with its Message-ID (${copies.length - shown.length})`
        )
    })
  }

  t.comment(`kill points: ${JSON.stringify(killPoints)}`)
  const phases = {
    beforeSignature: killPoints.filter((point) => !point.signedBeforeKill).length,
    signedNotSealed: killPoints.filter((point) => point.signedBeforeKill && !point.sealedBeforeKill).length,
    sealedNotAllSent: killPoints.filter((point) => point.sealedBeforeKill && point.sentBeforeKill < 2).length,
    allSent: killPoints.filter((point) => point.sentBeforeKill === 2).length
  }
  t.comment(`kills by phase: ${JSON.stringify(phases)}`)
})
