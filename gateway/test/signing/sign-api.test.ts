import t, { type Test } from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import type { Database } from '../../src/db/database.js'
import type { FastifyInstance } from 'fastify'
import { forEachEngine, testDatabase } from '../support/databases.js'
import { startEarlyInMinute } from '../support/minute-window.js'
import { SIGN_REQUESTS_PER_MINUTE } from '../../src/routes/api/sign.js'
import { ApiProblem } from '../../src/errors.js'
import { signLink } from '../../src/signing/signing-answers.js'
import type { SignBody } from '@paraphe/shared/api/signing-schemas'
import type { Dashboard } from '@paraphe/shared/api/dashboard-schemas'
import { startOpensslTsa } from '../support/openssl-tsa.js'
import { pdfsig } from '../support/pdfsig.js'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

const today = parisIsoDate(new Date())

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}
interface ViewJson {
  state: string
  documentSha256: string
  quote: Quote
  signature: { signerName: string } | null
}

/** A professional's quote, sent; returns the link's token. */
async function sentQuote(
  user: TestUser,
  content: Partial<ReturnType<typeof completeContent>> = {}
): Promise<{ id: string; token: string }> {
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await user.request('POST', '/api/quotes', { content: { ...completeContent(today), ...content } })).json<{ quote: Quote }>()
    .quote
  const sent = await user.request('POST', `/api/quotes/${draft.id}/send`)
  const url = new URL(sent.json<{ signingUrl: string }>().signingUrl)
  return { id: draft.id, token: url.searchParams.get('token') as string }
}

/** A signature as the pad records it: one stroke, a wave across the pad. */
function drawnSignature() {
  const points = Array.from({ length: 40 }, (_, index) => ({
    x: 20 + index * 8,
    y: 80 + Math.sin(index / 3) * 30,
    time: 1_700_000_000_000 + index * 16
  }))
  return { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 }
}

