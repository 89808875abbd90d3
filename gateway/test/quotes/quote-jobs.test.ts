// Time passing on sent quotes: reminders (by hand and automatic), expiry, seal repair.
import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { asAnonymous } from '../../src/db/database.js'
import { runQuoteJobs } from '../../src/quotes/quote-jobs.js'
import { hashToken } from '../../src/tokens/link-token.js'
import { testDatabase } from '../support/databases.js'
import { pdfsig } from '../support/pdfsig.js'
import { buildApp } from '../helper.js'
import {
  AUTH_ENV,
  buildWorkspaceApp,
  COMPLETE_PROFILE,
  completeContent,
  newUser,
  subscribe,
  type TestUser
} from '../support/workspace-users.js'

const today = parisIsoDate(new Date())
const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const jobs = () => runQuoteJobs({ db, config: app.config, log: app.log, certificate: app.sealCertificate, wake: app.queueWake })

async function sent(user: TestUser, depositBp = 0): Promise<{ id: string; token: string }> {
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const content = { ...completeContent(today), depositBp }
  const draft = (await user.request('POST', '/api/quotes', { content })).json<{ quote: Quote }>().quote
  const response = await user.request('POST', `/api/quotes/${draft.id}/send`)
  return { id: draft.id, token: new URL(response.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') as string }
}

const mails = async (user: TestUser, kind: string) =>
  (
    await db.query<{ recipient: string; text_body: string }>(
      'select recipient, text_body from paraphe.outbox where company_id = $1 and kind = $2 order by id',
      [user.id, kind]
    )
  ).rows

t.test('a reminder by hand carries a new working link, not twice within 20 hours', async (t) => {
  const pro = await newUser(app)
  const { id } = await sent(pro)
  t.same((await pro.request('POST', `/api/quotes/${id}/remind`)).json(), { reminded: true })
  const again = await pro.request('POST', `/api/quotes/${id}/remind`)
  t.equal(again.statusCode, 429)
  t.match(again.json<{ error: { message: string } }>().error.message, /moins de 20 heures/)
  const [reminder] = await mails(pro, 'quote-reminder')
  t.equal(reminder?.recipient, 'elise.martin@example.org')
  const link = /SignatureDevis\?token=([A-Za-z0-9_-]{43})/.exec(reminder?.text_body ?? '')?.[1] as string
  t.equal((await app.inject({ url: `/api/sign/${link}` })).statusCode, 200, 'the reminder’s link opens the quote')
  const events = (await pro.request('GET', `/api/quotes/${id}/events`)).json<{ events: Array<{ type: string; label: string }> }>().events
  t.same(
    events.map((event) => event.type),
    ['sent', 'reminded', 'viewed']
  )
  const draft = (await pro.request('POST', '/api/quotes')).json<{ quote: Quote }>().quote
  t.equal((await pro.request('POST', `/api/quotes/${draft.id}/remind`)).statusCode, 409, 'a draft is not reminded')
})

t.test('links can be revoked; a reminder then gives the client a working one', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sent(pro)
  t.same((await pro.request('POST', `/api/quotes/${id}/revoke-links`)).json(), { revoked: 1 })
  const view = await app.inject({ url: `/api/sign/${token}` })
  t.equal(view.json<{ state: string }>().state, 'revoked')
  const refused = await app.inject({ method: 'POST', url: `/api/sign/${token}/decline`, payload: { reason: '' } })
  t.equal(refused.statusCode, 409)
  t.match(refused.json<{ error: { message: string } }>().error.message, /désactivé par Dupont Rénovation/)
  await pro.request('POST', `/api/quotes/${id}/remind`)
  const [reminder] = await mails(pro, 'quote-reminder')
  const link = /SignatureDevis\?token=([A-Za-z0-9_-]{43})/.exec(reminder?.text_body ?? '')?.[1] as string
  t.equal((await app.inject({ url: `/api/sign/${link}` })).json<{ state: string }>().state, 'open')
  await pro.request('POST', `/api/quotes/${id}/cancel`)
  t.equal((await pro.request('POST', `/api/quotes/${id}/revoke-links`)).statusCode, 409, 'nothing to revoke on a closed quote')
})

t.test('automatic reminders after 3 and 7 days on Pro, never on Découverte, never after signing', async (t) => {
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  const free = await newUser(app)
  const proQuote = await sent(pro)
  const freeQuote = await sent(free)
  const signedQuote = await sent(pro)
  const age = (id: string, days: number) =>
    db.query(`update paraphe.quotes set sent_at = now() - make_interval(days => $2) where id = $1`, [id, days])
  await Promise.all([age(proQuote.id, 4), age(freeQuote.id, 4), age(signedQuote.id, 4)])
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [signedQuote.id])
  t.match(await jobs(), { reminded: 1 })
  t.match(await jobs(), { reminded: 0 }, 'once per step')
  await age(proQuote.id, 8)
  await db.query(`update paraphe.quotes set last_reminded_at = now() - interval '21 hours' where id = $1`, [proQuote.id])
  t.match(await jobs(), { reminded: 1 }, 'the 7-day reminder')
  await age(proQuote.id, 30)
  await db.query(`update paraphe.quotes set last_reminded_at = now() - interval '3 days' where id = $1`, [proQuote.id])
  t.match(await jobs(), { reminded: 0 }, 'no more than the planned reminders')
  t.equal((await mails(pro, 'quote-reminder')).length, 2)
  t.equal((await mails(free, 'quote-reminder')).length, 0)
})

