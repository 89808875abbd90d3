// An event goes out right after the request that caused it, not at the worker's next poll: the
// poll here is an hour away, far beyond this test's own time limit, and nothing wakes the worker
// but the requests themselves.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import type { WebhookEventType } from '@paraphe/shared/api/webhook-schemas'
import { forEachEngine } from '../support/databases.js'
import { startReceiver } from '../support/webhook-receiver.js'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../support/workspace-users.js'
import { buildApp } from '../helper.js'

const today = parisIsoDate(new Date())
const typeOf = (body: string) => (JSON.parse(body) as { type: WebhookEventType }).type

forEachEngine('prompt webhooks', async (t, db) => {
  const app = await buildApp(AUTH_ENV, { database: db, webhooks: { pollIntervalMs: 3_600_000 } })
  t.teardown(() => app.close())
  const owner = await newUser(app)
  await subscribe(db, owner.id, 'entreprise')
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const receiver = await startReceiver(t)
  const events: WebhookEventType[] = ['quote.sent', 'quote.viewed', 'quote.declined']
  t.equal((await owner.request('POST', '/api/company/webhooks', { url: receiver.url, events })).statusCode, 201)

  const draft = (await owner.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  const sent = await owner.request('POST', `/api/quotes/${draft.id}/send`)
  const token = new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') as string
  await receiver.waitFor(1)
  t.equal(typeOf(receiver.received[0]?.body ?? '{}'), 'quote.sent', 'sent: delivered without waiting for the poll')

  t.equal((await app.inject({ url: `/api/sign/${token}`, headers: { 'x-signing-visitor': 'visitor-0001' } })).statusCode, 200)
  await receiver.waitFor(2)
  t.equal(typeOf(receiver.received[1]?.body ?? '{}'), 'quote.viewed', 'first view: delivered without waiting for the poll')

  t.equal(
    (await app.inject({ method: 'POST', url: `/api/sign/${token}/decline`, payload: { reason: 'Budget trop élevé.' } })).statusCode,
    200
  )
  await receiver.waitFor(3)
  t.equal(typeOf(receiver.received[2]?.body ?? '{}'), 'quote.declined', 'declined: delivered without waiting for the poll')
})
