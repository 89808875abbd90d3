// CDAR both ways against the stand-in PA, on PGlite: a payment recorded on a services invoice the
// platform took is reported as 212 « Encaissée » (one CDAR per payment, the amount received split
// per VAT rate, the payment's id as trackingId), through an outage too, and the API shows it
// reported; a payment recorded before the deposit is reported once the platform has the invoice;
// an invoice under the « option pour les débits » is not reported; lifecycle statuses that come
// back only as CDAR files (as real platforms send them) are read and shown.
import t from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceRead } from '@paraphe/shared/api/transmission-schemas'
import { buildApp } from '../helper.js'
import { entrepriseWithKey } from '../support/api-clients.js'
import { testDatabase } from '../support/databases.js'
import { startStandInPa } from '../support/stand-in-pa.js'
import { AUTH_ENV } from '../support/workspace-users.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process.
t.setTimeout(300_000)

const db = await testDatabase('pglite')
const app = await buildApp({ ...AUTH_ENV, LOG_LEVEL: 'warn' }, { database: db, transmission: { retryDelayMs: () => 0, timeoutMs: 5_000 } })
t.teardown(() => app.close())
const pa = await startStandInPa()
t.teardown(() => pa.close())

const client = await entrepriseWithKey(app, db)
const { owner, call } = client
const saved = await owner.request('PUT', '/api/company/platform', {
  apiUrl: pa.url,
  authKind: 'oauth2',
  tokenUrl: pa.tokenUrl,
  clientId: pa.clientId,
  secret: pa.clientSecret
})
t.equal(saved.statusCode, 200, saved.body)

