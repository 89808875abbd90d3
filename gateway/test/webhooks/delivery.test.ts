// Webhooks end to end: endpoints registered through the workspace API, events produced by the real
// flows (send, view, sign, decline, expiry), posted by the worker to a receiver on loopback, signed
// (checked with the documented verifyWebhook), retried after failures and never again after a 2xx.
import { createHash } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { verifyWebhook } from '@paraphe/shared/webhook-signature'
import type { WebhookDelivery, WebhookEventType } from '@paraphe/shared/api/webhook-schemas'
import type { Database } from '../../src/db/database.js'
import { runQuoteJobs } from '../../src/quotes/quote-jobs.js'
import { PLAN_REFUSAL } from '../../src/webhooks/delivery-worker.js'
import { forEachEngine } from '../support/databases.js'
import { startReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.js'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'
import { buildApp } from '../helper.js'

const today = parisIsoDate(new Date())
const ALL_EVENTS: WebhookEventType[] = ['quote.sent', 'quote.viewed', 'quote.signed', 'quote.declined', 'quote.expired']

interface Envelope {
  id: string
  type: WebhookEventType
  created: number
  data: {
    quote: { id: string; number: string; title: string; clientName: string; url: string }
    occurredAt: string
    reason?: string
    signerName?: string
    signedPdf?: { url: string; sha256: string }
  }
}
type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string>; upgrade?: { planId: string } } }

async function entrepriseOwner(app: FastifyInstance, db: Database): Promise<TestUser> {
  const owner = await newUser(app)
  await subscribe(db, owner.id, 'entreprise')
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  return owner
}

async function addEndpoint(owner: TestUser, url: string, events: WebhookEventType[] = ALL_EVENTS): Promise<{ id: string; secret: string }> {
  const created = await owner.request('POST', '/api/company/webhooks', { url, events })
  if (created.statusCode !== 201) throw new Error(`endpoint not created: ${created.statusCode} ${created.body}`)
  const { endpoint, secret } = created.json<{ endpoint: { id: string }; secret: string }>()
  return { id: endpoint.id, secret }
}