function signBody(view: ViewJson, overrides: Record<string, unknown> = {}) {
  return {
    signerName: 'Élise Martin',
    accepted: true,
    mention: 'bon pour ACCORD.',
    preWorkAcknowledged: true,
    signature: drawnSignature(),
    documentSha256: view.documentSha256,
    ...overrides
  }
}

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const visit = (token: string, path = '', headers: Record<string, string> = {}) => app.inject({ url: `/api/sign/${token}${path}`, headers })
const post = (token: string, path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/sign/${token}${path}`, payload, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Test' } })

t.test('the client reads the quote, signs it, and gets the sealed PDF', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  const opened = await visit(token, '', { 'x-signing-visitor': 'visitor-0001' })
  t.equal(opened.statusCode, 200)
  const view = opened.json<ViewJson>()
  t.equal(view.state, 'open')
  t.match(view.documentSha256, /^[0-9a-f]{64}$/)
  t.equal(view.quote.title, 'Rénovation de la salle de bains')
  await visit(token, '', { 'x-signing-visitor': 'visitor-0001' })
  const events = async () =>
    (await pro.request('GET', `/api/quotes/${id}/events`)).json<{ events: Array<{ type: string }> }>().events.map((event) => event.type)
  t.same(await events(), ['sent', 'viewed'], 'one « consulté » per visitor session')
  t.equal((await pro.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote.status, 'viewed')

  const shownPdf = await visit(token, '/pdf')
  t.equal(shownPdf.headers['content-type'], 'application/pdf')

  const incomplete = await post(
    token,
    '/sign',
    signBody(view, {
      accepted: false,
      mention: 'ok',
      preWorkAcknowledged: false,
      signature: { ...drawnSignature(), strokes: [{ points: [{ x: 1, y: 1, time: 1 }] }] }
    })
  )
  t.equal(incomplete.statusCode, 422)
  t.match(incomplete.json<ErrorJson>().error.fields, {
    accepted: /accepter le devis/,
    mention: 'Recopiez la mention « Bon pour accord ».',
    preWorkAcknowledged: /Devis reçu avant l’exécution des travaux/,
    signature: /trop courte/
  })
  const blank = await post(token, '/sign', signBody(view, { signature: { ...drawnSignature(), strokes: [] } }))
  t.match(blank.json<ErrorJson>().error.fields, { signature: 'Dessinez votre signature dans le cadre.' })
  const stale = await post(token, '/sign', signBody(view, { documentSha256: '0'.repeat(64) }))
  t.equal(stale.statusCode, 409)
  t.equal(stale.json<ErrorJson>().error.code, 'document_changed')

  const signed = await post(token, '/sign', signBody(view))
  t.equal(signed.statusCode, 200)
  t.same(signed.json(), { state: 'signed', signedDocument: true })
  t.same(await events(), ['sent', 'viewed', 'signed'])
  const history = (await pro.request('GET', `/api/quotes/${id}/events`)).json<{ events: Array<{ type: string; signerName?: string }> }>()
    .events
  t.equal(
    history.find((event) => event.type === 'signed')?.signerName,
    'Élise Martin',
    'the history names the signer, for the quote’s header'
  )
  t.notOk(
    history.some((event) => event.type !== 'signed' && event.signerName !== undefined),
    'and only on the signature'
  )
  const again = await post(token, '/sign', signBody(view))
  t.equal(again.statusCode, 409)
  t.match(again.json<ErrorJson>().error.message, /déjà été signé le .* par Élise Martin/)

  const after = (await visit(token)).json<ViewJson>()
  t.equal(after.state, 'signed')
  const pdf = await visit(token, '/pdf')
  t.match(pdf.headers['content-disposition'], /-signe\.pdf"$/)
  const report = await pdfsig(pdf.rawPayload)
  t.equal(report.signatures.length, 1)
  t.match(report.signatures[0], { valid: true, totalDocumentSigned: true })
  const text = normaliseSpaces(await pdfText(pdf.rawPayload))
  for (const expected of [
    'Dossier de preuve de la signature',
    'Élise Martin',
    'Mozilla/5.0 (iPhone) Test',
    view.documentSha256,
    '« bon pour ACCORD. »',
    'Devis consulté par le client'
  ]) {
    t.ok(text.includes(expected), `the evidence shows « ${expected} »`)
  }
  const verify = (bytes: Uint8Array) =>
    app.inject({ method: 'POST', url: '/api/verify', headers: { 'content-type': 'application/pdf' }, payload: Buffer.from(bytes) })
  const recognised = (await verify(pdf.rawPayload)).json<{ document: { number: string; signerName: string } | null }>()
  t.match(
    recognised.document,
    { number: after.quote.number, signerName: 'Élise Martin' },
    'the verification page recognises the sealed PDF'
  )
  const altered = Buffer.from(pdf.rawPayload)
  const middle = Math.floor(altered.length / 3)
  altered.writeUInt8(altered.readUInt8(middle) ^ 1, middle)
  t.equal((await verify(altered)).json<{ document: unknown }>().document, null, 'and not a PDF changed by one byte')
  t.equal((await pdfsig(altered)).signatures[0]?.valid, false, 'which pdfsig also reports invalid')
  t.equal((await verify(Buffer.from('<html>'))).statusCode, 415)
  const mails = await db.query<{ kind: string; recipient: string; attachments: unknown[]; text_body: string }>(
    `select kind, recipient, attachments, text_body from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%' order by kind`,
    [pro.id]
  )
  t.same(
    mails.rows.map((row) => [row.kind, row.recipient, row.attachments.length]),
    [
      ['signed-copy-client', 'elise.martin@example.org', 1],
      ['signed-copy-professional', COMPLETE_PROFILE.email, 1]
    ]
  )
  t.match(mails.rows[1]?.text_body, `/espace/devis/${after.quote.id}`, 'the professional’s copy links to the quote')
  t.notMatch(mails.rows[0]?.text_body, '/espace/', 'the client’s copy has no link to the workspace')
})

