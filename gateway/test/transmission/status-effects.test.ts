// What a status returned by the plateforme agréée does, against the stand-in PA on PGlite: each
// stored status reaches the professional's webhook `invoice.status_changed` once (the search, a
// repeat and the PA's own webhook store it once); a refusal e-mails the owner the reason and what
// to do; « Annuler par un avoir et refaire la facture » makes one credit note and one draft, and a
// second press is refused; the list shows the last status; the PA's webhook is refused without
// the right signature (401, in French) and stores what a signed call brings.
import t, { type Test } from 'tap'
import type { AddressInfo } from 'node:net'
import type { CreditAndRedo } from '@paraphe/shared/api/invoice-redo-schemas'
import type { Invoice, InvoiceList } from '@paraphe/shared/api/invoice-schemas'
import type { PlatformAnswer, PlatformWebhookSecret } from '@paraphe/shared/api/platform-schemas'
import { buildApp } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { platformSignature } from '../../src/transmission/platform-webhook.js'
import { startSmtpServer } from '../support/smtp-server.js'
import { startStandInPa } from '../support/stand-in-pa.js'
import { startReceiver } from '../support/webhook-receiver.js'
import { AUTH_ENV, COMPLETE_PROFILE, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(600_000)

const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())
const db = await testDatabase('pglite')
const logs: Array<Record<string, unknown>> = []
const app = await buildApp(
  { ...AUTH_ENV, SMTP_URL: smtp.url, SMTP_ADMIN_EMAIL: 'ne-pas-repondre@paraphe.example', LOG_LEVEL: 'info' },
  {
    database: db,
    logs,
    webhooks: { retryDelayMs: () => 0, pollIntervalMs: 600_000 },
    transmission: { retryDelayMs: () => 0, timeoutMs: 5_000 }
  }
)
t.teardown(() => app.close())
await app.listen({ port: 0, host: '127.0.0.1' })
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const pa = await startStandInPa()
t.teardown(() => pa.close())

const user = await newUser(app)
await subscribe(db, user.id, 'entreprise')
await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
const saved = await user.request('PUT', '/api/company/platform', {
  apiUrl: pa.url,
  authKind: 'oauth2',
  tokenUrl: pa.tokenUrl,
  clientId: pa.clientId,
  secret: pa.clientSecret
})
// Setup checks throw (an assertion at the top level would end the root test before its subtests).
if (saved.statusCode !== 200) throw new Error(saved.body)

let index = 0
async function issue(t: Test, owner: TestUser): Promise<Invoice> {
  index += 1
  const draft = await owner.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
      clientSiren: '552100554',
      lines: [{ description: `Réfection toiture ${index}`, quantityMilli: 1000, unitPriceCents: 100_000 + index, vatRateBp: 2000 }]
    }
  })
  t.equal(draft.statusCode, 201, draft.body.slice(0, 300))
  const issued = await owner.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  const invoice = issued.json<{ invoice: Invoice }>().invoice
  // Rendered, then handed over: « Déposée » (200) is stored by the hand-off.
  await app.jobs.wake()
  await app.jobs.wake()
  return invoice
}

interface StatusEnvelope {
  type: string
  data: {
    invoice: { id: string; number: string; url: string }
    status: { code: number; label: string; reason: string | null }
    occurredAt: string
    source: string
  }
}

const receiver = await startReceiver(t)
const endpoint = await user.request('POST', '/api/company/webhooks', { url: receiver.url, events: ['invoice.status_changed'] })
if (endpoint.statusCode !== 201) throw new Error(endpoint.body)

