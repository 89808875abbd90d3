// An invoice issued before migration 0024 (hash version 1: its PDF made in the issuing transaction
// and covered by the chain's hash) survives the upgrade on both engines: the migration applies on
// a database holding it, the invoice keeps verifying, and its PDF still can never change.
import t from 'tap'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import type { InvoiceDocument } from '@paraphe/shared/invoices/invoice-document'
import type { Database, DatabaseEngine } from '../../src/db/database.js'
import { migrate, readMigrations } from '../../src/db/migrate.js'
import { openPglite } from '../../src/db/pglite-database.js'
import { openPostgres } from '../../src/db/postgres-database.js'
import { chainHash } from '../../src/invoices/invoice-chain.js'
import { verifyInvoiceChains } from '../../src/invoices/invoice-verification.js'
import { summaryOf } from '../../src/invoices/invoices-repository.js'
import { testDatabase, testPostgresServer } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser } from '../support/workspace-users.js'
import { renderedAll } from './support/renders.js'

t.setTimeout(600_000)

/** The migrations a database held before this branch's 0024 (the last one before repeatable files). */
const BEFORE_0024 = readMigrations().filter((migration) => migration.version <= 21)

let databases = 0
async function emptyDatabase(engine: DatabaseEngine): Promise<Database> {
  if (engine === 'pglite') return openPglite(null)
  const { url } = await testPostgresServer()
  const admin = await openPostgres({ connectionString: url, maxConnections: 1, onIdleError: () => undefined })
  databases += 1
  const name = `hash_upgrade_${process.pid}_${databases}`
  await admin.query(`create database ${name}`)
  await admin.close()
  return openPostgres({ connectionString: url.replace(/\/postgres$/, `/${name}`), maxConnections: 4, onIdleError: () => undefined })
}

/** A real issued invoice's document, XML and PDF (made by today's code on a migrated database). */
async function realFiles(): Promise<{ document: InvoiceDocument; xml: string; pdf: Uint8Array }> {
  const db = await testDatabase('pglite')
  const app = await buildWorkspaceApp(db)
  try {
    const user = await newUser(app)
    await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
    const request = {
      kind: 'standard',
      client: { kind: 'individual', name: 'Mme Durand', address: '5 place Bellecour\n69002 Lyon' },
      lines: [{ description: 'Pose de carrelage', quantityMilli: 12_000, unitPriceCents: 4_500, vatRateBp: 1000 }]
    }
    const draft = (await user.request('POST', '/api/invoices', { request })).json<{ invoice: Invoice }>().invoice
    await user.request('POST', `/api/invoices/${draft.id}/issue`)
    await renderedAll(app.jobs, db)
    const { rows } = await db.query<{ document: InvoiceDocument; xml: string; pdf: Uint8Array }>(
      'select document, xml, pdf from paraphe.invoices where id = $1',
      [draft.id]
    )
    const row = rows[0]
    if (row === undefined) throw new Error('the issued invoice is missing')
    return row
  } finally {
    await app.close()
  }
}

const files = await realFiles()
const COMPANY = '00000000-0000-4000-8000-0000000000c1'

for (const engine of ['pglite', 'postgres'] as const) {
  t.test(`a hash version 1 invoice through the upgrade (${engine})`, async (t) => {
    const db = await emptyDatabase(engine)
    t.teardown(() => db.close())
    await migrate(db, BEFORE_0024)

    // Issued as the code before 0024 did: PDF and XML stored at issue, both in the hash.
    const number = 'F-2026-0001'
    const { document, xml, pdf } = files
    const sha256 = chainHash({
      companyId: COMPANY,
      chainIndex: 1,
      previousSha256: null,
      number,
      kind: 'standard',
      issueDate: document.issueDate,
      dueDate: document.dueDate,
      document,
      pdf,
      xml
    })
    const summary = summaryOf(document)
    await db.query(`insert into paraphe.companies (id) values ($1)`, [COMPANY])
    const { rows } = await db.query<{ id: string }>(
      `insert into paraphe.invoices (company_id, kind, content) values ($1, 'standard', '{}') returning id`,
      [COMPANY]
    )
    const id = rows[0]?.id
    await db.query(
      `update paraphe.invoices
          set status = 'issued', number = $2, issue_date = $3, due_date = $4, issued_at = now(), document = $5, pdf = $6, xml = $7,
              chain_index = 1, previous_sha256 = null, sha256 = $8, client_name = $9, total_ht_cents = $10, total_ttc_cents = $11,
              amount_due_cents = $12
        where id = $1`,
      [
        id,
        number,
        document.issueDate,
        document.dueDate,
        JSON.stringify(document),
        Buffer.from(pdf),
        xml,
        sha256,
        summary.clientName,
        summary.totalHtCents,
        summary.totalTtcCents,
        summary.amountDueCents
      ]
    )
    await db.query(`insert into paraphe.invoice_counters (company_id, year, last_number) values ($1, 2026, 1)`, [COMPANY])

    await migrate(db)
    const upgraded = await db.query<{ hash_version: number; pdf_sha256: string | null }>(
      'select hash_version, pdf_sha256 from paraphe.invoices where id = $1',
      [id]
    )
    t.same(upgraded.rows, [{ hash_version: 1, pdf_sha256: null }], 'kept as version 1, its PDF inside its hash')
    const report = await verifyInvoiceChains(db, COMPANY)
    t.same(report.problems, [], 'it still verifies')
    t.equal(report.invoices, 1)
    await t.rejects(
      db.query(`update paraphe.invoices set pdf = $2, pdf_sha256 = null where id = $1`, [id, Buffer.from('%PDF-other')]),
      /can never be modified/,
      'its PDF can never be replaced'
    )
    await t.rejects(
      db.query(`update paraphe.invoices set pdf_sha256 = $2 where id = $1`, [id, 'a'.repeat(64)]),
      /can never be modified/,
      'nor a PDF hash added beside it'
    )
  })
}
