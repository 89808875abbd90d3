// Urgent PDF work first (workers/pdf-pool.ts). Renders made ahead of a quote's first view (while
// the signing e-mail travels) used to fill the PDF queue's bound on a busy machine, and the seal
// of a signature made then was refused: the client got no signed copy until the periodic job,
// minutes later. Now renders ahead take only the shallow part of the queue and give way, a seal
// always has room, what was deferred is made at the first view, and a seal that fails is tried
// again within seconds. The background PDF process is paused (SIGSTOP) to stand for a machine
// whose cores are busy: its renders wait.
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { pdfProcessIds, pdfTasksInFlight, setPdfPoolLimits } from '../../src/workers/pdf-pool.js'
import { testDatabase } from '../support/databases.js'
import { signBody } from '../support/sent-quotes.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, type TestUser } from '../support/workspace-users.js'

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 6000; i += 1) {
    if (await done()) return
    await sleep(20)
  }
  throw new Error(`${what}: still not the case after 120 s`)
}

// One thread and a queue of 5: a bound of 6 tasks, the size of the real one (34) in miniature.
// Renders never move to the catch-up process here, so those of the paused process stay queued.
setPdfPoolLimits({ maxThreads: 1, maxQueue: 5, idleMs: 600_000, catchUpMs: 600_000 })
// Ten sends, their renders and two seals: minutes on a loaded machine.
t.setTimeout(600_000)
const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())

async function proOnPaidPlan(): Promise<TestUser> {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  // The free plan's 3 quotes a month would stop the sends below.
  await db.query(`insert into paraphe.subscriptions (company_id, plan_id, status) values ($1, 'pro', 'active')`, [pro.id])
  return pro
}

async function send(pro: TestUser): Promise<{ id: string; token: string }> {
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const sent = await pro.request('POST', `/api/quotes/${draft.id}/send`)
  if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`)
  return { id: draft.id, token: new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') as string }
}

const view = (token: string) => app.inject({ url: `/api/sign/${token}` })
const inFlightTotal = () => Object.values(pdfTasksInFlight()).reduce((sum, count) => sum + count, 0)

t.test('a burst of sends on a busy machine: the signature made meanwhile is sealed at once', async (t) => {
  const pro = await proOnPaidPlan()
  const first = await send(pro)
  const opened = await view(first.token)
  t.equal(opened.statusCode, 200, 'the client opens the link (its PDF rendered in the background process)')
  const background = pdfProcessIds().background
  if (background === null) throw new Error('the background PDF process is not running')
  process.kill(background, 'SIGSTOP')
  t.teardown(() => {
    if (pdfProcessIds().background === background) process.kill(background, 'SIGCONT')
  })

  // Ten sends while the background process cannot run: their renders ahead would queue there.
  const burst = []
  for (let index = 0; index < 10; index++) burst.push(await send(pro))
  t.ok(pdfTasksInFlight().ahead <= 2, `renders ahead keep to the shallow part of the queue (${pdfTasksInFlight().ahead} in flight)`)

  const signed = await app.inject({
    method: 'POST',
    url: `/api/sign/${first.token}/sign`,
    payload: signBody(opened.json<{ documentSha256: string }>().documentSha256)
  })
  t.equal(signed.statusCode, 200, 'the signature is accepted')
  t.same(signed.json(), { state: 'signed', signedDocument: true }, 'and its copy sealed at once, for the client waiting on the page')
  const stored = await db.query('select 1 from paraphe.signed_documents where quote_id = $1', [first.id])
  t.equal(stored.rows.length, 1, 'the sealed copy is stored')

  // A person's download while renders ahead fill the shallow part: it is admitted (the renders
  // ahead give way), and waits for the background process like any PDF.
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const download = pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  await until(() => pdfTasksInFlight().download === 1, 'the download queued')

  process.kill(background, 'SIGCONT')
  t.equal((await download).statusCode, 200, 'the download comes once the machine has time')
  // Every quote of the burst opens: renders done ahead are reused, deferred ones made now.
  for (const quote of burst) t.equal((await view(quote.token)).statusCode, 200, 'the link opens with its PDF')
  await until(() => inFlightTotal() === 0, 'the queue empty')
  t.same(pdfTasksInFlight(), { seal: 0, download: 0, ahead: 0 }, 'nothing left in flight: none lost, none counted twice')
})

t.test('a seal that fails (its PDF process lost) is made again within seconds, not at the next periodic job', async (t) => {
  const pro = await proOnPaidPlan()
  const quote = await send(pro)
  const opened = await view(quote.token)
  // The seal must start a new catch-up process, killed as it starts (before it can have loaded
  // the PDF libraries): the one the first test started goes first.
  const earlier = pdfProcessIds().catchUp
  if (earlier !== null) process.kill(earlier, 'SIGKILL')
  await until(() => pdfProcessIds().catchUp === null, 'the earlier catch-up process gone')
  const signing = app.inject({
    method: 'POST',
    url: `/api/sign/${quote.token}/sign`,
    payload: signBody(opened.json<{ documentSha256: string }>().documentSha256)
  })
  await until(() => pdfTasksInFlight().seal === 1 && pdfProcessIds().catchUp !== null, 'the seal sent to the catch-up process')
  process.kill(pdfProcessIds().catchUp as number, 'SIGKILL')
  const answer = await signing
  t.equal(answer.statusCode, 200, 'the signature stands')
  t.same(answer.json(), { state: 'signed', signedDocument: false }, 'its copy could not be sealed at once')
  await until(
    async () => (await db.query('select 1 from paraphe.signed_documents where quote_id = $1', [quote.id])).rows.length === 1,
    'the sealed copy stored'
  )
  t.pass('sealed by the retry a few seconds later (the periodic jobs run every 5 minutes here)')
  const mails = await db.query<{ recipient: string }>(
    `select recipient from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%'`,
    [pro.id]
  )
  t.ok(mails.rows.length >= 1, 'the signed copy is on its way to the client and the professional')
})
