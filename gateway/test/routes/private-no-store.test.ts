// Every answer of the private /api scope (the PDF download too: it is in the same scope, not drawn
// here to keep this test light) is one account's data: none may be kept by a browser's
// or a proxy's cache, whichever route file it comes from, errors included (one hook for the scope).
import type { Quote } from '@paraphe/shared/quote'
import { parisIsoDate } from '@paraphe/shared/dates'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'
import { testDatabase } from '../support/databases.js'
import t from 'tap'

t.test('private answers say no-store: reads, actions and refusals', async (t) => {
  const db = await testDatabase()
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const owner = await newUser(app)
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await owner.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{
    quote: Quote
  }>().quote
  const answers = {
    session: await owner.request('GET', '/api/session'),
    dashboard: await owner.request('GET', '/api/dashboard'),
    list: await owner.request('GET', '/api/quotes'),
    team: await owner.request('GET', '/api/company'),
    items: await owner.request('GET', '/api/items'),
    send: await owner.request('POST', `/api/quotes/${draft.id}/send`),
    remind: await owner.request('POST', `/api/quotes/${draft.id}/remind`),
    missing: await owner.request('GET', '/api/quotes/00000000-0000-4000-8000-000000000000'),
    revokeLinks: await owner.request('POST', `/api/quotes/${draft.id}/revoke-links`)
  }
  t.equal(answers.send.statusCode, 200, 'sent')
  t.equal(answers.missing.statusCode, 404, 'a refusal too')
  for (const [name, response] of Object.entries(answers)) t.equal(response.headers['cache-control'], 'no-store', name)
})