t.test('with TSA_URL, the signed copy’s seal carries the authority’s timestamp (PAdES B-T)', async (t) => {
  const tsa = await startOpensslTsa()
  t.teardown(() => tsa.stop())
  const stamped = await buildWorkspaceApp(db, { TSA_URL: tsa.url })
  t.teardown(() => stamped.close())
  const pro = await newUser(stamped)
  const { token } = await sentQuote(pro)
  const view = (await stamped.inject({ url: `/api/sign/${token}` })).json<ViewJson>()
  const signed = await stamped.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    payload: signBody(view),
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Test' }
  })
  t.match(signed.json(), { state: 'signed', signedDocument: true })
  t.equal(tsa.requests(), 1, 'one timestamp asked for the seal')
  const pdf = (await stamped.inject({ url: `/api/sign/${token}/pdf` })).rawPayload
  const [seal] = (await pdfsig(pdf)).signatures
  t.match(seal, { valid: true, totalDocumentSigned: true })
  // The signature's /Contents is written in hexadecimal: the signature-time-stamp attribute's OID.
  t.ok(Buffer.from(pdf).toString('latin1').toLowerCase().includes('060b2a864886f70d010910020e'), 'the timestamp token is in the seal')
  t.match(
    normaliseSpaces(await pdfText(pdf)),
    `Horodatage Le sceau porte un jeton d’horodatage RFC 3161 de l’autorité ${new URL(tsa.url).host}`
  )
})

t.test('one address floods the signing API: it is slowed down with a French 429', async (t) => {
  const flooded = await buildWorkspaceApp(db)
  t.teardown(() => flooded.close())
  // An address of its own: the budget is counted in the database, which the other tests share.
  const remoteAddress = '192.0.2.77'
  await startEarlyInMinute()
  const statuses = []
  for (let index = 0; index <= SIGN_REQUESTS_PER_MINUTE; index += 1)
    statuses.push((await flooded.inject({ url: `/api/sign/${'A'.repeat(43)}`, remoteAddress })).statusCode)
  t.equal(statuses.filter((status) => status === 404).length, SIGN_REQUESTS_PER_MINUTE)
  const last = await flooded.inject({ url: `/api/sign/${'A'.repeat(43)}`, remoteAddress })
  t.equal(last.statusCode, 429)
  t.match(last.json<ErrorJson>().error.message, /Trop de requêtes/)
})

t.test('guessed, truncated and malformed tokens all get the same 404', async (t) => {
  const pro = await newUser(app)
  const { token } = await sentQuote(pro)
  const bodies = new Set<string>()
  for (const guess of [
    token.slice(0, 42),
    `${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`,
    'x',
    'A'.repeat(43),
    '../../etc/passwd'
  ]) {
    const response = await visit(encodeURIComponent(guess))
    t.equal(response.statusCode, 404, guess)
    bodies.add(response.body)
  }
  t.equal(bodies.size, 1, 'nothing tells a near miss from nonsense')
})

