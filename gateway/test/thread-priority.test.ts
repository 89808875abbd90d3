// Pages and JSON first: when the PDF pool starts, every thread of the process but the event
// loop's runs at a lower priority (V8's helpers collect and compile for the PDF threads), and a
// PDF thread lowers its own; the event loop keeps the normal priority. Linux only, as the
// gateway's containers and these machines are.
import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { BACKGROUND_NICE, lowerHelperThreads } from '../src/workers/thread-priority.js'
import { testDatabase } from './support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from './support/workspace-users.js'

/** Thread id → nice value, from /proc (field 19 of stat, after the command's closing parenthesis). */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>()
  for (const task of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
      nice.set(Number(task), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]))
    } catch {
      // The thread ended meanwhile.
    }
  }
  return nice
}

t.test('a PDF rendered: the event loop at the normal priority, every other thread lowered', async (t) => {
  t.equal(niceByThread().get(process.pid), 0, 'the event loop starts at the normal priority')
  const db = await testDatabase('pglite')
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>().quote
  const pdf = await pro.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(pdf.statusCode, 200)
  const nice = niceByThread()
  t.equal(nice.get(process.pid), 0, 'the event loop keeps the normal priority')
  const others = [...nice].filter(([tid]) => tid !== process.pid)
  t.ok(others.length >= 2, `helper and PDF threads exist (${others.length})`)
  t.same(others.filter(([, value]) => value !== BACKGROUND_NICE), [], `every other thread at nice ${BACKGROUND_NICE}`)
  t.equal(lowerHelperThreads(), others.length, 'lowering again reaches the same threads')
})