t.test('past its last day a quote expires, the professional is told and the link says so', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sent(pro)
  await db.query(`update paraphe.quotes set expires_on = (now() at time zone 'Europe/Paris')::date - 1 where id = $1`, [id])
  t.match(await jobs(), { expired: 1 })
  t.equal((await pro.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote.status, 'expired')
  const [notice] = await mails(pro, 'quote-expired')
  t.equal(notice?.recipient, COMPLETE_PROFILE.email)
  t.match(notice?.text_body, /a expiré le .* sans avoir été signé/)
  t.equal((await app.inject({ url: `/api/sign/${token}` })).json<{ state: string }>().state, 'expired')
  t.match(await jobs(), { expired: 0 }, 'once')
})

t.test('a signature left unsealed by a crash is sealed by the next run, once', async (t) => {
  const pro = await newUser(app)
  const { id, token } = await sent(pro)
  // The signature committed, then the gateway stopped before sealing.
  await asAnonymous(db, (tx) =>
    tx.query(
      `select paraphe.sign_quote($1, 'Élise Martin', 'elise.martin@example.org', 'typed', null, 'Élise Martin', 'Bon pour accord', '127.0.0.1', 'test', $2, false, '{}')`,
      [hashToken(token), 'a'.repeat(64)]
    )
  )
  t.equal(
    (await pro.request('GET', `/api/quotes/${id}/pdf`)).headers['content-disposition'],
    `attachment; filename="Devis-${(await pro.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote.number}.pdf"`,
    'no signed copy yet'
  )
  t.match(await jobs(), { sealed: 1 })
  t.match(await jobs(), { sealed: 0 })
  const signedPdf = await pro.request('GET', `/api/quotes/${id}/pdf`)
  t.match(signedPdf.headers['content-disposition'], /-signe\.pdf"$/, 'the professional downloads the signed copy')
  t.match((await pdfsig(signedPdf.rawPayload)).signatures[0], { valid: true, totalDocumentSigned: true })
  t.equal((await mails(pro, 'signed-copy-client')).length, 1)
})

t.test('a repaired seal wakes what it queued: the e-mails, quote.signed, and the deposit invoice made at signature', async (t) => {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/invoices/deposit-settings', { depositAtSignature: true })
  const { token } = await sent(pro, 3000)
  await asAnonymous(db, (tx) =>
    tx.query(
      `select paraphe.sign_quote($1, 'Élise Martin', 'elise.martin@example.org', 'typed', null, 'Élise Martin', 'Bon pour accord', '127.0.0.1', 'test', $2, false, '{}')`,
      [hashToken(token), 'a'.repeat(64)]
    )
  )
  const woken: string[] = []
  const wake = {
    outbox: () => woken.push('outbox'),
    webhooks: () => woken.push('webhooks'),
    jobs: () => woken.push('jobs')
  }
  t.match(await runQuoteJobs({ db, config: app.config, log: app.log, certificate: app.sealCertificate, wake }), { sealed: 1 })
  t.same(woken.sort(), ['jobs', 'outbox', 'webhooks'], 'each queue woken once, the deposit invoice’s job included')
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from paraphe.jobs where company_id = $1 and name = 'invoices.deposit-at-signature'`,
    [pro.id]
  )
  t.equal(rows[0]?.n, 1, 'the deposit invoice queued with the sealed copy')
})

t.test('the jobs run on their own at their interval, and stop with the server', async (t) => {
  const ticking = await buildApp(AUTH_ENV, { database: db, jobs: { intervalMs: 50 } })
  const pro = await newUser(ticking)
  const { id } = await sent(pro)
  await db.query(`update paraphe.quotes set expires_on = (now() at time zone 'Europe/Paris')::date - 1 where id = $1`, [id])
  let status = ''
  for (let attempt = 0; attempt < 100 && status !== 'expired'; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    status = (await pro.request('GET', `/api/quotes/${id}`)).json<{ quote: Quote }>().quote.status
  }
  t.equal(status, 'expired', 'expired without anyone asking')
  // Once the server is closed its timer is gone: no periodic run is queued through many intervals
  // (a run it queued just before closing is left to the other gateways: here the test's app).
  const late = await sent(pro)
  await ticking.close()
  await db.query(`update paraphe.quotes set expires_on = (now() at time zone 'Europe/Paris')::date - 1 where id = $1`, [late.id])
  const queued = async () =>
    (await db.query<{ n: number }>(`select count(*)::int as n from paraphe.jobs where name = 'quotes.periodic'`)).rows[0]?.n
  const queuedAtClose = await queued()
  await new Promise((resolve) => setTimeout(resolve, 20 * 50))
  t.equal(await queued(), queuedAtClose, 'no periodic run queued after close, twenty intervals later')
  const statusOf = async (quoteId: string) =>
    (await db.query<{ status: string }>('select status from paraphe.quotes where id = $1', [quoteId])).rows[0]?.status
  await jobs()
  t.equal(await statusOf(late.id), 'expired', 'the quote was due: a run by hand expires it')
})