t.test('decline with a reason; the professional is told', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sentQuote(pro)
  t.equal((await post(token, '/decline', { reason: 'x'.repeat(501) })).statusCode, 400, 'at most 500 characters')
  const declined = await post(token, '/decline', { reason: 'Le budget est trop élevé pour cette année.' })
  t.same(declined.json(), { state: 'declined' })
  t.equal((await pro.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote.status, 'declined')
  const mail = await db.query<{ recipient: string; text_body: string }>(
    `select recipient, text_body from paraphe.outbox where company_id = $1 and kind = 'quote-declined'`,
    [pro.id]
  )
  t.equal(mail.rows[0]?.recipient, COMPLETE_PROFILE.email)
  t.match(mail.rows[0]?.text_body, /Le budget est trop élevé/)
  t.match(mail.rows[0]?.text_body, `/espace/devis/${id}`, 'the e-mail’s button opens the quote itself')
  const events = (await pro.request('GET', `/api/quotes/${id}/events`)).json<{ events: Array<{ type: string; detail?: string }> }>().events
  t.match(
    events.at(-1),
    { type: 'declined', label: 'Devis refusé par le client', detail: 'Le budget est trop élevé pour cette année.' },
    'the reason in the quote’s timeline'
  )
  t.equal(events.find((event) => event.type === 'sent')?.detail, undefined, 'other events carry no detail')
  const view = (await visit(token)).json<ViewJson>()
  t.equal(view.state, 'declined')
  const sign = await post(token, '/sign', signBody(view))
  t.equal(sign.statusCode, 409)
  t.match(sign.json<ErrorJson>().error.message, /a été refusé le/)
})

t.test('expired and cancelled links say so, with the date and whom to contact', async (t) => {
  const pro = await newUser(app)
  const expired = await sentQuote(pro)
  const view = (await visit(expired.token)).json<ViewJson>()
  await db.query(`update paraphe.signing_links set expires_at = now() - interval '1 minute' where quote_id = $1`, [expired.id])
  t.equal((await visit(expired.token)).json<ViewJson>().state, 'expired')
  const late = await post(expired.token, '/sign', signBody(view))
  t.equal(late.statusCode, 410)
  t.match(late.json<ErrorJson>().error.message, /a expiré le .*Dupont Rénovation \(contact@dupont-renovation\.fr, 04 72 00 00 00\)/)

  const cancelled = await sentQuote(pro)
  const cancelledView = (await visit(cancelled.token)).json<ViewJson>()
  await pro.request('POST', `/api/quotes/${cancelled.id}/revise`)
  t.equal((await visit(cancelled.token)).json<ViewJson>().state, 'cancelled')
  const refused = await post(cancelled.token, '/sign', signBody(cancelledView))
  t.equal(refused.statusCode, 409)
  t.match(refused.json<ErrorJson>().error.message, /nouvelle version/)
})

t.test('a link disabled while the client signs is reported as disabled, not as a cancelled quote', async (t) => {
  const pro = await newUser(app)
  const sent = await sentQuote(pro)
  const view = (await visit(sent.token)).json<ViewJson>()
  // The professional disables the link between the page's check and the signature's lock: the
  // database refuses, and the answer must name what happened.
  const racing: Database = {
    ...db,
    transaction: (work, settings) =>
      db.transaction(
        (tx, opened) =>
          work(
            {
              ...tx,
              query: async (sql, params) => {
                if (sql.includes('paraphe.sign_quote')) {
                  await tx.query('reset role')
                  await tx.query('update paraphe.signing_links set revoked_at = now() where quote_id = $1', [sent.id])
                  await tx.query('set local role anon')
                }
                return tx.query(sql, params)
              }
            },
            opened
          ),
        settings
      )
  }
  const context = {
    db: racing,
    config: app.config,
    log: app.log,
    sealCertificate: () => app.sealCertificate(),
    wake: { outbox: () => undefined, webhooks: () => undefined, jobs: () => undefined },
    repairSealsSoon: () => undefined
  }
  const refusal = await signLink(context, sent.token, signBody(view) as SignBody, { ip: '127.0.0.1', userAgent: 'test' }).catch(
    (error: unknown) => error
  )
  t.ok(refusal instanceof ApiProblem)
  t.match(refusal, { statusCode: 409, code: 'revoked', message: /Ce lien a été désactivé par Dupont Rénovation/ })
  t.notMatch((refusal as Error).message, /annulé/)
  t.equal((await visit(sent.token)).json<ViewJson>().state, 'revoked')
})

