// Chorus Pro for public buyers, against the stand-in Chorus Pro (PISTE OAuth2 + technical
// account): the access kept with both secrets sealed and never given back, « Tester la connexion »
// saying in French what failed; a public buyer's invoice (typed, or from a quote whose saved
// client is marked public) deposited once as a Factur-X carrying the SIRET, the code service
// (BT-10) and the engagement number (BT-13) that passes the XSD and both FNFE-MPE schematrons,
// even through a 503 and a lost answer; its statuses read back as lifecycle events; without
// Chorus Pro, the e-mail with the reason; no secret in any log line.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { ChorusProAnswer, ChorusProTestAnswer } from '@paraphe/shared/api/chorus-pro-schemas'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { SavedClient } from '@paraphe/shared/api/saved-client-schemas'
import type { InvoiceRead } from '@paraphe/shared/api/transmission-schemas'
import type { Quote } from '@paraphe/shared/quote'
import { parisIsoDate } from '@paraphe/shared/dates'
import { buildApp } from '../helper.js'
import { validateFolder } from '../invoices/support/facturx-validator.js'
import { renderedAll } from '../invoices/support/renders.js'
import { testDatabase } from '../support/databases.js'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import { startStandInChorusPro } from '../support/stand-in-chorus-pro.js'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, newUser, type TestUser } from '../support/workspace-users.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process; the schematrons run in a JVM.
t.setTimeout(600_000)

const db = await testDatabase('pglite')
const logs: Array<Record<string, unknown>> = []
const app = await buildApp(
  { ...AUTH_ENV, LOG_LEVEL: 'info' },
  { database: db, logs, transmission: { retryDelayMs: () => 0, timeoutMs: 5_000 } }
)
t.teardown(() => app.close())
const cpro = await startStandInChorusPro()
t.teardown(() => cpro.close())

const SIRET = '21750001600019'
const publicInvoice = (index: number, engagementNumber?: string) => ({
  kind: 'standard',
  client: { kind: 'business', name: 'Service des écoles', company: 'Ville de Paris', address: '4 rue de Lobau\n75004 Paris' },
  publicBuyer: { siret: SIRET, serviceCode: 'ECOLES-75' },
  ...(engagementNumber === undefined ? {} : { engagementNumber }),
  lines: [{ description: `Peinture préau ${index}`, quantityMilli: 1000, unitPriceCents: 250_000 + index, vatRateBp: 2000 }]
})

/** `rendered`: wait for its Factur-X to be stored (the jobs run meanwhile, the hand-off too). */
async function issue(user: TestUser, request: object, rendered = true): Promise<Invoice & { number: string }> {
  const draft = await user.request('POST', '/api/invoices', { request })
  t.equal(draft.statusCode, 201, draft.body.slice(0, 300))
  const issued = await user.request('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  // Its Factur-X rendered and stored: the hand-off job is queued with it.
  if (rendered) await renderedAll(app.jobs, db)
  return issued.json<{ invoice: Invoice & { number: string } }>().invoice
}

async function transmissionOf(id: string) {
  const { rows } = await db.query<{
    status: string
    channel: string | null
    email_reason: string | null
    flow_id: string | null
    attempts: number
  }>('select status, channel, email_reason, flow_id, attempts from paraphe.invoice_transmissions where invoice_id = $1', [id])
  return rows[0]
}

const user = await newUser(app)
await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
const access = (overrides: Partial<Record<string, string>> = {}) => ({
  apiUrl: cpro.url,
  tokenUrl: cpro.tokenUrl,
  clientId: cpro.clientId,
  clientSecret: cpro.clientSecret,
  accountLogin: cpro.accountLogin,
  accountPassword: cpro.accountPassword,
  ...overrides
})

t.test('without Chorus Pro, a public buyer’s invoice goes by e-mail with the reason', async (t) => {
  const invoice = await issue(user, publicInvoice(0))
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'sent', channel: 'email', email_reason: 'chorus_pro_not_configured', flow_id: null })
  t.match((await user.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission, {
    channel: 'email',
    emailReason: 'chorus_pro_not_configured'
  })
})