async function statusWebhooks(): Promise<StatusEnvelope[]> {
  app.queueWake.webhooks()
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from paraphe.webhook_deliveries d join paraphe.webhook_events e on e.id = d.event_id
      where e.type = 'invoice.status_changed' and e.company_id = $1`,
    [user.id]
  )
  await receiver.waitFor(rows[0]?.n ?? 0)
  return receiver.received.map((request) => JSON.parse(request.body) as StatusEnvelope)
}

t.test('each stored status reaches the webhook once, with its French label', async (t) => {
  const invoice = await issue(t, user)
  pa.advance(invoice.id, 203)
  pa.advance(invoice.id, 205)
  await app.transmission.pollStatuses()
  // The same status again, and a second search: nothing more is stored, nothing more is sent.
  pa.advance(invoice.id, 205)
  await app.transmission.pollStatuses()
  await app.transmission.pollStatuses()
  const mine = (await statusWebhooks()).filter((body) => body.data.invoice.id === invoice.id)
  t.same(
    mine.map((body) => [body.type, body.data.status.code, body.data.status.label]),
    [
      ['invoice.status_changed', 200, 'Déposée'],
      ['invoice.status_changed', 203, 'Mise à disposition'],
      ['invoice.status_changed', 205, 'Approuvée']
    ]
  )
  t.match(mine[0]?.data, {
    invoice: { id: invoice.id, number: invoice.number, url: new RegExp(`/api/v1/invoices/${invoice.id}$`) },
    status: { reason: null },
    occurredAt: /^\d{4}-\d\d-\d\dT/,
    source: 'platform'
  })
  const list = (await user.request('GET', '/api/invoices')).json<InvoiceList>()
  t.same(
    list.invoices.find((row) => row.id === invoice.id)?.lifecycleStatus,
    { code: 205, label: 'Approuvée' },
    'the list says the last status'
  )
})

t.test('a refusal e-mails the owner the reason; one action cancels it and makes a new draft, once', async (t) => {
  const invoice = await issue(t, user)
  const arrived = smtp.waitFor((messages) => messages.some((mail) => mail.subject.includes(invoice.number ?? '?')))
  pa.advance(invoice.id, 210, 'Commande non reçue')
  await app.transmission.pollStatuses()
  await app.jobs.wake()
  const mail = (await arrived).find((message) => message.subject.includes(invoice.number ?? '?'))
  t.equal(mail?.to, user.email)
  t.equal(mail?.subject, `Facture ${invoice.number} refusée par ${invoice.clientName}`)
  t.match(mail?.text, 'Commande non reçue')
  t.match(mail?.text, 'établir un avoir et une nouvelle facture')
  t.match(mail?.text, `/espace/factures/${invoice.id}`)
  const refusal = (await statusWebhooks()).find((body) => body.data.invoice.id === invoice.id && body.data.status.code === 210)
  t.match(refusal?.data.status, { label: 'Refusée', reason: 'Commande non reçue' })
  t.same((await user.request('GET', '/api/invoices')).json<InvoiceList>().invoices.find((row) => row.id === invoice.id)?.lifecycleStatus, {
    code: 210,
    label: 'Refusée'
  })

  const [first, second] = await Promise.all([
    user.request('POST', `/api/invoices/${invoice.id}/credit-and-redo`),
    user.request('POST', `/api/invoices/${invoice.id}/credit-and-redo`)
  ])
  const statuses = [first.statusCode, second.statusCode].sort()
  t.same(statuses, [201, 409], 'two presses at once: one is done, the other refused')
  const done = (first.statusCode === 201 ? first : second).json<CreditAndRedo>()
  const refused = (first.statusCode === 201 ? second : first).json<{ error: { message: string } }>()
  t.match(refused.error.message, /déjà annulée par un avoir/)
  t.match(done.creditNote, { kind: 'credit_note', status: 'issued', correctsInvoiceId: invoice.id, totalTtcCents: invoice.totalTtcCents })
  t.match(done.draft, { kind: 'standard', status: 'draft', totalTtcCents: invoice.totalTtcCents, clientName: invoice.clientName })
  t.same(done.draft.request.lines, invoice.request.lines, 'the new draft copies the lines')
  t.same(done.draft.request.client, invoice.request.client, 'and the buyer')
  const again = await user.request('POST', `/api/invoices/${invoice.id}/credit-and-redo`)
  t.equal(again.statusCode, 409)
  const counted = await db.query<{ notes: number }>(`select count(*)::int as notes from paraphe.invoices where corrects_invoice_id = $1`, [
    invoice.id
  ])
  t.equal(counted.rows[0]?.notes, 1, 'one credit note')
  const reread = (await user.request('GET', `/api/invoices/${invoice.id}`)).json<{ invoice: Invoice }>().invoice
  t.match(reread, { status: 'issued', number: invoice.number, totalTtcCents: invoice.totalTtcCents, paymentStatus: 'credited' })
})

t.test('a rejection by the platform says so; the action is refused where there is nothing to redo', async (t) => {
  const invoice = await issue(t, user)
  const answer = await user.request('POST', `/api/invoices/${invoice.id}/credit-and-redo`)
  t.equal(answer.statusCode, 409)
  t.match(answer.json(), { error: { message: /ni refusée ni rejetée \(dernier statut : Déposée\)/ } })

  const arrived = smtp.waitFor((messages) =>
    messages.some((mail) => mail.subject === `Facture ${invoice.number} rejetée par la plateforme`)
  )
  pa.advance(invoice.id, 213)
  await app.transmission.pollStatuses()
  await app.jobs.wake()
  const mail = (await arrived).find((message) => message.subject.includes('rejetée'))
  t.match(mail?.text, 'n’a pas été transmise')
  t.match(mail?.text, /Motif\s*:\s*non précisé/)
  const redone = await user.request('POST', `/api/invoices/${invoice.id}/credit-and-redo`)
  t.equal(redone.statusCode, 201, 'a rejection is redone too')
  const creditNote = redone.json<CreditAndRedo>().creditNote
  const onNote = await user.request('POST', `/api/invoices/${creditNote.id}/credit-and-redo`)
  t.equal(onNote.statusCode, 409)
  t.match(onNote.json(), { error: { message: /Seule une facture émise/ } })
})

t.test('the PA’s webhook: a signed flow is stored once, a bad signature refused in French', async (t) => {
  t.equal((await user.request('GET', '/api/company/platform')).json<PlatformAnswer>().platform?.webhookPath, null)
  const generated = await user.request('POST', '/api/company/platform/webhook-secret')
  t.equal(generated.statusCode, 200, 'the secret is generated')
  const { webhookPath, secret } = generated.json<PlatformWebhookSecret>()
  t.match(secret, /^pawh_/)
  const platform = (await user.request('GET', '/api/company/platform')).json<PlatformAnswer>().platform
  t.equal(platform?.webhookPath, webhookPath, 'the address stays readable')
  t.notMatch(JSON.stringify(platform), secret, 'the secret is never given back')
  const { rows } = await db.query<{ webhook_secret_sealed: string }>(
    'select webhook_secret_sealed from paraphe.platform_connections where company_id = $1',
    [user.id]
  )
  t.match(rows[0]?.webhook_secret_sealed, /^v1:/, 'sealed')

  const invoice = await issue(t, user)
  const url = new URL(webhookPath, origin).href
  const approved = pa.advance(invoice.id, 205)
  const forged = await pa.callWebhook(url, secret, approved, { badSignature: true })
  t.equal(forged.status, 401)
  t.match(JSON.parse(forged.body), { error: { message: /Signature absente ou invalide/ } })
  const unsigned = await app.inject({ method: 'POST', url: webhookPath, payload: { flowInfo: approved } })
  t.equal(unsigned.statusCode, 401)
  t.equal((await pa.callWebhook(`${origin}/api/platform-webhooks/${'x'.repeat(32)}`, secret, approved)).status, 404)

  const signed = await pa.callWebhook(url, secret, approved)
  t.equal(signed.status, 200, signed.body)
  t.same(JSON.parse(signed.body), { received: true, recorded: true })
  const repeat = await pa.callWebhook(url, secret, approved)
  t.same(JSON.parse(repeat.body), { received: true, recorded: false }, 'a repeat stores nothing')
  // The search finds the same flow afterwards: still stored once.
  await app.transmission.pollStatuses()
  const events = await db.query<{ lifecycle_code: number }>(
    `select lifecycle_code from paraphe.invoice_events where invoice_id = $1 and source = 'platform' order by id`,
    [invoice.id]
  )
  t.same(
    events.rows.map((row) => row.lifecycle_code),
    [200, 205]
  )
  const sent = (await statusWebhooks()).filter((body) => body.data.invoice.id === invoice.id).map((body) => body.data.status.code)
  t.same(sent, [200, 205], 'one webhook per status, whichever way it came')

  // A new secret replaces the old one: the old address stops working.
  const renewed = (await user.request('POST', '/api/company/platform/webhook-secret')).json<PlatformWebhookSecret>()
  t.not(renewed.webhookPath, webhookPath)
  t.equal((await pa.callWebhook(url, secret, approved)).status, 404)
  t.equal((await pa.callWebhook(new URL(renewed.webhookPath, origin).href, renewed.secret, approved)).status, 200)

  // Signed but not a flow: refused in French, nothing stored.
  const signedPost = (path: string, body: string, key: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', 'x-signature': platformSignature(key, body) },
      payload: body
    })
  const current = renewed.webhookPath
  const notJson = await signedPost(current, '{"flowInfo":', renewed.secret)
  t.equal(notJson.statusCode, 400)
  t.match(notJson.json(), { error: { message: /doit être du JSON/ } })
  t.equal((await signedPost(current, 'null', renewed.secret)).statusCode, 400, 'JSON, but no object')
  const bodiless = await app.inject({ method: 'POST', url: current })
  t.equal(bodiless.statusCode, 401, 'no body, no signature')
  const noFlow = await signedPost(current, JSON.stringify({ flow: approved }), renewed.secret)
  t.equal(noFlow.statusCode, 400)
  t.match(noFlow.json(), { error: { message: /doit porter le flux/ } })
  t.equal((await signedPost('/api/platform-webhooks/court', '{}', renewed.secret)).statusCode, 404, 'a malformed address is unknown')
  // A secret sealed under another key (SECRETS_KEY changed): said, with what to do.
  await db.query(`update paraphe.platform_connections set webhook_secret_sealed = 'v1:AAAA' where company_id = $1`, [user.id])
  const unreadable = await signedPost(current, JSON.stringify({ flowInfo: approved }), renewed.secret)
  t.equal(unreadable.statusCode, 409)
  t.match(unreadable.json(), { error: { message: /générez-en un nouveau/ } })

  const other = await newUser(app)
  t.equal((await other.request('POST', '/api/company/platform/webhook-secret')).statusCode, 404, 'no platform, no webhook')
  // Without a platform, no status ever comes: the action has nothing to redo; nor has a draft.
  await other.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const byMail = await issue(t, other)
  const nothing = await other.request('POST', `/api/invoices/${byMail.id}/credit-and-redo`)
  t.equal(nothing.statusCode, 409)
  t.match(nothing.json(), { error: { message: 'Cette facture n’est ni refusée ni rejetée : rien à refaire.' } })
  const draft = await other.request('POST', '/api/invoices', { request: byMail.request })
  const onDraft = await other.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/credit-and-redo`)
  t.equal(onDraft.statusCode, 409)
})

t.test('secrets are in no log line', async (t) => {
  t.ok(logs.length > 0)
  t.notMatch(JSON.stringify(logs), /pawh_/)
  t.notMatch(JSON.stringify(logs), pa.clientSecret)
})
