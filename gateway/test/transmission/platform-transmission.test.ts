// « Ma plateforme agréée » and the hand-off of issued invoices, against the stand-in PA (XP Z12-013
// flow API): settings kept with the secret sealed and never given back, « Tester la connexion »
// saying in French what failed; an invoice to a French business deposited once, as a Factur-X that
// passes the XSD, even through a 503 outage, tokens ended early and a lost answer (AlreadyExistingFlow);
// a buyer missing from the directory, or a private one, left to the e-mail; the secret in no log line.
import t from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { PlatformAnswer, PlatformTestAnswer } from '@paraphe/shared/api/platform-schemas'
import type { InvoiceRead } from '@paraphe/shared/api/transmission-schemas'
import { buildApp } from '../helper.js'
import { renderedAll } from '../invoices/support/renders.js'
import { testDatabase } from '../support/databases.js'
import { startStandInPa } from '../support/stand-in-pa.js'
import { AUTH_ENV, COMPLETE_PROFILE, newUser, type TestUser } from '../support/workspace-users.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const logs: Array<Record<string, unknown>> = []
const app = await buildApp(
  { ...AUTH_ENV, LOG_LEVEL: 'info' },
  { database: db, logs, transmission: { retryDelayMs: () => 0, timeoutMs: 5_000 } }
)
t.teardown(() => app.close())
const pa = await startStandInPa()
t.teardown(() => pa.close())

const business = (siren: string, index: number) => ({
  kind: 'standard',
  client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  clientSiren: siren,
  lines: [{ description: `Réfection toiture ${index}`, quantityMilli: 1000, unitPriceCents: 100_000 + index, vatRateBp: 2000 }]
})

async function issue(user: TestUser, request: object): Promise<Invoice> {
  const draft = await user.request('POST', '/api/invoices', { request })
  t.equal(draft.statusCode, 201, draft.body.slice(0, 300))
  const issued = await user.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  return issued.json<{ invoice: Invoice }>().invoice
}

interface TransmissionRow {
  status: string
  channel: string | null
  email_reason: string | null
  attempts: number
  flow_id: string | null
  file_sha256: string | null
  ack_status: string | null
  last_error: string | null
}
async function transmissionOf(id: string): Promise<TransmissionRow> {
  const { rows } = await db.query<TransmissionRow>(
    'select status, channel, email_reason, attempts, flow_id, file_sha256, ack_status, last_error from paraphe.invoice_transmissions where invoice_id = $1',
    [id]
  )
  return rows[0] as TransmissionRow
}

const user = await newUser(app)
await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
const settings = (secret: string, apiUrl = pa.url, tokenUrl = pa.tokenUrl) => ({
  apiUrl,
  authKind: 'oauth2',
  tokenUrl,
  clientId: pa.clientId,
  secret
})