t.test('e-mail code: required, 6 digits, wrong then right', async (t) => {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  const { token } = await sentQuote(pro, { requireEmailCode: true })
  const view = (await visit(token)).json<ViewJson>()
  const withoutCode = await post(token, '/sign', signBody(view))
  t.equal(withoutCode.statusCode, 422)
  t.match(withoutCode.json<ErrorJson>().error.fields, { emailCode: /code à 6 chiffres/ })
  t.equal((await post(token, '/sign', signBody(view, { emailCode: '123456' }))).json<ErrorJson>().error.code, 'email_code_missing')
  const requested = await post(token, '/otp', {})
  t.same(requested.json(), { sentTo: 'el***@example.org' })
  t.equal((await post(token, '/otp', {})).statusCode, 429, 'one code a minute')
  const mail = await db.query<{ subject: string }>(`select subject from paraphe.outbox where company_id = $1 and kind = 'signing-code'`, [
    pro.id
  ])
  const code = /^(\d{6})/.exec(mail.rows[0]?.subject ?? '')?.[1] as string
  const wrong = code === '000000' ? '111111' : '000000'
  const refused = await post(token, '/sign', signBody(view, { emailCode: wrong }))
  t.equal(refused.statusCode, 422)
  t.match(refused.json<ErrorJson>().error.fields, { emailCode: /incorrect/ })
  const accepted = await post(token, '/sign', signBody(view, { emailCode: code }))
  t.equal(accepted.statusCode, 200)
})

async function concurrentSigns(t: Test, database: Database, application: FastifyInstance) {
  const pro = await newUser(application)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const sent = await pro.request('POST', `/api/quotes/${draft.id}/send`)
  const token = new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') as string
  const view = (await application.inject({ url: `/api/sign/${token}` })).json<ViewJson>()
  const responses = await Promise.all(
    Array.from({ length: 20 }, () => application.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signBody(view) }))
  )
  const statuses = responses.map((response) => response.statusCode).sort()
  t.same(statuses, [200, ...Array.from({ length: 19 }, () => 409)], 'exactly one signature')
  const signedEvents = await database.query<{ n: number }>(
    `select count(*) as n from paraphe.quote_events where quote_id = $1 and type = 'signed'`,
    [draft.id]
  )
  t.equal(signedEvents.rows[0]?.n, 1)
}

forEachEngine('20 concurrent signatures of one quote: one 200, nineteen 409', async (t, database) => {
  const application = await buildWorkspaceApp(database)
  t.teardown(() => application.close())
  await concurrentSigns(t, database, application)
})

t.test('a typed signature, for a company without an e-mail address on its profile', async (t) => {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, email: '' })
  const draft = (await pro.request('POST', '/api/quotes', { content: { ...completeContent(today), buildingTrade: false } })).json<{
    quote: Quote
  }>().quote
  const token = new URL(
    (await pro.request('POST', `/api/quotes/${draft.id}/send`)).json<{ signingUrl: string }>().signingUrl
  ).searchParams.get('token') as string
  const view = (await visit(token)).json<ViewJson>()
  const typedTooShort = await post(
    token,
    '/sign',
    signBody(view, { preWorkAcknowledged: undefined, signature: { method: 'typed', text: '--' } })
  )
  t.match(typedTooShort.json<ErrorJson>().error.fields, {
    signature: 'Indiquez vos nom et prénom en haut du formulaire : ils servent de signature.'
  })
  const signed = await post(
    token,
    '/sign',
    signBody(view, {
      preWorkAcknowledged: undefined,
      signerName: 'Jean-Éric Dupond',
      signature: { method: 'typed', text: 'Jean-Éric Dupond' }
    })
  )
  t.equal(signed.statusCode, 200)
  const text = normaliseSpaces(await pdfText((await visit(token, '/pdf')).rawPayload))
  t.ok(text.includes('Nom tapé au clavier comme signature'), 'the evidence names the method')
  t.ok(text.includes('Signé électroniquement par Jean-Éric Dupond'))
  const mails = await db.query<{ kind: string }>(`select kind from paraphe.outbox where company_id = $1 and kind like 'signed-copy-%'`, [
    pro.id
  ])
  t.same(
    mails.rows.map((row) => row.kind),
    ['signed-copy-client'],
    'only the client’s copy: the company gave no address'
  )
})

