// The public API's quotes under an API key: the workspace's rules, limits and events, reached
// through /api/v1 — create with lines, client and options, read, list by pages and filters,
// update a draft, send, remind, cancel, the PDFs and the history.
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { forEachEngine } from '../support/databases.js'
import { entrepriseWithKey } from '../support/api-clients.js'
import { buildWorkspaceApp, completeContent } from '../support/workspace-users.js'

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } }
interface ListJson {
  quotes: Array<{ id: string; status: string; createdAt: string }>
  nextCursor: string | null
}

const today = parisIsoDate(new Date())

/** One stroke across the pad, as the signing page records it. */
function drawnSignature() {
  const points = Array.from({ length: 40 }, (_, index) => ({
    x: 20 + index * 8,
    y: 80 + Math.sin(index / 3) * 30,
    time: 1_700_000_000_000 + index * 16
  }))
  return { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 }
}

forEachEngine('quotes through /api/v1', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())

  await t.test('create with lines, client and options; read; update the draft; its PDF', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const content = { ...completeContent(today), requireEmailCode: true, depositBp: 2000 }
    const created = await api('POST', '/api/v1/quotes', { content })
    t.equal(created.statusCode, 201)
    const quote = created.json<{ quote: Quote }>().quote
    t.match(quote, { status: 'draft', title: content.title, depositBp: 2000, requireEmailCode: true, client: content.client })
    t.equal(quote.lines.length, 3)
    t.equal(quote.totals.totalTtcCents, 134_413, 'totals computed by the shared rules (1 177,40 € HT, VAT at 10 % and 20 %)')
    t.same((await api('GET', `/api/v1/quotes/${quote.id}`)).json<{ quote: Quote }>().quote, quote)

    const patched = await api('PATCH', `/api/v1/quotes/${quote.id}`, { content: { title: 'Salle d’eau' } })
    t.equal(patched.statusCode, 200)
    const after = patched.json<{ quote: Quote }>().quote
    t.match(after, { title: 'Salle d’eau', version: quote.version + 1, depositBp: 2000 }, 'the other fields stay')
    t.same(after.lines, quote.lines)
    const stale = await api('PATCH', `/api/v1/quotes/${quote.id}`, { version: quote.version, content: { title: 'Ancienne' } })
    t.equal(stale.statusCode, 409)
    t.equal(stale.json<ErrorJson>().error.code, 'version_conflict')
    const invalid = await api('PATCH', `/api/v1/quotes/${quote.id}`, { content: { validityDays: 0, lines: [{ id: 'x' }] } })
    t.equal(invalid.statusCode, 400, 'the workspace’s schema applies')
    t.equal(invalid.json<ErrorJson>().error.code, 'validation_failed')
    t.ok(invalid.json<ErrorJson>().error.fields?.validityDays, 'field names without the `content.` prefix')

    const pdf = await api('GET', `/api/v1/quotes/${quote.id}/pdf`)
    t.equal(pdf.statusCode, 200)
    t.equal(pdf.headers['content-type'], 'application/pdf')
    t.equal(pdf.rawPayload.subarray(0, 5).toString('latin1'), '%PDF-')
    const notSigned = await api('GET', `/api/v1/quotes/${quote.id}/signed-pdf`)
    t.equal(notSigned.statusCode, 404)
    t.match(notSigned.json<ErrorJson>().error.message, /PDF signé/)
  })

  await t.test('send, remind, cancel, the history; a sent quote is not updated', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const quote = (await api('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    const sent = await api('POST', `/api/v1/quotes/${quote.id}/send`)
    t.equal(sent.statusCode, 200)
    t.match(sent.json(), { quote: { status: 'sent', number: /^DEV-/ }, signingUrl: /token=/ })
    const frozen = await api('PATCH', `/api/v1/quotes/${quote.id}`, { content: { title: 'Trop tard' } })
    t.equal(frozen.statusCode, 409)
    t.equal((await api('POST', `/api/v1/quotes/${quote.id}/remind`)).json<{ reminded: boolean }>().reminded, true)
    const cancelled = await api('POST', `/api/v1/quotes/${quote.id}/cancel`)
    t.equal(cancelled.json<{ quote: Quote }>().quote.status, 'cancelled')
    t.equal((await api('POST', `/api/v1/quotes/${quote.id}/cancel`)).statusCode, 409, 'not twice')
    const events = (await api('GET', `/api/v1/quotes/${quote.id}/events`)).json<{ events: Array<{ type: string; label: string }> }>().events
    t.same(
      events.map((event) => event.type),
      ['sent', 'reminded', 'cancelled']
    )
    t.ok(
      events.every((event) => event.label !== ''),
      'labelled in French'
    )
  })

  await t.test('events name the key’s creator as their actor, as for the pages', async (t) => {
    const client = await entrepriseWithKey(app, db)
    const quote = (await client.call('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    await client.call('POST', `/api/v1/quotes/${quote.id}/send`)
    const { rows } = await db.query<{ actor_id: string }>('select actor_id from paraphe.quote_events where quote_id = $1', [quote.id])
    t.same(
      rows.map((row) => row.actor_id),
      [client.owner.id]
    )
  })

  await t.test('the signed PDF once the client signed', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const quote = (await api('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
    const token =
      new URL((await api('POST', `/api/v1/quotes/${quote.id}/send`)).json<{ signingUrl: string }>().signingUrl).searchParams.get('token') ??
      ''
    const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
    const signed = await app.inject({
      method: 'POST',
      url: `/api/sign/${token}/sign`,
      payload: {
        signerName: 'Élise Martin',
        accepted: true,
        mention: 'bon pour accord',
        preWorkAcknowledged: true,
        signature: drawnSignature(),
        documentSha256: view.documentSha256
      }
    })
    t.equal(signed.statusCode, 200, signed.body)
    const pdf = await api('GET', `/api/v1/quotes/${quote.id}/signed-pdf`)
    t.equal(pdf.statusCode, 200)
    t.equal(pdf.headers['content-type'], 'application/pdf')
    t.match(String(pdf.headers['content-disposition']), /attachment/)
    t.equal((await api('GET', `/api/v1/quotes/${quote.id}`)).json<{ quote: Quote }>().quote.status, 'signed')
  })

  await t.test('list: pages by cursor, filters by status and creation date', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const ids: string[] = []
    for (let index = 0; index < 5; index += 1)
      ids.push((await api('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote.id)
    await api('POST', `/api/v1/quotes/${ids[0]}/send`)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const page: ListJson = (await api('GET', `/api/v1/quotes?limit=2${cursor === null ? '' : `&cursor=${cursor}`}`)).json<ListJson>()
      seen.push(...page.quotes.map((quote) => quote.id))
      cursor = page.nextCursor
      pages += 1
    } while (cursor !== null && pages < 10)
    t.equal(pages, 3, '5 quotes in pages of 2')
    t.same([...seen].sort(), [...ids].sort(), 'each quote once')
    t.same(
      (await api('GET', '/api/v1/quotes?status=sent')).json<ListJson>().quotes.map((quote) => quote.id),
      [ids[0]]
    )
    t.equal((await api('GET', '/api/v1/quotes?status=draft')).json<ListJson>().quotes.length, 4)
    await db.query(`update paraphe.quotes set created_at = '2025-01-15T10:00:00Z' where id = $1`, [ids[1]])
    const january = (
      await api('GET', '/api/v1/quotes?created_after=2025-01-01T00:00:00Z&created_before=2025-02-01T00:00:00Z')
    ).json<ListJson>()
    t.same(
      january.quotes.map((quote) => quote.id),
      [ids[1]]
    )
    t.equal(
      (await api('GET', '/api/v1/quotes?created_after=2025-01-15T10:00:00.001Z&created_before=2025-02-01T00:00:00Z')).json<ListJson>()
        .quotes.length,
      0
    )
    for (const query of [
      'created_after=hier',
      'created_before=2025-02-30T00:00:00Z',
      'limit=0',
      'limit=101',
      'status=perdu',
      'cursor=nimporte'
    ]) {
      const refused = await api('GET', `/api/v1/quotes?${query}`)
      t.equal(refused.statusCode, 400, query)
      t.match(refused.headers['content-type'], /^application\/json/)
    }
  })

  await t.test('the plan’s rules are the pages’ rules: Entreprise has no quota', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const statuses: number[] = []
    for (let index = 0; index < 4; index += 1) {
      const quote = (await api('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
      statuses.push((await api('POST', `/api/v1/quotes/${quote.id}/send`)).statusCode)
    }
    t.same(statuses, [200, 200, 200, 200], 'beyond Découverte’s 3 a month')
    const incomplete = (await api('POST', '/api/v1/quotes', { content: { title: 'Sans client' } })).json<{ quote: Quote }>().quote
    const refused = await api('POST', `/api/v1/quotes/${incomplete.id}/send`)
    t.equal(refused.statusCode, 422, 'the same completeness rule as the page')
  })
})

t.test('no v1 route without a key', async (t) => {
  const app = await buildWorkspaceApp()
  t.teardown(() => app.close())
  for (const url of ['/api/v1/quotes', '/api/v1/quotes/00000000-0000-0000-0000-000000000000/pdf']) {
    t.equal((await app.inject({ url })).statusCode, 401, url)
  }
})