t.test('« Ma plateforme agréée »: saved sealed, tested, never given back', async (t) => {
  t.same((await user.request('GET', '/api/company/platform')).json(), { platform: null })
  const wrong = await user.request('PUT', '/api/company/platform', settings('pas-le-bon-secret'))
  t.equal(wrong.statusCode, 200, wrong.body)
  t.notMatch(wrong.body, 'pas-le-bon-secret', 'the answer never carries the secret')
  const refused = (await user.request('POST', '/api/company/platform/test')).json<PlatformTestAnswer>()
  t.equal(refused.ok, false)
  t.match(refused.problem, /^Identifiants refusés/)

  const bad = await user.request('PUT', '/api/company/platform', { ...settings(''), apiUrl: 'ftp://plateforme', tokenUrl: '' })
  t.equal(bad.statusCode, 400)
  t.match(bad.json(), { error: { fields: { apiUrl: /https:\/\//, tokenUrl: /jetons/ } } })

  const saved = await user.request('PUT', '/api/company/platform', settings(pa.clientSecret))
  t.notMatch(saved.body, pa.clientSecret)
  t.match(saved.json<PlatformAnswer>().platform, { apiUrl: pa.url, authKind: 'oauth2', tokenUrl: pa.tokenUrl, clientId: pa.clientId })
  const { rows } = await db.query<{ secret_sealed: string }>(
    'select secret_sealed from paraphe.platform_connections where company_id = $1',
    [user.id]
  )
  t.match(rows[0]?.secret_sealed, /^v1:/, 'sealed in the database')
  t.notMatch(rows[0]?.secret_sealed, pa.clientSecret)
  const tested = (await user.request('POST', '/api/company/platform/test')).json<PlatformTestAnswer>()
  t.same({ ok: tested.ok, problem: tested.problem }, { ok: true, problem: null })
  t.ok(tested.platform.testedAt)

  // An empty secret keeps the stored one (the page never has it to send back).
  await user.request('PUT', '/api/company/platform', settings('', `${pa.url}/autre-chose`))
  t.match(
    (await user.request('POST', '/api/company/platform/test')).json<PlatformTestAnswer>().problem,
    /ne répond pas comme une API de flux/
  )
  await user.request('PUT', '/api/company/platform', settings('', 'http://127.0.0.1:9', 'http://127.0.0.1:9/token'))
  t.match((await user.request('POST', '/api/company/platform/test')).json<PlatformTestAnswer>().problem, /^Adresse injoignable/)
  await user.request('PUT', '/api/company/platform', settings(''))
  t.equal((await user.request('POST', '/api/company/platform/test')).json<PlatformTestAnswer>().ok, true, 'the stored secret was kept')

  const member = await newUser(app)
  t.equal((await member.request('GET', '/api/company/platform')).statusCode, 200, 'another company sees its own (none)')
  t.same((await member.request('GET', '/api/company/platform')).json(), { platform: null })
})

t.test('an invoice to a French business is deposited once on the PA, through an outage', async (t) => {
  const first = await issue(user, business('552100554', 1))
  t.equal((await transmissionOf(first.id)).status, 'pending', 'issuing does not wait for the platform')
  await app.jobs.wake()
  const sent = await transmissionOf(first.id)
  t.match(sent, {
    status: 'sent',
    channel: 'platform',
    email_reason: null,
    ack_status: 'Pending',
    flow_id: /\S/,
    file_sha256: /^[0-9a-f]{64}$/
  })
  t.equal(pa.deposits.get(first.id), 1)
  const flow = pa.flows.find((candidate) => candidate.trackingId === first.id)
  t.match(flow, {
    flowSyntax: 'Factur-X',
    flowProfile: 'CIUS',
    processingRule: 'B2B',
    sha256: sent.file_sha256,
    acknowledgement: { status: 'Ok' }
  })
  t.match(pa.files.get(sent.flow_id as string)?.xml, `<ram:ID>${first.number}</ram:ID>`)
  const deposited = await db.query<{ lifecycle_code: number; source: string }>(
    `select lifecycle_code, source from paraphe.invoice_events where invoice_id = $1 and type = 'platform_deposited'`,
    [first.id]
  )
  t.same(deposited.rows, [{ lifecycle_code: 200, source: 'platform' }], '« Déposée » recorded once')

  // The PA answers 503: the hand-off waits and tries again, nothing is lost.
  pa.faults.unavailable = true
  const second = await issue(user, business('552100554', 2))
  await app.jobs.wake()
  const waiting = await transmissionOf(second.id)
  t.match(waiting, { status: 'pending', attempts: 1, last_error: /503/ })
  t.match((await user.request('GET', `/api/invoices/${second.id}`)).json<InvoiceRead>().transmission, {
    state: 'pending',
    nextAttemptAt: /^\d{4}-/,
    lastError: /503/
  })
  t.ok(pa.refusedWhileUnavailable > 0)
  pa.faults.unavailable = false
  await app.jobs.wake()
  t.match(await transmissionOf(second.id), { status: 'sent', channel: 'platform' })
  t.equal(pa.deposits.get(second.id), 1)

  // Tokens ended early: a 401 on a kept token gets a new one.
  pa.faults.tokensEndEarly = true
  const third = await issue(user, business('552100554', 3))
  await app.jobs.wake()
  t.match(await transmissionOf(third.id), { status: 'sent', channel: 'platform' })
  pa.faults.tokensEndEarly = false

  // The answer was lost after the PA took the flow: the repeat is AlreadyExistingFlow, a success.
  await db.query(`update paraphe.invoice_transmissions set status = 'pending', next_attempt_at = now() where invoice_id = $1`, [third.id])
  // A row set back to pending has no job: the periodic sweep queues its hand-off.
  await app.jobs.queuePeriodic()
  await app.jobs.wake()
  t.match(await transmissionOf(third.id), { status: 'sent', flow_id: (await transmissionOf(third.id)).flow_id })
  t.equal(pa.deposits.get(third.id), 1, 'deposited exactly once')
})

t.test('the statuses come back by flows/search, once each, in order', async (t) => {
  const invoice = await issue(user, business('552100554', 6))
  await app.jobs.wake()
  t.ok((await app.transmission.pollStatuses()) >= 1, 'the acknowledgements are read')
  t.equal((await transmissionOf(invoice.id)).ack_status, 'Ok', 'the PA acknowledged the file (it passed the XSD)')
  pa.advance(invoice.id, 203)
  pa.advance(invoice.id, 205)
  await app.transmission.pollStatuses()
  // A second search from the same cursor, and the same status again, add nothing.
  pa.advance(invoice.id, 205)
  await app.transmission.pollStatuses()
  const events = await db.query<{ type: string; lifecycle_code: number }>(
    `select type, lifecycle_code from paraphe.invoice_events where invoice_id = $1 and source = 'platform' order by id`,
    [invoice.id]
  )
  t.same(events.rows, [
    { type: 'platform_deposited', lifecycle_code: 200 },
    { type: 'platform_made_available', lifecycle_code: 203 },
    { type: 'platform_approved', lifecycle_code: 205 }
  ])
  const refused = await issue(user, business('552100554', 7))
  await app.jobs.wake()
  pa.advance(refused.id, 210, 'Commande non reçue')
  await app.transmission.pollStatuses()
  const refusal = await db.query<{ type: string; data: { reason: string } }>(
    `select type, data from paraphe.invoice_events where invoice_id = $1 and lifecycle_code = 210`,
    [refused.id]
  )
  t.match(refusal.rows, [{ type: 'platform_refused', data: { reason: 'Commande non reçue' } }])
  const page = await user.request('GET', `/api/invoices/${invoice.id}`)
  t.match(page.json<InvoiceRead>().transmission, {
    channel: 'platform',
    state: 'sent',
    nextAttemptAt: null,
    acknowledgement: { status: 'Ok', reason: null },
    statuses: [
      { code: 200, label: 'Déposée' },
      { code: 203, label: 'Mise à disposition' },
      { code: 205, label: 'Approuvée' }
    ]
  })
  t.match((await user.request('GET', `/api/invoices/${refused.id}`)).json<InvoiceRead>().transmission?.statuses.at(-1), {
    code: 210,
    label: 'Refusée : Commande non reçue'
  })
  const openapi = await app.inject({ url: '/api/v1/openapi.json' })
  t.match(openapi.body, 'La transmission de la facture émise', 'the OpenAPI document describes the transmission')
  const { rows } = await db.query<{ search_cursor: Date }>('select search_cursor from paraphe.platform_connections where company_id = $1', [
    user.id
  ])
  t.equal(rows[0]?.search_cursor.toISOString(), pa.flows.at(-1)?.updatedAt, 'the cursor is the last flow’s updatedAt')
})

t.test('a buyer missing from the directory, and a private one, get the e-mail', async (t) => {
  pa.unlisted.add('443061841')
  const unlisted = await issue(user, business('443061841', 4))
  const individual = await issue(user, {
    kind: 'standard',
    client: { kind: 'individual', name: 'Mme Martin', address: '3 rue des Lilas\n69003 Lyon' },
    lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
  })
  await app.jobs.wake()
  t.match(await transmissionOf(unlisted.id), { status: 'sent', channel: 'email', email_reason: 'not_in_directory', flow_id: null })
  t.match(await transmissionOf(individual.id), { status: 'sent', channel: 'email', email_reason: null })
  t.notOk(pa.deposits.has(unlisted.id))
  t.notOk(pa.deposits.has(individual.id))
})

t.test('a secret that can no longer be opened: the hand-off is given up at once, with what to do', async (t) => {
  const owner = await newUser(app)
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  t.equal((await owner.request('PUT', '/api/company/platform', settings(pa.clientSecret))).statusCode, 200)
  // As after a change of SECRETS_KEY: the sealed secret no longer opens.
  await db.query(`update paraphe.platform_connections set secret_sealed = 'scellé-avec-une-autre-clé' where company_id = $1`, [owner.id])
  const invoice = await issue(owner, business('552100554', 8))
  await renderedAll(app.jobs, db)
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'failed', attempts: 1, last_error: /saisissez-le de nouveau/ })
  t.notOk(pa.deposits.has(invoice.id))
  t.match((await owner.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission, {
    state: 'failed',
    lastError: /Ma plateforme agréée/
  })
  // Given up means no job left: a later pass does not try again.
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from paraphe.jobs where name = 'transmission.hand-off' and payload ->> 'invoiceId' = $1 and status = 'pending'`,
    [invoice.id]
  )
  t.equal(rows[0]?.n, 0)
})

t.test('a company without a PA: its business invoices say so', async (t) => {
  const other = await newUser(app)
  await other.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const invoice = await issue(other, business('552100554', 5))
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'sent', channel: 'email', email_reason: 'no_platform' })
})

t.test('the secret is in no log line', async (t) => {
  t.ok(logs.length > 0)
  t.notMatch(JSON.stringify(logs), pa.clientSecret)
  t.notMatch(JSON.stringify(logs), 'pas-le-bon-secret')
})
