// The PDF processes (workers/pdf-pool.ts): pages and JSON first, so every thread of the
// background PDF process runs in Linux's SCHED_IDLE class while the gateway's threads keep the
// normal one; a PDF that cannot get idle CPU time (cores busy) still comes, from the catch-up
// process at nice 10; if a PDF process dies during a render, the waiting request is told to retry
// (a French 503, never a 500) and the next PDF starts it again; after a while without PDFs it
// ends. Linux only, as the gateway's containers and these machines are.
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { CATCH_UP_NICE } from '../../src/workers/background-priority.js'
import { pdfProcessIds, setPdfPoolLimits } from '../../src/workers/pdf-pool.js'
import { testDatabase } from '../support/databases.js'
import { SCHED_IDLE, SCHED_OTHER, threadClasses as threadsOf } from '../support/thread-classes.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'

/** Waits (bounded) until `done` holds: a busy machine may take a while. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3000; i += 1) {
    if (done()) return
    await sleep(20)
  }
  throw new Error(`${what}: still not the case after 60 s`)
}

// A long catch-up delay: the first tests see the background process alone.
setPdfPoolLimits({ idleMs: 500, catchUpMs: 600_000 })
const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const pro = await newUser(app)
await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
  .quote

t.test('a PDF rendered: every thread of the PDF process in the idle class, the gateway’s untouched', async (t) => {
  const pdf = await pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(pdf.statusCode, 200)
  t.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-')
  const pid = pdfProcessIds().background
  if (pid === null) throw new Error('the PDF process is not running right after a PDF')
  t.not(pid, process.pid, 'the PDF was made in another process')
  const background = threadsOf(pid)
  t.ok(background.length >= 3, `its main thread, its V8 helpers and its PDF thread (${background.length})`)
  t.same(
    background.filter((thread) => thread.policy !== SCHED_IDLE),
    [],
    'all of them SCHED_IDLE'
  )
  t.same(
    threadsOf(process.pid).filter((thread) => thread.policy !== SCHED_OTHER || thread.nice !== 0),
    [],
    'the gateway’s threads at the normal class and priority'
  )
})

t.test('the PDF process ends after a while without PDFs, and starts again for the next one', async (t) => {
  await until(() => pdfProcessIds().background === null, 'the idle PDF process ending')
  t.pass('ended while idle')
  const pdf = await pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(pdf.statusCode, 200)
  t.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-', 'the next PDF comes')
})

t.test('the PDF process killed during a render: a French 503 « réessayez », then the PDF again', async (t) => {
  await until(() => pdfProcessIds().background === null, 'the idle PDF process ending')
  const waiting = pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  // The process starts as the task is sent; killed before it can have loaded the PDF libraries.
  await until(() => pdfProcessIds().background !== null, 'the PDF process starting')
  process.kill(pdfProcessIds().background as number, 'SIGKILL')
  const lost = await waiting
  t.equal(lost.statusCode, 503)
  t.equal(lost.headers['retry-after'], '5')
  t.match(lost.json(), { error: { code: 'busy', message: 'Le document n’a pas pu être préparé : réessayez dans quelques secondes.' } })
  const again = await pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(again.statusCode, 200)
  t.equal(again.rawPayload.subarray(0, 5).toString(), '%PDF-', 'the retry gets its PDF')
  t.equal((await pro.request('GET', `/api/quotes/${draft.id}`)).statusCode, 200, 'the gateway kept answering')
})

t.test('the background process gets no CPU time: the PDF comes from the catch-up process, at nice 10', async (t) => {
  await until(() => pdfProcessIds().background === null, 'the idle PDF process ending')
  setPdfPoolLimits({ catchUpMs: 200 })
  t.teardown(() => setPdfPoolLimits({ catchUpMs: 600_000 }))
  const waiting = pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  await until(() => pdfProcessIds().background !== null, 'the background process starting')
  // Stopped, as if every core stayed busy: it never answers.
  const stopped = pdfProcessIds().background as number
  process.kill(stopped, 'SIGSTOP')
  t.teardown(() => process.kill(stopped, 'SIGCONT'))
  const pdf = await waiting
  t.equal(pdf.statusCode, 200)
  t.equal(pdf.rawPayload.subarray(0, 5).toString(), '%PDF-', 'the PDF came all the same')
  const catchUp = pdfProcessIds().catchUp
  if (catchUp === null) throw new Error('no catch-up process after a PDF it made')
  t.same(
    threadsOf(catchUp).filter((thread) => thread.policy !== SCHED_OTHER || thread.nice !== CATCH_UP_NICE),
    [],
    `the catch-up process in the normal class at nice ${CATCH_UP_NICE}`
  )
})