t.test('the dashboard’s figures follow the clients’ answers, and stay the account’s own', async (t) => {
  const pro = await newUser(app)
  const signedQuote = await sentQuote(pro, { title: 'Signé' })
  const declinedQuote = await sentQuote(pro, { title: 'Refusé' })
  const waiting = await sentQuote(pro, { title: 'En attente' })
  const figures = async (user: TestUser) => (await user.request('GET', '/api/dashboard')).json<Dashboard>()
  const before = await figures(pro)
  t.equal(before.awaiting.count, 3)
  t.equal(before.awaiting.totalTtcCents, 3 * 134_413)
  t.same(before.signature, { signed: 0, closed: 0, ratePercent: null }, 'no rate before any answer')

  const view = (await visit(signedQuote.token)).json<ViewJson>()
  t.equal((await post(signedQuote.token, '/sign', signBody(view))).statusCode, 200)
  t.equal((await post(declinedQuote.token, '/decline', { reason: 'Trop cher.' })).statusCode, 200)
  const after = await figures(pro)
  t.same(after.awaiting, { count: 1, totalTtcCents: 134_413 })
  t.same(after.signedThisMonth, { count: 1, totalTtcCents: 134_413 })
  t.same(after.signature, { signed: 1, closed: 2, ratePercent: 50 })
  t.equal(after.remindersDue, 0, 'sent today: not yet due')
  const awaitingList = (await pro.request('GET', '/api/quotes?status=awaiting')).json<{
    quotes: Array<{ id: string }>
    counts: Record<string, number>
  }>()
  t.same(
    awaitingList.quotes.map((quote) => quote.id),
    [waiting.id],
    '« à signer » leads to the quotes sent or opened, not answered'
  )
  t.match(awaitingList.counts, { awaiting: 1, signed: 1, declined: 1, all: 3 })
  t.same(
    after.recent.slice(0, 2).map((event) => [event.label, event.title]),
    [
      ['Devis refusé par le client', 'Refusé'],
      ['Devis signé par le client', 'Signé']
    ],
    'latest first'
  )

  // Opened by five visitors: one « consulté » line for that quote, with its count and latest time.
  for (let visitor = 0; visitor < 5; visitor++)
    await visit(waiting.token, '', { 'x-signing-visitor': `visiteur-${String(visitor).padStart(4, '0')}` })
  const viewed = (await figures(pro)).recent.filter((event) => event.id === waiting.id)
  t.same(
    viewed.map((event) => [event.type, event.count]),
    [
      ['viewed', 5],
      ['sent', 1]
    ],
    'one line per quote and kind of event, with how many times'
  )
  const {
    rows: [latest]
  } = await db.query<{ at: Date }>(`select max(occurred_at) as at from paraphe.quote_events where quote_id = $1 and type = 'viewed'`, [
    waiting.id
  ])
  t.equal(viewed[0]?.occurredAt, latest?.at.toISOString(), 'at the latest time it happened')

  await db.query(`update paraphe.quotes set sent_at = now() - interval '4 days' where id = $1`, [waiting.id])
  t.equal((await figures(pro)).remindersDue, 1, 'waiting for four days and never reminded')
  await db.query(`update paraphe.quotes set last_reminded_at = now() - interval '2 hours' where id = $1`, [waiting.id])
  t.equal((await figures(pro)).remindersDue, 0, 'reminded two hours ago')

  const stranger = await newUser(app)
  t.match(await figures(stranger), { awaiting: { count: 0 }, signedThisMonth: { count: 0 }, recent: [] }, 'another account sees none of it')
  t.equal((await app.inject({ url: '/api/dashboard' })).statusCode, 401)
})