t.test('the Chorus Pro access: saved sealed, tested, never given back', async (t) => {
  t.same((await user.request('GET', '/api/company/chorus-pro')).json(), { chorusPro: null })
  const missing = await user.request(
    'PUT',
    '/api/company/chorus-pro',
    access({ apiUrl: 'ftp://piste', accountLogin: '', accountPassword: '' })
  )
  t.equal(missing.statusCode, 400)
  t.match(missing.json(), {
    error: { fields: { apiUrl: /https:\/\//, accountLogin: /compte technique/, accountPassword: /mot de passe/ } }
  })

  const wrongPassword = await user.request('PUT', '/api/company/chorus-pro', access({ accountPassword: 'pas-le-bon-mot-de-passe' }))
  t.equal(wrongPassword.statusCode, 200, wrongPassword.body)
  t.notMatch(wrongPassword.body, 'pas-le-bon-mot-de-passe')
  t.notMatch(wrongPassword.body, cpro.clientSecret)
  const refused = (await user.request('POST', '/api/company/chorus-pro/test')).json<ChorusProTestAnswer>()
  t.equal(refused.ok, false)
  t.match(refused.problem, /^Compte technique refusé par Chorus Pro : vérifiez son identifiant et son mot de passe/)
  t.notMatch(JSON.stringify(refused), 'pas-le-bon-mot-de-passe')

  // A wrong PISTE secret is told apart from a wrong technical account.
  await user.request('PUT', '/api/company/chorus-pro', access({ clientSecret: 'pas-le-bon-secret', accountPassword: '' }))
  t.match((await user.request('POST', '/api/company/chorus-pro/test')).json<ChorusProTestAnswer>().problem, /^Identifiants PISTE refusés/)
  await user.request(
    'PUT',
    '/api/company/chorus-pro',
    access({ apiUrl: `${cpro.url}/ailleurs`, clientSecret: cpro.clientSecret, accountPassword: '' })
  )
  t.match(
    (await user.request('POST', '/api/company/chorus-pro/test')).json<ChorusProTestAnswer>().problem,
    /ne répond pas comme l’API Chorus Pro/
  )
  await user.request('PUT', '/api/company/chorus-pro', access({ apiUrl: 'http://127.0.0.1:9', clientSecret: '', accountPassword: '' }))
  t.match((await user.request('POST', '/api/company/chorus-pro/test')).json<ChorusProTestAnswer>().problem, /^Adresse injoignable/)

  const saved = await user.request('PUT', '/api/company/chorus-pro', access())
  t.notMatch(saved.body, cpro.accountPassword)
  t.notMatch(saved.body, cpro.clientSecret)
  t.match(saved.json<ChorusProAnswer>().chorusPro, {
    apiUrl: cpro.url,
    tokenUrl: cpro.tokenUrl,
    clientId: cpro.clientId,
    accountLogin: cpro.accountLogin
  })
  const { rows } = await db.query<{ client_secret_sealed: string; account_password_sealed: string }>(
    'select client_secret_sealed, account_password_sealed from paraphe.chorus_pro_connections where company_id = $1',
    [user.id]
  )
  t.match(rows[0], { client_secret_sealed: /^v1:/, account_password_sealed: /^v1:/ }, 'both sealed in the database')
  t.notMatch(JSON.stringify(rows), cpro.accountPassword)
  const tested = (await user.request('POST', '/api/company/chorus-pro/test')).json<ChorusProTestAnswer>()
  t.same({ ok: tested.ok, problem: tested.problem }, { ok: true, problem: null })
  t.ok(tested.chorusPro.testedAt)
  t.notMatch(JSON.stringify((await user.request('GET', '/api/company/chorus-pro')).json()), cpro.accountPassword)

  const other = await newUser(app)
  t.same((await other.request('GET', '/api/company/chorus-pro')).json(), { chorusPro: null }, 'another company sees its own (none)')
  t.equal((await other.request('DELETE', '/api/company/chorus-pro')).statusCode, 404)
})

t.test('a public buyer’s invoice is deposited on Chorus Pro once, through a 503 and a lost answer', async (t) => {
  cpro.faults.unavailable = true
  const invoice = await issue(user, publicInvoice(1, 'EJ-2026-0042'), false)
  await app.jobs.wake()
  const waiting = await transmissionOf(invoice.id)
  t.equal(waiting?.status, 'pending', 'the outage keeps it waiting')
  t.ok((waiting?.attempts ?? 0) >= 1, 'tried at least once')
  t.ok(cpro.refusedWhileUnavailable > 0)
  t.match((await user.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission, {
    state: 'pending',
    lastError: /503/
  })
  cpro.faults.unavailable = false
  // The deposit is taken but its answer lost: the next try finds the invoice by its number.
  cpro.faults.loseDepositAnswers = 1
  await app.jobs.wake()
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'sent', channel: 'chorus_pro', flow_id: /^CPP-FLUX-/ })
  t.equal(cpro.deposits.get(invoice.number), 1, 'deposited exactly once')
  t.same([...new Set(cpro.syntaxes)], ['IN_DP_E2_CII_FACTURX'])
  t.equal(cpro.refusedFiles, 0, 'the file passed the stand-in’s XSD')

  const file = [...cpro.files.values()].find((candidate) => candidate.xml.includes(`<ram:ID>${invoice.number}</ram:ID>`))
  const xml = file?.xml ?? ''
  // Printed too: the SIRET, the code service and the engagement number.
  const printed = normaliseSpaces(await pdfText(file?.pdf ?? new Uint8Array()))
  t.match(printed, `SIRET ${SIRET}`)
  t.match(printed, 'Code service : ECOLES-75')
  t.match(printed, 'N° d’engagement : EJ-2026-0042')
  t.match(xml, '<ram:BuyerReference>ECOLES-75</ram:BuyerReference>', 'the code service as BT-10')
  t.match(xml, /<ram:BuyerOrderReferencedDocument>\s*<ram:IssuerAssignedID>EJ-2026-0042<\/ram:IssuerAssignedID>/, 'the engagement as BT-13')
  t.match(xml, `<ram:GlobalID schemeID="0009">${SIRET}</ram:GlobalID>`, 'the SIRET as BT-46')
  t.match(invoice.document, {
    buyer: { siren: SIRET.slice(0, 9), publicBuyer: { siret: SIRET, serviceCode: 'ECOLES-75' } },
    orderReference: 'EJ-2026-0042'
  })

  // What a receiver runs: the XSD and both FNFE-MPE schematrons, not one failed assert.
  const folder = await mkdtemp(path.join(tmpdir(), 'chorus-pro-xml-'))
  t.teardown(() => rm(folder, { recursive: true, force: true }))
  await writeFile(path.join(folder, 'public.xml'), xml)
  const report = (await validateFolder(folder)).get('public.xml')
  t.same(report, { schemaErrors: [], failed: { en16931: [], frenchRules: [] } })
})

t.test('an invoice from a quote whose saved client is a public buyer goes to Chorus Pro', async (t) => {
  const client = await user.request('POST', '/api/clients', {
    kind: 'business',
    name: 'Intendance',
    company: 'Lycée Ampère',
    email: '',
    phone: '',
    address: '31 rue de la Bourse\n69002 Lyon',
    siteAddress: '',
    siret: '217 500 016 00019',
    notes: '',
    publicBuyer: true,
    serviceCode: 'LYC-AMP'
  })
  t.equal(client.statusCode, 201, client.body)
  const saved = client.json<SavedClient>()
  t.match(saved, { publicBuyer: true, serviceCode: 'LYC-AMP', siret: SIRET })
  const notPublic = await user.request('POST', '/api/clients', {
    ...saved,
    id: undefined,
    updatedAt: undefined,
    company: 'Autre',
    siret: '',
    publicBuyer: true
  })
  t.equal(notPublic.statusCode, 400)

  const base = completeContent(parisIsoDate(new Date()))
  const content = {
    ...base,
    client: { ...base.client, kind: 'business', company: 'Lycée Ampère', name: 'Intendance', address: '31 rue de la Bourse\n69002 Lyon' },
    savedClientId: saved.id
  }
  const draft = await user.request('POST', '/api/quotes', { content })
  t.equal(draft.statusCode, 201, draft.body.slice(0, 300))
  const quote = draft.json<{ quote: Quote }>().quote
  t.equal((await user.request('POST', `/api/quotes/${quote.id}/send`)).statusCode, 200)
  // The signature is the signing tests' subject; here only its outcome matters.
  await db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const invoice = await issue(user, { kind: 'final', quoteId: quote.id, engagementNumber: 'BC-77' })
  t.match(invoice.document, {
    buyer: { publicBuyer: { siret: SIRET, serviceCode: 'LYC-AMP' } },
    buyerReference: 'LYC-AMP',
    orderReference: 'BC-77'
  })
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'sent', channel: 'chorus_pro' })
  t.equal(cpro.deposits.get(invoice.number), 1)
})

