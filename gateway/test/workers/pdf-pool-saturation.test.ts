// More PDF requests at once than the worker pool can queue: the extra ones get a French 503
// « réessayez » with Retry-After, the others their PDF, and the gateway keeps serving.
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { setPdfPoolLimits } from '../../src/workers/pdf-pool.js'
import { testDatabase } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'

// One thread and one waiting task: the third concurrent request finds the queue full.
setPdfPoolLimits({ maxThreads: 1, maxQueue: 1 })

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())

t.test('a burst of PDF downloads: some wait, the rest are told to retry, none fails', async (t) => {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const burst = await Promise.all(Array.from({ length: 8 }, () => pro.request('GET', `/api/quotes/${draft.id}/pdf`)))
  const statuses = burst.map((response) => response.statusCode)
  t.ok(statuses.includes(200), 'the first ones get their PDF')
  t.ok(statuses.includes(503), 'the ones past the queue are refused')
  t.same([...new Set(statuses)].sort(), [200, 503], 'and nothing else (no 500)')
  for (const refused of burst.filter((response) => response.statusCode === 503)) {
    t.equal(refused.headers['retry-after'], '5')
    t.match(refused.json(), { error: { code: 'busy', message: /réessayez dans quelques secondes/ } })
  }
  for (const served of burst.filter((response) => response.statusCode === 200)) {
    t.equal(served.headers['content-type'], 'application/pdf')
    t.equal(served.rawPayload.subarray(0, 5).toString(), '%PDF-')
  }
  // The page and JSON still answer, and once the burst is over the PDF comes again.
  t.equal((await pro.request('GET', `/api/quotes/${draft.id}`)).statusCode, 200)
  t.equal((await pro.request('GET', `/api/quotes/${draft.id}/pdf`)).statusCode, 200)
})
