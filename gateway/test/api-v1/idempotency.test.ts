// Idempotency-Key on every POST of /api/v1: the first answer replayed for 24 hours, the same key
// with another request refused, concurrent duplicates never both run, a retry of « create » makes
// one quote.
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { forEachEngine } from '../support/databases.js'
import { entrepriseWithKey } from '../support/api-clients.js'
import { buildWorkspaceApp, completeContent } from '../support/workspace-users.js'

type ErrorJson = { error: { code: string; message: string } }
const today = parisIsoDate(new Date())

forEachEngine('Idempotency-Key', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const count = async (ownerId: string) =>
    (await db.query<{ quotes: number }>('select count(*)::int as quotes from paraphe.quotes where company_id = $1', [ownerId])).rows[0]
      ?.quotes

  await t.test('a retry of « create » gets the first answer and makes one quote', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const body = { content: completeContent(today) }
    const first = await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'commande-4521' })
    const retry = await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'commande-4521' })
    t.equal(first.statusCode, 201)
    t.equal(retry.statusCode, 201)
    t.equal(retry.body, first.body, 'the same body, byte for byte')
    t.equal(retry.headers['idempotent-replayed'], 'true')
    t.notOk(first.headers['idempotent-replayed'])
    t.match(retry.headers['content-type'], /^application\/json/)
    t.equal(await count(client.owner.id), 1, 'one quote')
    const other = await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'commande-4522' })
    t.not(other.json<{ quote: Quote }>().quote.id, first.json<{ quote: Quote }>().quote.id, 'another key, another quote')
    t.equal(await count(client.owner.id), 2)
  })

  await t.test('the same key with another body or path: 422, nothing done', async (t) => {
    const client = await entrepriseWithKey(app, db)
    await client.call('POST', '/api/v1/quotes', { content: completeContent(today) }, { 'idempotency-key': 'k-1' })
    const changed = await client.call(
      'POST',
      '/api/v1/quotes',
      { content: { ...completeContent(today), title: 'Autre' } },
      { 'idempotency-key': 'k-1' }
    )
    t.equal(changed.statusCode, 422)
    t.equal(changed.json<ErrorJson>().error.code, 'idempotency_key_reused')
    t.match(changed.json<ErrorJson>().error.message, /Idempotency-Key/)
    const quote = (await client.call('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    t.equal(
      (await client.call('POST', `/api/v1/quotes/${quote.id}/send`, undefined, { 'idempotency-key': 'k-1' })).statusCode,
      422,
      'another path'
    )
    t.equal(await count(client.owner.id), 2)
  })

  await t.test('« send » retried: sent once, the first answer replayed; a refusal is replayed too', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const quote = (await client.call('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    const first = await client.call('POST', `/api/v1/quotes/${quote.id}/send`, undefined, { 'idempotency-key': 'envoi-1' })
    const retry = await client.call('POST', `/api/v1/quotes/${quote.id}/send`, undefined, { 'idempotency-key': 'envoi-1' })
    t.equal(first.statusCode, 200)
    t.same(retry.json(), first.json())
    const signingUrl = first.json<{ signingUrl: string }>().signingUrl
    const stored = await db.query<{ body: string }>(
      'select body from paraphe.api_idempotency where api_key_id = $1 and idempotency_key = $2',
      [client.keyId, 'envoi-1']
    )
    const token = new URL(signingUrl).searchParams.get('token') ?? '?'
    t.notOk(
      stored.rows[0]?.body.includes(token) || stored.rows[0]?.body.includes('signingUrl'),
      'the stored answer is encrypted: no signing link in the database'
    )
    const { rows } = await db.query<{ mails: number }>(
      `select count(*)::int as mails from paraphe.outbox where company_id = $1 and kind = 'signing-request'`,
      [client.owner.id]
    )
    t.equal(rows[0]?.mails, 1, 'one e-mail to the client')
    const cancelOnce = await client.call('POST', `/api/v1/quotes/${quote.id}/cancel`, undefined, { 'idempotency-key': 'annul-1' })
    t.equal(cancelOnce.statusCode, 200)
    const secondCancel = await client.call('POST', `/api/v1/quotes/${quote.id}/cancel`, undefined, { 'idempotency-key': 'annul-2' })
    t.equal(secondCancel.statusCode, 409, 'a new key runs again (and is refused by the quote rules)')
    const replayedRefusal = await client.call('POST', `/api/v1/quotes/${quote.id}/cancel`, undefined, { 'idempotency-key': 'annul-2' })
    t.equal(replayedRefusal.statusCode, 409)
    t.equal(replayedRefusal.headers['idempotent-replayed'], 'true')
  })

  await t.test('concurrent duplicates: one runs, the other waits its turn or gets its answer', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const body = { content: completeContent(today) }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'rafale' }))
    )
    const created = answers.filter((answer) => answer.statusCode === 201)
    const busy = answers.filter((answer) => answer.statusCode === 409)
    t.equal(created.length + busy.length, 6, answers.map((answer) => answer.statusCode).join(','))
    t.ok(created.length >= 1)
    t.equal(new Set(created.map((answer) => answer.json<{ quote: Quote }>().quote.id)).size, 1, 'every 201 is the same quote')
    t.ok(busy.every((answer) => answer.json<ErrorJson>().error.code === 'idempotency_in_progress'))
    t.equal(await count(client.owner.id), 1, 'one quote')
  })

  await t.test('after 24 hours the key is new again; a malformed key is refused; each API key has its own keys', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const body = { content: completeContent(today) }
    await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'vieux' })
    await db.query(`update paraphe.api_idempotency set created_at = now() - interval '25 hours' where api_key_id = $1`, [client.keyId])
    const again = await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'vieux' })
    t.equal(again.statusCode, 201)
    t.notOk(again.headers['idempotent-replayed'])
    t.equal(await count(client.owner.id), 2)
    const malformed = await client.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'é'.repeat(3) })
    t.equal(malformed.statusCode, 400)
    t.equal(malformed.json<ErrorJson>().error.code, 'invalid_idempotency_key')
    const stranger = await entrepriseWithKey(app, db)
    t.equal(
      (await stranger.call('POST', '/api/v1/quotes', body, { 'idempotency-key': 'vieux' })).statusCode,
      201,
      'not another key’s answer'
    )
    t.equal(await count(stranger.owner.id), 1)
  })

  await t.test('an invalid body runs nothing and is not kept', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const invalid = await client.call('POST', '/api/v1/quotes', { content: { validityDays: -1 } }, { 'idempotency-key': 'corrige' })
    t.equal(invalid.statusCode, 400)
    const fixed = await client.call('POST', '/api/v1/quotes', { content: completeContent(today) }, { 'idempotency-key': 'corrige' })
    t.equal(fixed.statusCode, 201, 'the corrected request runs with the same key')
  })
})