t.test('bad public buyer input is refused in French', async (t) => {
  const wrongSiret = await user.request('POST', '/api/invoices', {
    request: { ...publicInvoice(9), publicBuyer: { siret: '21750001600018', serviceCode: '' } }
  })
  t.equal(wrongSiret.statusCode, 422)
  t.match(wrongSiret.json(), { error: { fields: { 'publicBuyer.siret': /clé de contrôle/ } } })
  const engagementAlone = await user.request('POST', '/api/invoices', {
    request: {
      kind: 'standard',
      client: { kind: 'individual', name: 'Mme Martin', address: '3 rue des Lilas\n69003 Lyon' },
      engagementNumber: 'EJ-1',
      lines: [{ description: 'Dépannage', quantityMilli: 1000, unitPriceCents: 9_000, vatRateBp: 1000 }]
    }
  })
  t.equal(engagementAlone.statusCode, 422)
  t.match(engagementAlone.json(), { error: { fields: { engagementNumber: /acheteur public/ } } })
})

t.test('the statuses come back from rechercher/fournisseur, once each', async (t) => {
  const invoice = await issue(user, publicInvoice(2))
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'sent', channel: 'chorus_pro' })
  await app.transmission.pollChorusProStatuses()
  cpro.advance(invoice.number, 'MISE_A_DISPOSITION')
  t.equal((await app.transmission.pollChorusProStatuses()) >= 1, true)
  cpro.advance(invoice.number, 'SERVICE_FAIT')
  await app.transmission.pollChorusProStatuses()
  // Polled again with nothing new: nothing added.
  await app.transmission.pollChorusProStatuses()
  cpro.advance(invoice.number, 'STATUT_INCONNU')
  await app.transmission.pollChorusProStatuses()
  const read = (await user.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission
  t.match(read, {
    channel: 'chorus_pro',
    state: 'sent',
    statuses: [
      { code: 200, label: 'Déposée' },
      { code: 203, label: 'Mise à disposition' },
      { code: 205, label: 'Approuvée' }
    ]
  })
  t.equal(read?.statuses.length, 3)
  cpro.advance(invoice.number, 'MISE_EN_PAIEMENT')
  await app.transmission.pollChorusProStatuses()
  cpro.advance(invoice.number, 'REJETEE')
  // Paid: the invoice is no longer followed.
  t.equal(await app.transmission.pollChorusProStatuses(), 0)
  t.match((await user.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission?.statuses.at(-1), {
    code: 211,
    label: 'Paiement transmis'
  })
  // A Chorus Pro that fails is logged and tried again at the next pass.
  cpro.faults.unavailable = true
  const other = await issue(user, publicInvoice(3), false)
  await db.query(
    `update paraphe.invoice_transmissions set status = 'sent', channel = 'chorus_pro', flow_id = 'CPP-X' where invoice_id = $1`,
    [other.id]
  )
  t.equal(await app.transmission.pollChorusProStatuses(), 0)
  cpro.faults.unavailable = false
})

