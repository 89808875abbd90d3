// What an auditor with the database owner's rights could do behind the guard (trigger disabled),
// on PGlite and PostgreSQL 15: an amount column of an issued invoice changed (the list, the payment
// status and the client's page read it), a middle invoice deleted, the last one deleted. Each is
// named by the check, and `npm run verify-invoices` exits 2 naming them.
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Database } from '../../src/db/database.js'
import t from 'tap'
import { verifyInvoiceChains } from '../../src/invoices/invoice-verification.js'
import { forEachEngine, testPostgresServer } from '../support/databases.js'
import { runGatewayCommand } from '../support/gateway-process.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser } from '../support/workspace-users.js'
import { renderedAll } from './support/renders.js'

t.setTimeout(600_000)

const request = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 10_000 * index, vatRateBp: 2000 }]
})

async function issueFive(db: Database): Promise<{ companyId: string; invoices: Invoice[] }> {
  const app = await buildWorkspaceApp(db)
  try {
    const user = await newUser(app)
    await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
    const invoices: Invoice[] = []
    for (const index of [1, 2, 3, 4, 5]) {
      const draft = (await user.request('POST', '/api/invoices', { request: request(index) })).json<{ invoice: Invoice }>().invoice
      invoices.push((await user.request('POST', `/api/invoices/${draft.id}/issue`)).json<{ invoice: Invoice }>().invoice)
    }
    await renderedAll(app.jobs, db)
    return { companyId: user.id, invoices }
  } finally {
    await app.close()
  }
}

async function behindTheGuard(db: Database, statements: Array<[string, unknown[]]>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('alter table paraphe.invoices disable trigger invoices_guard')
    for (const [sql, params] of statements) await tx.query(sql, params)
    await tx.query('alter table paraphe.invoices enable trigger invoices_guard')
  })
}

forEachEngine('an amount changed, a middle invoice and the last one deleted: each is named', async (t, db) => {
  const { companyId, invoices } = await issueFive(db)
  const [, second, third, , fifth] = invoices as [Invoice, Invoice, Invoice, Invoice, Invoice]
  t.same((await verifyInvoiceChains(db, companyId)).problems, [], 'intact after real issues')

  // The client's page would ask 0,01 €.
  await behindTheGuard(db, [[`update paraphe.invoices set total_ttc_cents = 1, amount_due_cents = 1 where id = $1`, [second.id]]])
  t.same(
    (await verifyInvoiceChains(db, companyId)).problems.map((problem) => [problem.number, problem.problem]),
    [[second.number, 'ses colonnes client, totaux ou montant dû ne sont plus celles de son document (modifiées après émission)']],
    'the changed amount is named, though the chain’s hashes still hold'
  )

  // Their events and webhook events point at them: cleared first, as someone covering tracks would.
  await db.transaction(async (tx) => {
    await tx.query('alter table paraphe.invoice_events disable trigger invoice_events_append_only')
    await tx.query('delete from paraphe.invoice_events where invoice_id = any($1::uuid[])', [[third.id, fifth.id]])
    await tx.query('alter table paraphe.invoice_events enable trigger invoice_events_append_only')
    await tx.query('update paraphe.webhook_events set invoice_id = null where invoice_id = any($1::uuid[])', [[third.id, fifth.id]])
    await tx.query('delete from paraphe.jobs where payload->>$1 = any($2::text[])', ['invoiceId', [third.id, fifth.id]])
    // Their hand-offs to the plateforme agréée go with them (invoice_transmissions references them).
    await tx.query('delete from paraphe.invoice_transmissions where invoice_id = any($1::uuid[])', [[third.id, fifth.id]])
  })
  await behindTheGuard(db, [['delete from paraphe.invoices where id = any($1::uuid[])', [[third.id, fifth.id]]]])
  const report = await verifyInvoiceChains(db, companyId)
  const named = (number: string | null, pattern: RegExp) =>
    report.problems.some((problem) => problem.number === number && pattern.test(problem.problem))
  t.ok(named(second.number, /montant dû/), `the changed amount: ${second.number ?? ''}`)
  t.ok(named(third.number, /facture manquante \(supprimée \?\)/), `the deleted middle invoice by its number: ${third.number ?? ''}`)
  t.ok(named(fifth.number, /facture manquante : le compteur de la société en est à/), `the deleted last invoice: ${fifth.number ?? ''}`)
  t.equal(report.invoices, 3)

  if (db.engine === 'postgres') {
    const broken = await runGatewayCommand('verify-invoices', { DATABASE_URL: (await testPostgresServer()).url }, [companyId])
    t.equal(broken.code, 2, 'exit code 2')
    for (const invoice of [second, third, fifth]) t.match(broken.output, `facture ${invoice.number ?? ''}`, `names ${invoice.number ?? ''}`)
  }
})
