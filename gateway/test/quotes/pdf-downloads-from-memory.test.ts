// A download of a sealed copy or of a sent quote is served from memory once read: the bytes
// are kept under the sealed copy's SHA-256 (stored with it) or the sent quote's id and version,
// so another gateway on the same database serves the same file, and bytes that do not match
// their hash are never kept. The views of a link are summed up as they are recorded.
import t from 'tap'
import { createHash } from 'node:crypto'
import { cachedSignedPdf, keepSignedPdf } from '../../src/quotes/signed-pdf-cache.js'
import { pdfTasksStarted } from '../../src/workers/pdf-pool.js'
import { testDatabase } from '../support/databases.js'
import { sentQuote, signBody } from '../support/sent-quotes.js'
import { buildWorkspaceApp, newUser } from '../support/workspace-users.js'

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
// A second gateway on the same database, as when several run behind one address.
const other = await buildWorkspaceApp(db)
t.teardown(async () => {
  await other.close()
  await app.close()
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
t.test('a sealed copy downloads as stored, from either gateway, the same bytes at each download', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  t.same((await app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signBody(view.documentSha256) })).json(), {
    state: 'signed',
    signedDocument: true
  })
  const { rows } = await db.query<{ pdf: Uint8Array; sha256: string }>(
    'select pdf, sha256 from paraphe.signed_documents where quote_id = $1',
    [id]
  )
  const stored = rows[0]
  if (stored === undefined) throw new Error('not sealed')
  const first = await pro.request('GET', `/api/quotes/${id}/pdf`)
  const second = await pro.request('GET', `/api/quotes/${id}/pdf`)
  const fromOther = await other.inject({ url: `/api/quotes/${id}/pdf`, headers: { authorization: `Bearer ${pro.token}` } })
  for (const response of [first, second, fromOther]) {
    t.equal(response.statusCode, 200)
    t.match(response.headers['content-disposition'], /-signe\.pdf"$/, 'named as the signed copy')
    t.ok(Buffer.compare(response.rawPayload, Buffer.from(stored.pdf)) === 0, 'the stored sealed bytes')
    t.equal(sha256(response.rawPayload), stored.sha256, 'whose SHA-256 is the one stored')
  }
  t.ok(cachedSignedPdf(stored.sha256) !== undefined, 'kept in memory under its hash')
  const stranger = await newUser(app)
  t.equal(
    (await stranger.request('GET', `/api/quotes/${id}/pdf`)).statusCode,
    404,
    'kept bytes are still only served to the quote’s company'
  )
})

t.test('bytes that do not match their hash are not kept', async (t) => {
  const bytes = new TextEncoder().encode('%PDF-1.7 une copie')
  const wrong = sha256(new TextEncoder().encode('autre chose'))
  keepSignedPdf(wrong, bytes)
  t.equal(cachedSignedPdf(wrong), undefined)
  keepSignedPdf(sha256(bytes), bytes)
  t.same(cachedSignedPdf(sha256(bytes)), bytes)
})

t.test('a sent quote downloads without rendering again, the bytes its client was shown', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  const before = pdfTasksStarted().quote
  const downloads = [await pro.request('GET', `/api/quotes/${id}/pdf`), await pro.request('GET', `/api/quotes/${id}/pdf`)]
  t.equal(pdfTasksStarted().quote - before, 0, 'no rendering')
  for (const response of downloads) {
    t.equal(response.statusCode, 200)
    t.equal(sha256(response.rawPayload), view.documentSha256)
  }
  const missing = await pro.request('GET', '/api/quotes/00000000-0000-4000-8000-000000000000/pdf')
  t.equal(missing.statusCode, 404)
  t.equal(missing.json<{ error: { message: string } }>().error.message, 'Ce devis est introuvable.')
})

t.test('views are summed up as they are recorded: one per visitor, distinct devices and addresses', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  const open = (visitor: string, userAgent: string) =>
    app.inject({ url: `/api/sign/${token}`, headers: { 'x-signing-visitor': visitor, 'user-agent': userAgent } })
  await open('visiteur-1', 'Mozilla/5.0 (iPhone)')
  await open('visiteur-1', 'Mozilla/5.0 (iPhone)')
  await open('visiteur-2', 'Mozilla/5.0 (iPhone)')
  await open('visiteur-3', 'Mozilla/5.0 (Android)')
  const events = await db.query<{ views: number }>(
    `select count(*)::int as views from paraphe.quote_events where quote_id = $1 and type = 'viewed'`,
    [id]
  )
  t.equal(events.rows[0]?.views, 3, 'a visitor opening the link again is not counted twice')
  const stats = await db.query<{ views: number; devices: number; addresses: number; ordered: boolean }>(
    'select views, devices, addresses, first_at <= last_at as ordered from paraphe.quote_view_stats where quote_id = $1',
    [id]
  )
  t.same(stats.rows, [{ views: 3, devices: 2, addresses: 1, ordered: true }])
})
