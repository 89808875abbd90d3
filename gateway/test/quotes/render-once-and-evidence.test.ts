// A sent quote is frozen: its PDF is rendered once, at sending (before the client opens the
// link), and the client's view (its SHA-256), the client's download, the professional's
// download and the signature's hash check all use those bytes. And however often the link is opened, the evidence stays short: the first views are
// detailed, the rest summed up, and sealing takes no longer.
import t from 'tap'
import { createHash } from 'node:crypto'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { DETAILED_VIEWS } from '../../src/quotes/complete-signature.js'
import { renderQuotePdf } from '../../src/pdf/quote-pdf.js'
import { pdfTasksStarted } from '../../src/workers/pdf-pool.js'
import { quoteDocument } from '../../src/quotes/quote-document.js'
import { quotePdfBytes, renderAheadOfFirstView } from '../../src/quotes/quote-pdf-bytes.js'
import { makeCompany, makePng, makeQuote } from '../pdf/quote-fixtures.js'
import { asMember } from '../support/as-member.js'
import { testDatabase } from '../support/databases.js'
import { sentQuote, signBody } from '../support/sent-quotes.js'
import { normaliseSpaces, pdfPagesText, pdfText } from '../support/pdf-text.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../support/workspace-users.js'

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

t.test('a sent quote is rendered once, at sending, for the view, both downloads and the signature check', async (t) => {
  const pro = await newUser(app)
  const before = pdfTasksStarted().quote
  const { id, token } = await sentQuote(pro)
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(pdfTasksStarted().quote - before, 1, 'the rendering starts as the quote is sent, before the client opens the link')
  const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  const clientPdf = (await app.inject({ url: `/api/sign/${token}/pdf` })).rawPayload
  const again = (await app.inject({ url: `/api/sign/${token}`, headers: { 'x-signing-visitor': 'second-visitor' } })).json<{
    documentSha256: string
  }>()
  const ownerPdf = (await pro.request('GET', `/api/quotes/${id}/pdf`)).rawPayload
  t.equal(pdfTasksStarted().quote - before, 1, 'one rendering for all of them')
  t.equal(sha256(clientPdf), view.documentSha256, 'the client downloads the bytes whose hash the page showed')
  t.equal(again.documentSha256, view.documentSha256)
  t.ok(Buffer.compare(ownerPdf, clientPdf) === 0, 'the professional downloads the very same file')
  const signed = await app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signBody(view.documentSha256) })
  t.same(signed.json(), { state: 'signed', signedDocument: true })
  t.equal(pdfTasksStarted().quote - before, 1, 'the signature checks the hash without rendering again')
})

t.test('the PDF rendered at sending is the one drawn from the stored quote, logo included', async (t) => {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  const logo = await app.inject({
    method: 'PUT',
    url: '/api/profile/logo',
    headers: { authorization: `Bearer ${pro.token}`, 'content-type': 'image/png' },
    payload: Buffer.from(makePng(120, 40))
  })
  t.equal(logo.statusCode, 200)
  const { id, token } = await sentQuote(pro)
  const view = (await app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  const stored = await asMember(db, { sub: pro.id, email: pro.email, role: 'authenticated' }, (tx) => quoteDocument(tx, id))
  t.ok(stored.logo !== null, 'the logo is frozen with the quote')
  t.equal(
    sha256(await renderQuotePdf(stored)),
    view.documentSha256,
    'a fresh rendering from the database gives the bytes the client was shown'
  )
})

t.test('a rendering ahead that fails is logged, and the first view renders again', async (t) => {
  const quote = makeQuote({ id: '00000000-0000-4000-8000-00000000abcd' })
  const warnings: unknown[] = []
  const before = pdfTasksStarted().quote
  await renderAheadOfFirstView(
    { quote: { ...quote, lines: null as never }, company: makeCompany(), logo: null },
    { info: () => undefined, warn: (entry: unknown) => void warnings.push(entry) }
  )
  t.match(warnings, [{ quoteId: quote.id }], 'one warning naming the quote')
  const pdf = await quotePdfBytes({ quote, company: makeCompany(), logo: null })
  t.equal(Buffer.from(pdf).subarray(0, 5).toString('latin1'), '%PDF-', 'the failure was not kept: the next call renders')
  t.equal(pdfTasksStarted().quote - before, 2)
})

t.test('a draft is rendered at each download: it may change between two', async (t) => {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const first = (await pro.request('GET', `/api/quotes/${draft.id}/pdf`)).rawPayload
  await pro.request('PUT', `/api/quotes/${draft.id}`, {
    content: { ...completeContent(parisIsoDate(new Date())), title: 'Titre modifié' },
    version: draft.version
  })
  const second = (await pro.request('GET', `/api/quotes/${draft.id}/pdf`)).rawPayload
  t.ok(normaliseSpaces(await pdfText(second)).includes('Titre modifié'), 'the download shows the edit')
  t.not(sha256(first), sha256(second))
})

t.test('a link opened by hundreds of visitors: the evidence details the first views and sums up the rest', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  const view = (await app.inject({ url: `/api/sign/${token}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Premier' } })).json<{
    documentSha256: string
  }>()
  // 299 more visitors on 25 devices, as record_view stores them.
  await db.query(
    `insert into paraphe.quote_events (quote_id, company_id, type, data)
     select q.id, q.company_id, 'viewed', jsonb_build_object('visitor', 'v' || n, 'ip', '203.0.113.' || (n % 50), 'userAgent', 'Mozilla/5.0 (appareil ' || (n % 25) || ')')
     from paraphe.quotes q, generate_series(1, 299) n where q.id = $1`,
    [id]
  )
  const signed = await app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signBody(view.documentSha256) })
  t.same(signed.json(), { state: 'signed', signedDocument: true })
  const pdf = (await app.inject({ url: `/api/sign/${token}/pdf` })).rawPayload
  const pages = await pdfPagesText(pdf)
  const text = normaliseSpaces(pages.join('\n'))
  t.equal(text.split('Devis consulté par le client').length - 1, DETAILED_VIEWS, `the first ${DETAILED_VIEWS} views are detailed`)
  t.ok(text.includes('Mozilla/5.0 (iPhone) Premier'), 'the first one among them')
  t.ok(text.includes('Consultations (synthèse)'))
  t.match(text, /300 consultations du lien de signature, dont les 10 premières détaillées/)
  t.match(text, /26 appareils distincts, 51 adresses IP distinctes/)
  t.match(text, /Première : .* — dernière : /)
  t.ok(text.includes('Devis signé par le client'), 'the signature itself is still in the chronology')
  t.ok(pages.length <= 6, `a short evidence file (${pages.length} pages)`)
})
