// The invoices list a page at a time by its cursor (`after`), on both engines: following
// `nextCursor` from the first page to the last lists every invoice exactly once, drafts first then
// the chain newest first, even when invoices are issued between two pages (an offset would have
// shown a row twice), each issue's XML made once, ahead of its transaction, and used; a payment
// status filters and pages the same way; the old `offset` still pages; a cursor that is not one
// is refused in French, and another company's shows nothing.
import t from 'tap'
import type { InvoiceList, InvoiceSummary } from '@paraphe/shared/api/invoice-schemas'
import type { Database } from '../../src/db/database.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, newUser, subscribe, type TestUser } from '../support/workspace-users.js'
import { pdfTasksStarted } from '../../src/workers/pdf-pool.js'
import { invoiceOf, PROFILE_WITH_BANK, type ErrorJson } from './support/invoice-mail-cases.js'

// Two real issues (their XML in a PDF process) per engine.
t.setTimeout(600_000)

const ISSUED = 12

const standardRequest = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 10_000 + index, vatRateBp: 2000 }]
})

/**
 * `ISSUED` issued invoices written in SQL as the bench does (no API issues a dozen in a test's
 * time; the chain's guard off for it), every third one paid, and the counter where they end.
 */
async function issuedInSql(db: Database, companyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('alter table paraphe.invoices disable trigger invoices_guard')
    await tx.query(
      `insert into paraphe.invoices (company_id, kind, status, content, client_name, total_ht_cents, total_ttc_cents, amount_due_cents,
         number, issue_date, due_date, issued_at, document, xml, chain_index, previous_sha256, sha256, hash_version)
       select $1, 'standard', 'issued', '{}'::jsonb, 'Client ' || n, 10000, 12000, 12000, 'T-' || n, current_date, current_date + 30,
              now(), '{}'::jsonb, '<xml/>', n, case when n = 1 then null else repeat('a', 64) end, repeat('a', 64), 2
         from generate_series(1, $2::integer) n`,
      [companyId, ISSUED]
    )
    await tx.query('alter table paraphe.invoices enable trigger invoices_guard')
    await tx.query(
      `insert into paraphe.invoice_payments (invoice_id, company_id, amount_cents, paid_on, means)
       select id, company_id, 12000, issue_date, 'transfer' from paraphe.invoices where company_id = $1 and chain_index % 3 = 0`,
      [companyId]
    )
    await tx.query(`insert into paraphe.invoice_counters (company_id, year, last_number) values ($1, $2, $3)`, [
      companyId,
      new Date().getUTCFullYear(),
      ISSUED
    ])
  })
}