/** Works at 20 % and insulation at 5,5 %: 1 200,00 + 527,50 = 1 727,50 TTC. */
const works = (index: number, extra: object = {}) => ({
  kind: 'standard',
  client: { kind: 'business', name: 'Service achats', company: `Promoteur ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  clientSiren: '552100554',
  lines: [
    { description: `Réfection toiture ${index}`, quantityMilli: 1000, unitPriceCents: 100_000, vatRateBp: 2000 },
    { description: 'Isolation des combles', quantityMilli: 1000, unitPriceCents: 50_000, vatRateBp: 550 }
  ],
  ...extra
})

async function issue(request: object): Promise<Invoice> {
  const draft = await call('POST', '/api/v1/invoices', request)
  t.equal(draft.statusCode, 201, draft.body.slice(0, 300))
  const issued = await call('POST', `/api/v1/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
  t.equal(issued.statusCode, 200, issued.body.slice(0, 300))
  return issued.json<{ invoice: Invoice }>().invoice
}

async function pay(invoiceId: string, amountCents: number, paidOn = '2026-11-20'): Promise<void> {
  const paid = await call('POST', `/api/v1/invoices/${invoiceId}/payments`, { amountCents, paidOn, means: 'transfer' })
  t.equal(paid.statusCode, 200, paid.body.slice(0, 300))
}

const transmissionOf = async (invoiceId: string) => (await call('GET', `/api/v1/invoices/${invoiceId}`)).json<InvoiceRead>().transmission

t.test('a payment on a services invoice deposited on the PA: one CDAR 212 with the amount per rate', async (t) => {
  const invoice = await issue(works(1))
  await app.jobs.wake()
  t.match(await transmissionOf(invoice.id), { channel: 'platform', state: 'sent', paymentReports: [] })

  await pay(invoice.id, 100_000)
  await app.jobs.wake()
  const payment = (await db.query<{ id: string }>('select id from paraphe.invoice_payments where invoice_id = $1', [invoice.id])).rows[0]
    ?.id as string
  t.equal(pa.cdars.length, 1, 'one lifecycle message deposited')
  const received = pa.cdars[0]
  t.match(received, { trackingId: payment, processingRule: 'B2B' })
  t.ok((received?.trackingId ?? '').length <= 36, 'the trackingId fits the API’s 36 characters')
  t.match(received?.status, {
    statusCode: 212,
    statusDate: '2026-11-20',
    invoice: { number: invoice.number, issueDate: invoice.issueDate, typeCode: '380', sellerSiren: '732829320', buyerSiren: '552100554' },
    issuer: { siren: '732829320', role: 'SE' }
  })
  // 1 000,00 of 1 727,50: 527,50 × 1 000 / 1 727,50 = 305,35 at 5,5 %, the rest at 20 %.
  t.same(received?.status.amounts, [
    { rateBp: 550, amountCents: 30_535 },
    { rateBp: 2000, amountCents: 69_465 }
  ])
  t.match(
    pa.flows.find((flow) => flow.flowId === received?.flowId),
    { flowType: 'CustomerInvoiceLC', flowSyntax: 'CDAR', flowDirection: 'Out' }
  )

  const shown = await transmissionOf(invoice.id)
  t.match(shown?.paymentReports, [
    {
      paymentId: payment,
      amountCents: 100_000,
      paidOn: '2026-11-20',
      state: 'sent',
      nextAttemptAt: null,
      reportedAt: /^\d{4}-/,
      flowId: received?.flowId,
      acknowledgement: { status: 'Pending' },
      byRate: received?.status.amounts
    }
  ])
  const openapi = await app.inject({ url: '/api/v1/openapi.json' })
  t.match(openapi.body, 'Un encaissement déclaré à la plateforme agréée', 'the OpenAPI document describes the reports')
  const events = await db.query<{ source: string; lifecycle_code: number; data: Record<string, unknown> }>(
    `select source, lifecycle_code, data from paraphe.invoice_events where invoice_id = $1 and type = 'payment_reported'`,
    [invoice.id]
  )
  t.match(events.rows, [
    { source: 'paraphe', lifecycle_code: 212, data: { paymentId: payment, amountCents: 100_000, flowId: received?.flowId } }
  ])

  // The platform answers 503: the report waits with its next try, then goes once it is back.
  pa.faults.unavailable = true
  await pay(invoice.id, 72_750, '2026-11-25')
  await app.jobs.wake()
  t.match((await transmissionOf(invoice.id))?.paymentReports[1], { state: 'pending', nextAttemptAt: /^\d{4}-/, lastError: /503/ })
  pa.faults.unavailable = false
  await app.jobs.wake()
  t.equal(pa.cdars.length, 2, 'the second payment reported once')
  t.same(pa.cdars[1]?.status.amounts, [
    { rateBp: 550, amountCents: 22_215 },
    { rateBp: 2000, amountCents: 50_535 }
  ])
  const sums = pa.cdars.map((cdar) => cdar.status.amounts).flat()
  t.same(
    [550, 2000].map((rate) => sums.filter((part) => part.rateBp === rate).reduce((sum, part) => sum + part.amountCents, 0)),
    [52_750, 120_000],
    'the whole invoice reported per rate, to the cent'
  )

  // The search brings our own CDAR deposits back: their acknowledgement, never a status about the invoice.
  await app.transmission.pollStatuses()
  const after = await transmissionOf(invoice.id)
  t.match(after?.paymentReports, [{ acknowledgement: { status: 'Ok' } }, { acknowledgement: { status: 'Ok' } }])
  t.notOk(
    after?.statuses.some((status) => status.code === 212),
    'a 212 of ours is not read back as the platform’s'
  )

  // A platform that leaves out flowDirection: our CDAR is still known by its flow id, its file not taken for a status.
  const ours = pa.flows.find((flow) => flow.flowId === received?.flowId)
  t.ok(ours !== undefined && Reflect.deleteProperty(ours, 'flowDirection'))
  if (ours !== undefined) ours.updatedAt = new Date(Date.parse(pa.flows.at(-1)?.updatedAt ?? '') + 1).toISOString()
  await app.transmission.pollStatuses()
  t.notOk(
    (await transmissionOf(invoice.id))?.statuses.some((status) => status.code === 212),
    'our CDAR without a direction is still ours'
  )
})

t.test('a payment recorded before the deposit is reported once the platform has the invoice', async (t) => {
  pa.faults.unavailable = true
  const invoice = await issue(works(2))
  await app.jobs.wake()
  await pay(invoice.id, 10_000)
  t.same((await transmissionOf(invoice.id))?.paymentReports, [], 'nothing to report before the deposit')
  pa.faults.unavailable = false
  const before = pa.cdars.length
  await app.jobs.wake()
  await app.jobs.wake()
  t.equal(pa.cdars.length, before + 1)
  t.match(pa.cdars.at(-1)?.status, { statusCode: 212, invoice: { number: invoice.number } })
})

t.test('« option pour les débits »: VAT was due at invoicing, no 212', async (t) => {
  const invoice = await issue(works(3, { vatOnDebits: true }))
  await app.jobs.wake()
  const before = pa.cdars.length
  await pay(invoice.id, 50_000)
  await app.jobs.wake()
  t.equal(pa.cdars.length, before)
  t.same((await transmissionOf(invoice.id))?.paymentReports, [])
})

t.test('lifecycle statuses that come back as CDAR files', async (t) => {
  const invoice = await issue(works(4))
  await app.jobs.wake()
  pa.lifecycleAs = 'cdar'
  const made = pa.advance(invoice.id, 203)
  t.equal(made.lifecycle, undefined, 'the flow says nothing of its status but its file')
  pa.advance(invoice.id, 210, 'Commande non reçue')
  await app.transmission.pollStatuses()
  const shown = await transmissionOf(invoice.id)
  t.match(shown?.statuses, [
    { code: 200, label: 'Déposée' },
    { code: 203, label: 'Mise à disposition' },
    { code: 210, label: 'Refusée : Commande non reçue', reason: 'Commande non reçue' }
  ])
  // A file the parser cannot read is left aside (logged), the others go on and the cursor moves.
  const broken = pa.advance(invoice.id, 205)
  pa.files.set(broken.flowId, { pdf: Buffer.from('<pas-un-cdar/>'), xml: null })
  pa.lifecycleAs = 'json'
  pa.advance(invoice.id, 205)
  await app.transmission.pollStatuses()
  t.equal((await transmissionOf(invoice.id))?.statuses.at(-1)?.code, 205, 'the JSON path still works')
})

t.test('a secret that no longer opens, a platform removed: the report is given up, with what to do', async (t) => {
  const invoice = (
    await db.query<{ id: string }>(
      `select t.invoice_id as id from paraphe.invoice_transmissions t where t.company_id = $1 and t.channel = 'platform' order by t.id desc limit 1`,
      [owner.id]
    )
  ).rows[0]?.id as string
  // As after a change of SECRETS_KEY: the sealed secret no longer opens.
  await db.query(`update paraphe.platform_connections set secret_sealed = 'scellé-avec-une-autre-clé' where company_id = $1`, [owner.id])
  await pay(invoice, 2_000)
  await app.jobs.wake()
  t.match((await transmissionOf(invoice))?.paymentReports.at(-1), {
    amountCents: 2_000,
    state: 'failed',
    lastError: /saisissez-le de nouveau/
  })
  t.equal((await owner.request('DELETE', '/api/company/platform')).statusCode, 204)
  await pay(invoice, 1_000)
  await app.jobs.wake()
  t.match((await transmissionOf(invoice))?.paymentReports.at(-1), {
    amountCents: 1_000,
    state: 'failed',
    nextAttemptAt: null,
    lastError: 'Aucune plateforme agréée n’est plus configurée pour déclarer cet encaissement.'
  })
})