async function sentQuote(owner: TestUser): Promise<{ id: string; token: string }> {
  const draft = (await owner.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  const sent = await owner.request('POST', `/api/quotes/${draft.id}/send`)
  const url = new URL(sent.json<{ signingUrl: string }>().signingUrl)
  return { id: draft.id, token: url.searchParams.get('token') as string }
}

/** Passes of the worker until `receiver` has `count` requests (each pass tries a delivery at most once). */
async function deliverUntil(app: FastifyInstance, receiver: WebhookReceiver, count: number): Promise<void> {
  for (let pass = 0; pass < 20 && receiver.received.length < count; pass += 1) await app.webhooks.wake()
}

const envelope = (request: ReceivedWebhook) => JSON.parse(request.body) as Envelope

forEachEngine('webhooks', async (t, db) => {
  // Retries at once: each worker pass is one more attempt (the back-off itself is retry-delay's, tested there).
  const app = await buildApp(AUTH_ENV, { database: db, webhooks: { retryDelayMs: () => 0, pollIntervalMs: 600_000 } })
  t.teardown(() => app.close())

  await t.test('a receiver that fails twice gets the event a third time, signed, then never again', async (t) => {
    const owner = await entrepriseOwner(app, db)
    const receiver = await startReceiver(t, [500, 500, 200])
    const endpoint = await addEndpoint(owner, receiver.url, ['quote.sent'])
    t.match(endpoint.secret, /^whsec_[A-Za-z0-9_-]{43}$/)
    const quote = await sentQuote(owner)
    await deliverUntil(app, receiver, 3)
    t.same(
      receiver.received.map((request) => request.status),
      [500, 500, 200],
      'two failures, then accepted'
    )
    for (let pass = 0; pass < 3; pass += 1) await app.webhooks.wake()
    t.equal(receiver.received.length, 3, 'acknowledged with a 2xx: never posted again')
    const [first, , last] = receiver.received as [ReceivedWebhook, ReceivedWebhook, ReceivedWebhook]
    t.equal(first.body, last.body, 'the same body at each attempt')
    const event = envelope(last)
    t.match(event.id, /^evt_[0-9a-f]{32}$/)
    t.equal(event.type, 'quote.sent')
    t.ok(Math.abs(event.created - Date.now() / 1000) < 120, 'created: unix seconds')
    t.equal(event.data.quote.id, quote.id)
    t.match(event.data.quote.number, /^DEV-\d{4}-\d{4}$/)
    t.equal(event.data.quote.url, `${app.config.publicUrl.origin}/api/v1/quotes/${quote.id}`)
    t.equal(event.data.quote.clientName, 'Élise Martin')
    for (const request of receiver.received) {
      t.equal(request.headers['paraphe-event-id'], event.id, 'the event id in a header, the same each time')
      t.equal(request.headers['content-type'], 'application/json')
      t.ok(
        verifyWebhook(endpoint.secret, request.body, String(request.headers['paraphe-signature'])),
        'signature verified with the documented snippet'
      )
    }
    const signature = String(last.headers['paraphe-signature'])
    t.notOk(verifyWebhook('whsec_autre', last.body, signature), 'another secret fails')
    t.notOk(verifyWebhook(endpoint.secret, last.body.replace('Élise', 'Elise'), signature), 'a changed body fails')
    t.notOk(verifyWebhook(endpoint.secret, last.body, signature, Date.now() + 6 * 60_000), 'more than 5 minutes later fails')
    t.notOk(verifyWebhook(endpoint.secret, last.body, 'v1=00'), 'no timestamp fails')

    const log = (await owner.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`)).json<{ deliveries: WebhookDelivery[] }>()
      .deliveries
    t.equal(log.length, 1)
    t.match(log[0], {
      eventId: event.id,
      eventType: 'quote.sent',
      status: 'delivered',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      nextAttemptAt: null
    })
    const { rows } = await db.query<{ response_excerpt: string | null }>(
      'select response_excerpt from paraphe.webhook_deliveries where endpoint_id = $1',
      [endpoint.id]
    )
    t.equal(rows[0]?.response_excerpt, 'ok', 'only a short excerpt of the answer is kept')
    const again = await owner.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/${log[0]?.id}/redeliver`)
    t.equal(again.statusCode, 409, '« Renvoyer » refuses an acknowledged event')
    t.match(again.json<ErrorJson>().error.message, /déjà été reçu/)
  })

  await t.test('every moment of a quote, from the real flows', async (t) => {
    const owner = await entrepriseOwner(app, db)
    const receiver = await startReceiver(t)
    const endpoint = await addEndpoint(owner, receiver.url)
    const signed = await sentQuote(owner)
    const view = (token: string, visitor: string) => app.inject({ url: `/api/sign/${token}`, headers: { 'x-signing-visitor': visitor } })
    const opened = await view(signed.token, 'visitor-0001')
    await view(signed.token, 'visitor-0002')
    const documentSha256 = opened.json<{ documentSha256: string }>().documentSha256
    const points = Array.from({ length: 40 }, (_, index) => ({
      x: 20 + index * 8,
      y: 80 + Math.sin(index / 3) * 30,
      time: 1_700_000_000_000 + index * 16
    }))
    const signing = await app.inject({
      method: 'POST',
      url: `/api/sign/${signed.token}/sign`,
      payload: {
        signerName: 'Élise Martin',
        accepted: true,
        mention: 'bon pour ACCORD.',
        preWorkAcknowledged: true,
        signature: { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 },
        documentSha256
      }
    })
    t.equal(signing.statusCode, 200, signing.body)
    const declined = await sentQuote(owner)
    t.equal(
      (await app.inject({ method: 'POST', url: `/api/sign/${declined.token}/decline`, payload: { reason: 'Budget trop élevé.' } }))
        .statusCode,
      200
    )
    const expired = await sentQuote(owner)
    await db.query(`update paraphe.quotes set expires_on = (now() at time zone 'Europe/Paris')::date - 1 where id = $1`, [expired.id])
    await runQuoteJobs({ db, config: app.config, log: app.log, certificate: app.sealCertificate, wake: app.queueWake })
    await deliverUntil(app, receiver, 7)
    for (let pass = 0; pass < 2; pass += 1) await app.webhooks.wake()
    const events = receiver.received.map(envelope)
    const byQuote = (id: string) => events.filter((event) => event.data.quote.id === id).map((event) => event.type)
    t.same(byQuote(signed.id), ['quote.sent', 'quote.viewed', 'quote.signed'], 'viewed once for two visitors, then signed')
    t.same(byQuote(declined.id), ['quote.sent', 'quote.declined'])
    t.same(byQuote(expired.id), ['quote.sent', 'quote.expired'])
    t.equal(new Set(events.map((event) => event.id)).size, 7, 'one id per event')
    for (const request of receiver.received)
      t.ok(verifyWebhook(endpoint.secret, request.body, String(request.headers['paraphe-signature'])))

    const signedEvent = events.find((event) => event.type === 'quote.signed') as Envelope
    t.equal(signedEvent.data.signerName, 'Élise Martin')
    t.equal(signedEvent.data.signedPdf?.url, `${app.config.publicUrl.origin}/api/v1/quotes/${signed.id}/signed-pdf`)
    const key = await owner.request('POST', '/api/company/api-keys', { name: 'ERP', scopes: ['read'] })
    const pdf = await app.inject({
      url: new URL(signedEvent.data.signedPdf?.url ?? '').pathname,
      headers: { authorization: `Bearer ${key.json<{ secret: string }>().secret}` }
    })
    t.equal(pdf.statusCode, 200)
    t.equal(
      createHash('sha256').update(pdf.rawPayload).digest('hex'),
      signedEvent.data.signedPdf?.sha256,
      'the SHA-256 of the PDF the API serves'
    )
    t.equal(events.find((event) => event.type === 'quote.declined')?.data.reason, 'Budget trop élevé.')
  })

  await t.test('an endpoint receives only the events it chose, and only its company’s', async (t) => {
    const x = await entrepriseOwner(app, db)
    const y = await entrepriseOwner(app, db)
    const toX = await startReceiver(t)
    const toY = await startReceiver(t)
    const toYSigned = await startReceiver(t)
    await addEndpoint(x, toX.url)
    await addEndpoint(y, toY.url, ['quote.sent'])
    await addEndpoint(y, toYSigned.url, ['quote.signed', 'quote.declined'])
    const quote = await sentQuote(y)
    await app.inject({ method: 'POST', url: `/api/sign/${quote.token}/decline`, payload: { reason: '' } })
    await deliverUntil(app, toY, 1)
    await deliverUntil(app, toYSigned, 1)
    for (let pass = 0; pass < 2; pass += 1) await app.webhooks.wake()
    t.same(
      toY.received.map((request) => envelope(request).type),
      ['quote.sent']
    )
    t.same(
      toYSigned.received.map((request) => envelope(request).type),
      ['quote.declined']
    )
    t.equal(toX.received.length, 0, 'X’s endpoint never sees Y’s quotes')
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from paraphe.webhook_events where company_id = $1', [x.id])
    t.equal(rows[0]?.n, 0)
  })

  await t.test('after a downgrade, events are not sent; back on Entreprise « Renvoyer » sends them', async (t) => {
    const owner = await entrepriseOwner(app, db)
    const receiver = await startReceiver(t)
    const endpoint = await addEndpoint(owner, receiver.url, ['quote.sent'])
    await subscribe(db, owner.id, 'pro')
    await sentQuote(owner)
    for (let pass = 0; pass < 2; pass += 1) await app.webhooks.wake()
    t.equal(receiver.received.length, 0, 'nothing posted on Pro')
    const [delivery] = (await owner.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`)).json<{
      deliveries: WebhookDelivery[]
    }>().deliveries
    t.match(delivery, { status: 'failed', attempts: 1, lastError: PLAN_REFUSAL })
    const refused = await owner.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/${delivery?.id}/redeliver`)
    t.equal(refused.statusCode, 403)
    t.equal(refused.json<ErrorJson>().error.code, 'plan_feature_required')
    await subscribe(db, owner.id, 'entreprise')
    const queued = await owner.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/${delivery?.id}/redeliver`)
    t.equal(queued.statusCode, 200)
    t.match(queued.json<WebhookDelivery>(), { status: 'pending', attempts: 0, eventId: delivery?.eventId })
    await deliverUntil(app, receiver, 1)
    t.equal(receiver.received[0]?.headers['paraphe-event-id'], delivery?.eventId, 'the same event id')
  })

  await t.test('a receiver that keeps failing: given up after the last attempt, with its answer', async (t) => {
    const failing = await buildApp(AUTH_ENV, { database: db, webhooks: { retryDelayMs: () => 0, pollIntervalMs: 600_000, maxAttempts: 2 } })
    t.teardown(() => failing.close())
    const owner = await entrepriseOwner(failing, db)
    const receiver = await startReceiver(t, [503])
    const endpoint = await addEndpoint(owner, receiver.url, ['quote.sent'])
    await sentQuote(owner)
    await deliverUntil(failing, receiver, 2)
    for (let pass = 0; pass < 2; pass += 1) await failing.webhooks.wake()
    t.equal(receiver.received.length, 2, 'two attempts, no more')
    const [delivery] = (await owner.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`)).json<{
      deliveries: WebhookDelivery[]
    }>().deliveries
    t.match(delivery, { status: 'failed', attempts: 2, lastStatusCode: 503, lastError: 'Réponse 503 du serveur.' })
    const { rows } = await db.query<{ response_excerpt: string }>(
      'select response_excerpt from paraphe.webhook_deliveries where endpoint_id = $1',
      [endpoint.id]
    )
    t.equal(rows[0]?.response_excerpt.length, 500, 'the answer cut at 500 characters')
  })
})
