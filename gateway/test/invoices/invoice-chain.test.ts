// The invoices' SHA-256 chain, on PGlite and PostgreSQL 15: intact after real issues; an issued
// row altered or removed behind the database's back (its guard disabled, as only the tables'
// owner could) is found by the check, and `npm run verify-invoices` says so with its exit code.
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { Database } from '../../src/db/database.js'
import t from 'tap'
import { verifyInvoiceChains } from '../../src/invoices/invoice-verification.js'
import { forEachEngine, testPostgresServer } from '../support/databases.js'
import { runGatewayCommand } from '../support/gateway-process.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser } from '../support/workspace-users.js'
import { renderedAll } from './support/renders.js'

// Each issue makes a real Factur-X PDF/A-3 in a PDF process (and the kit runs a JVM): on a loaded
// machine this file needs more than tap's default per-file time.
t.setTimeout(600_000)

const request = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 10_000 * index, vatRateBp: 2000 }]
})

async function issueThree(db: Database): Promise<{ companyId: string; invoices: Invoice[] }> {
  const app = await buildWorkspaceApp(db)
  try {
    const user = await newUser(app)
    await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
    const invoices: Invoice[] = []
    for (const index of [1, 2, 3]) {
      const draft = (await user.request('POST', '/api/invoices', { request: request(index) })).json<{ invoice: Invoice }>().invoice
      invoices.push((await user.request('POST', `/api/invoices/${draft.id}/issue`)).json<{ invoice: Invoice }>().invoice)
    }
    await renderedAll(app.jobs, db)
    return { companyId: user.id, invoices }
  } finally {
    await app.close()
  }
}

/** What someone with the owner's rights would have to do: switch the guard off around the change. */
async function behindTheGuard(db: Database, sql: string, params: unknown[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('alter table paraphe.invoices disable trigger invoices_guard')
    await tx.query(sql, params)
    await tx.query('alter table paraphe.invoices enable trigger invoices_guard')
  })
}

forEachEngine('a tampered or removed invoice breaks the chain, and the check finds it', async (t, db) => {
  const { companyId, invoices } = await issueThree(db)
  const [first, second, third] = invoices as [Invoice, Invoice, Invoice]
  t.equal(second.previousSha256, first.sha256, 'each invoice names the previous one’s hash')
  t.equal(third.previousSha256, second.sha256)
  t.same(await verifyInvoiceChains(db, companyId), { companies: 1, invoices: 3, problems: [] }, 'intact after real issues')
  if (db.engine === 'postgres') {
    const intact = await runGatewayCommand('verify-invoices', { DATABASE_URL: (await testPostgresServer()).url }, [companyId])
    t.equal(intact.code, 0, intact.output)
    t.match(intact.output, /Chaîne intacte : 3 facture\(s\)/, '`npm run verify-invoices` says the chain holds')
  }

  await behindTheGuard(db, `update paraphe.invoices set document = jsonb_set(document, '{lines,0,unitPriceCents}', '1') where id = $1`, [
    second.id
  ])
  const tampered = await verifyInvoiceChains(db, companyId)
  t.same(
    tampered.problems.map((problem) => [problem.number, problem.problem]),
    [
      [second.number, 'son contenu ne correspond plus à son empreinte SHA-256 (modifiée après émission)'],
      [second.number, 'ses colonnes client, totaux ou montant dû ne sont plus celles de son document (modifiées après émission)']
    ],
    'the altered invoice is named'
  )

  await behindTheGuard(db, `update paraphe.invoices set pdf = pdf || '\\x20'::bytea where id = $1`, [first.id])
  t.ok(
    (await verifyInvoiceChains(db, companyId)).problems.some((problem) => problem.number === first.number),
    'a byte added to a stored PDF is found too'
  )

  await db.query(`update paraphe.webhook_events set invoice_id = null where invoice_id = $1`, [second.id])
  // Its hand-off to the plateforme agréée goes with it, as a tamperer removing an invoice would do.
  await db.query(`delete from paraphe.invoice_transmissions where invoice_id = $1`, [second.id])
  await db.transaction(async (tx) => {
    await tx.query('alter table paraphe.invoice_events disable trigger invoice_events_append_only')
    await tx.query('delete from paraphe.invoice_events where invoice_id = $1', [second.id])
    await tx.query('alter table paraphe.invoice_events enable trigger invoice_events_append_only')
  })
  await behindTheGuard(db, 'delete from paraphe.invoices where id = $1', [second.id])
  const removed = await verifyInvoiceChains(db, companyId)
  t.ok(
    removed.problems.some((problem) => problem.number === third.number && /une facture manque/.test(problem.problem)),
    'the invoice after a removed one says one is missing'
  )
  t.ok(
    removed.problems.some((problem) => problem.number === third.number && /pas continue/.test(problem.problem)),
    'and its number does not follow'
  )

  if (db.engine === 'postgres') {
    const broken = await runGatewayCommand('verify-invoices', { DATABASE_URL: (await testPostgresServer()).url }, [companyId])
    t.equal(broken.code, 2, 'the command’s exit code says the chain is broken')
    t.match(broken.output, `facture ${third.number ?? ''}`)
  }
})
