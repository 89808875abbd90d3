// Two gateways on one PostgreSQL hand 30 invoices to the stand-in PA while it answers 503: nothing
// is lost, issuing never waits, and once the PA is back each invoice is deposited exactly once
// (the stand-in counts per trackingId), however the two job runners' claims interleave. Every file the
// PA received passes the Factur-X XSD and both FNFE-MPE schematrons.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { openPostgres } from '../../src/db/postgres-database.js'
import { buildApp } from '../helper.js'
import { errorsOf, validateFolder } from '../invoices/support/facturx-validator.js'
import { renderedAll } from '../invoices/support/renders.js'
import { testDatabase, testPostgresServer } from '../support/databases.js'
import { startStandInPa } from '../support/stand-in-pa.js'
import { AUTH_ENV, COMPLETE_PROFILE, newUser } from '../support/workspace-users.js'

t.setTimeout(900_000)

const INVOICES = 30
const migrated = await testDatabase('postgres')
const { url } = await testPostgresServer()
// The second gateway has its own pool, as another process would.
const other = await openPostgres({ connectionString: url, maxConnections: 10, onIdleError: () => undefined })
t.teardown(() => other.close())
const env = { ...AUTH_ENV, SECRETS_KEY: Buffer.alloc(32, 42).toString('base64') }
// Retries every 200 ms and never given up during the outage: the test switches it off.
const timings = { retryDelayMs: () => 200, maxAttempts: 100_000, timeoutMs: 5_000 }
const gatewayA = await buildApp(env, { database: migrated, transmission: timings })
const gatewayB = await buildApp(env, { database: other, transmission: timings })
t.teardown(() => Promise.all([gatewayA.close(), gatewayB.close()]))
const pa = await startStandInPa()
t.teardown(() => pa.close())

t.test('30 invoices through a 503 outage: each deposited exactly once afterwards', async (t) => {
  const userA = await newUser(gatewayA)
  // The same user on the second gateway: the same token is valid there.
  const onB = (method: 'POST', route: string, body?: unknown) =>
    gatewayB.inject({
      method,
      url: route,
      headers: { authorization: `Bearer ${userA.token}` },
      ...(body === undefined ? {} : { payload: body as object })
    })
  await userA.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const saved = await userA.request('PUT', '/api/company/platform', {
    apiUrl: pa.url,
    authKind: 'oauth2',
    tokenUrl: pa.tokenUrl,
    clientId: pa.clientId,
    secret: pa.clientSecret
  })
  t.equal(saved.statusCode, 200)

  pa.faults.unavailable = true
  const issued: Invoice[] = []
  for (let index = 0; index < INVOICES; index += 1) {
    const request = {
      kind: 'standard',
      client: { kind: 'business', name: 'Comptabilité', company: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
      clientSiren: '552100554',
      lines: [{ description: `Travaux ${index}`, quantityMilli: 1000, unitPriceCents: 50_000 + index, vatRateBp: 2000 }]
    }
    const send = index % 2 === 0 ? userA.request : onB
    const draft = await send('POST', '/api/invoices', { request })
    const answer = await send('POST', `/api/invoices/${draft.json<{ invoice: Invoice }>().invoice.id}/issue`)
    t.equal(answer.statusCode, 200, 'issuing never waits for the platform')
    issued.push(answer.json<{ invoice: Invoice }>().invoice)
  }
  // Each hand-off follows its invoice's render: every one tried at least once against the outage
  // (waited for, up to two minutes).
  await renderedAll(gatewayA.jobs, migrated)
  const triedBy = Date.now() + 120_000
  for (;;) {
    const tried = await migrated.query<{ n: number }>(
      `select count(*)::int as n from paraphe.invoice_transmissions where company_id = $1 and attempts > 0`,
      [userA.id]
    )
    if (tried.rows[0]?.n === INVOICES || Date.now() > triedBy) break
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  t.equal(pa.deposits.size, 0, 'nothing deposited during the outage')
  t.ok(pa.refusedWhileUnavailable > 0, 'the gateways kept trying')
  const pending = await migrated.query<{ n: number }>(
    `select count(*)::int as n from paraphe.invoice_transmissions where company_id = $1 and status = 'pending'`,
    [userA.id]
  )
  t.equal(pending.rows[0]?.n, INVOICES, 'every hand-off waits, none given up')

  pa.faults.unavailable = false
  // Both gateways' job runners race for the hand-offs (each retried 200 ms after its last 503) until
  // every one is sent: waited for, up to two minutes.
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    await Promise.all([gatewayA.jobs.wake(), gatewayB.jobs.wake()])
    const left = await migrated.query<{ n: number }>(
      `select count(*)::int as n from paraphe.invoice_transmissions where company_id = $1 and status <> 'sent'`,
      [userA.id]
    )
    if (left.rows[0]?.n === 0) break
    // Retries not due yet: polled again shortly.
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const sent = await migrated.query<{ n: number }>(
    `select count(*)::int as n from paraphe.invoice_transmissions where company_id = $1 and status = 'sent' and channel = 'platform'`,
    [userA.id]
  )
  t.equal(sent.rows[0]?.n, INVOICES, 'all handed over')
  t.same(
    issued.map((invoice) => pa.deposits.get(invoice.id)),
    issued.map(() => 1),
    'each invoice deposited exactly once'
  )
  t.equal(pa.flows.filter((flow) => flow.flowType === 'CustomerInvoice').length, INVOICES, 'and nothing else')

  const folder = mkdtempSync(path.join(os.tmpdir(), 'pa-received-'))
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  for (const [flowId, file] of pa.files) writeFileSync(path.join(folder, `${flowId}.xml`), file.xml ?? '')
  const reports = await validateFolder(folder)
  t.equal(reports.size, INVOICES)
  for (const [name, report] of reports) t.same(errorsOf(report), [], `${name}: XSD and both schematrons pass`)
  t.ok(
    pa.flows.every((flow) => flow.acknowledgement.status === 'Ok'),
    'the stand-in’s XSD check acknowledged every file Ok'
  )
})