t.test('secrets that can no longer be opened: the hand-off is given up at once, with what to do', async (t) => {
  const owner = await newUser(app)
  await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
  t.equal((await owner.request('PUT', '/api/company/chorus-pro', access())).statusCode, 200)
  // As after a change of SECRETS_KEY: the sealed password no longer opens.
  await db.query(`update paraphe.chorus_pro_connections set account_password_sealed = 'scellé-ailleurs' where company_id = $1`, [owner.id])
  const invoice = await issue(owner, publicInvoice(4))
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { status: 'failed', attempts: 1 })
  t.match((await owner.request('GET', `/api/invoices/${invoice.id}`)).json<InvoiceRead>().transmission, {
    state: 'failed',
    lastError: /secrets de Chorus Pro ne peuvent plus être lus .+ Ma plateforme agréée/
  })
  t.notOk(cpro.deposits.has(invoice.number))
})

t.test('no secret in any log line', async (t) => {
  t.ok(logs.length > 0)
  const text = JSON.stringify(logs)
  for (const secret of [cpro.clientSecret, cpro.accountPassword, 'pas-le-bon-mot-de-passe', 'pas-le-bon-secret']) t.notMatch(text, secret)
  t.notMatch(text, Buffer.from(`${cpro.accountLogin}:${cpro.accountPassword}`).toString('base64'), 'nor the cpro-account header')
})