async function page(user: TestUser, query: string): Promise<InvoiceList> {
  const response = await user.request('GET', `/api/invoices?${query}`)
  if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body.slice(0, 300)}`)
  return response.json<InvoiceList>()
}

/** Every page from the first, following nextCursor; `between` runs after each page but the last. */
async function allPages(user: TestUser, query: string, between: (index: number) => Promise<void> = async () => undefined) {
  const pages: InvoiceSummary[][] = []
  let after: string | null = null
  do {
    const listed: InvoiceList = await page(user, `${query}${after === null ? '' : `&after=${encodeURIComponent(after)}`}`)
    pages.push(listed.invoices)
    after = listed.nextCursor
    if (after !== null) await between(pages.length)
  } while (after !== null)
  return pages
}

forEachEngine('the invoice list by its cursor: every invoice once, while others are issued between pages', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const pro = await newUser(app)
  await subscribe(db, pro.id, 'pro')
  t.equal((await pro.request('PUT', '/api/profile', PROFILE_WITH_BANK)).statusCode, 200)
  await issuedInSql(db, pro.id)
  const drafts: string[] = []
  for (let index = 0; index < 4; index += 1)
    drafts.push(invoiceOf(await pro.request('POST', '/api/invoices', { request: standardRequest(index) })).id)

  const before = await page(pro, 'limit=100')
  t.equal(before.total, ISSUED + 4)
  t.equal(before.nextCursor, null, 'one page holds them all: no next page')
  const expected = before.invoices.map((invoice) => invoice.id)
  t.same(expected.slice(0, 4), [...drafts].reverse(), 'drafts first, the newest change first')
  t.same(
    before.invoices.slice(4).map((invoice) => invoice.number),
    Array.from({ length: ISSUED }, (_, index) => `T-${ISSUED - index}`),
    'then the chain, newest number first'
  )

  let issuedMeanwhile = 0
  const pages = await allPages(pro, 'limit=5', async (index) => {
    if (index !== 1) return
    // Between the first two pages: a draft already shown is issued (it joins the top of the
    // chain), and a new invoice is created and issued.
    const xmlBefore = pdfTasksStarted()['invoice-xml']
    t.equal((await pro.request('POST', `/api/invoices/${drafts[3]}/issue`)).statusCode, 200)
    const fresh = invoiceOf(await pro.request('POST', '/api/invoices', { request: standardRequest(9) }))
    t.equal((await pro.request('POST', `/api/invoices/${fresh.id}/issue`)).statusCode, 200)
    issuedMeanwhile = 2
    // Each issue's XML was made once, before its transaction (not again inside it, holding the counter).
    t.equal(pdfTasksStarted()['invoice-xml'] - xmlBefore, 2, 'one XML per issue, made ahead and used')
  })
  t.equal(issuedMeanwhile, 2, 'issued between the pages')
  const listed = pages.flat().map((invoice) => invoice.id)
  t.same(
    pages.map((shown) => shown.length),
    [5, 5, 5, 1],
    'pages of five, the last one short'
  )
  t.same(listed, expected, 'each invoice listed once, in order: none doubled, none missed')

  // With offset, the same walk would have shown invoices twice: the two issued moved every row down.
  const byOffset = [...(await page(pro, 'limit=5')).invoices, ...(await page(pro, 'limit=5&offset=5')).invoices]
  t.equal(byOffset.length, 10, 'offset still pages (the clients written before the cursor)')
  t.equal(byOffset[5]?.number, `T-${ISSUED}`, 'offset counts from the top as it stands now')

  // A page that ends among the drafts: the next one goes on with the drafts, then the chain.
  const now = (await page(pro, 'limit=100')).invoices.map((invoice) => invoice.id)
  const byThree = await allPages(pro, 'limit=3')
  t.same(
    byThree[0]?.map((invoice) => invoice.status),
    ['draft', 'draft', 'draft']
  )
  t.same(
    byThree.flat().map((invoice) => invoice.id),
    now,
    'from a draft’s cursor too, each invoice once and in order'
  )
  t.same(
    (await allPages(pro, 'status=draft&limit=2')).map((shown) => shown.length),
    [2, 1],
    'the drafts alone, by two'
  )

  const paid = await allPages(pro, 'status=paid&limit=2')
  t.same(
    paid.flat().map((invoice) => invoice.number),
    ['T-12', 'T-9', 'T-6', 'T-3'],
    'a payment status pages the same way'
  )
  t.same(
    paid.flat().map((invoice) => invoice.paymentStatus),
    ['paid', 'paid', 'paid', 'paid']
  )
  const unpaid = await page(pro, 'status=unpaid&limit=100')
  t.equal(unpaid.total, unpaid.invoices.length, 'the count of a status is what its pages list')
  t.equal(unpaid.counts.paid, 4)

  const refused = await pro.request('GET', '/api/invoices?after=pas-un-curseur')
  t.equal(refused.statusCode, 400)
  t.equal(refused.json<ErrorJson>().error.message, 'Cette suite de liste n’est plus valide : rechargez la liste des factures.')

  const cursor = (await page(pro, 'limit=5')).nextCursor ?? ''
  const stranger = await newUser(app)
  t.same((await page(stranger, `after=${encodeURIComponent(cursor)}`)).invoices, [], 'another company’s cursor shows nothing of it')
})
