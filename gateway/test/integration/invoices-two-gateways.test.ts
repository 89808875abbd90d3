// Invoice numbering across two real gateway processes on one PostgreSQL: 20 invoices issued at
// once, half through each, get 20 consecutive numbers with no gap and no duplicate, and the chain
// holds. Two credit notes racing for the whole of one invoice: one is issued, the other refused
// after it had taken the counter, and its rolled-back transaction leaves no hole in the series.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { openPostgres } from '../../src/db/postgres-database.js'
import { verifyInvoiceChains } from '../../src/invoices/invoice-verification.js'
import { startGateway } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, type HttpUser } from '../support/http-workspace.js'
import { startPostgres } from '../support/throwaway-postgres.js'
import { COMPLETE_PROFILE } from '../support/workspace-users.js'

t.setTimeout(600_000)

const standardInvoice = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 1_000 * index, vatRateBp: 2000 }]
})

async function draftOf(user: HttpUser, request: object): Promise<string> {
  const response = await user.call('POST', '/api/invoices', { request })
  if (response.status !== 201) throw new Error(`draft refused: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { invoice: Invoice }).invoice.id
}

t.test('20 invoices issued at once through two gateways on one PostgreSQL', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-invoices-two-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  const env = { ...AUTH_ENV, DATABASE_URL: postgres.url, DATA_DIR: dataDir }
  // One after the other: the first applies the migrations.
  const first = await startGateway(env)
  t.teardown(() => first.child.kill('SIGKILL'))
  const second = await startGateway(env)
  t.teardown(() => second.child.kill('SIGKILL'))
  const userId = randomUUID()
  const [one, two] = (await Promise.all([first, second].map((gateway) => httpUser(`http://127.0.0.1:${gateway.port}`, userId)))) as [
    HttpUser,
    HttpUser
  ]
  t.equal((await one.call('PUT', '/api/profile', COMPLETE_PROFILE)).status, 200)

  // The invoice two credit notes will race for, issued first.
  const target = await draftOf(one, standardInvoice(100))
  t.equal((await one.call('POST', `/api/invoices/${target}/issue`)).status, 200)
  const drafts = await Promise.all(
    Array.from({ length: 20 }, (_, index) => draftOf(index % 2 === 0 ? one : two, standardInvoice(index + 1)))
  )
  const credits = await Promise.all([one, two].map((user) => draftOf(user, { kind: 'credit_note', correctsInvoiceId: target })))

  const issue = (user: HttpUser, id: string) =>
    user.call('POST', `/api/invoices/${id}/issue`).then(async (response) => ({ id, status: response.status, body: await response.text() }))
  const results = await Promise.all([
    ...drafts.map((id, index) => issue(index % 2 === 0 ? one : two, id)),
    issue(one, credits[0] as string),
    issue(two, credits[1] as string)
  ])
  const invoices = results.filter((result) => drafts.includes(result.id))
  t.ok(
    invoices.every((result) => result.status === 200),
    `the 20 invoices issued (${invoices.map((result) => result.status).join(', ')})`
  )
  const creditStatuses = results
    .filter((result) => !drafts.includes(result.id))
    .map((result) => result.status)
    .sort()
  t.same(creditStatuses, [200, 409], 'one credit note takes the whole invoice, the other is refused, never a 5xx')

  const db = await openPostgres({ connectionString: postgres.url, maxConnections: 2, onIdleError: () => undefined })
  t.teardown(() => db.close())
  const { rows } = await db.query<{ number: string; chain_index: number }>(
    `select number, chain_index from paraphe.invoices where company_id = $1 and status = 'issued' order by chain_index`,
    [userId]
  )
  const sequences = rows.map((row) => Number(/-(\d{4})$/.exec(row.number)?.[1]))
  t.same(
    sequences,
    Array.from({ length: 22 }, (_, index) => index + 1),
    `22 numbers in issue order, no gap: ${rows.map((row) => row.number).join(', ')}`
  )
  t.equal(new Set(rows.map((row) => row.number)).size, 22, 'no duplicate')
  t.same(
    rows.map((row) => row.chain_index),
    sequences,
    'the chain follows the numbers'
  )
  t.same(await verifyInvoiceChains(db, userId), { companies: 1, invoices: 22, problems: [] }, 'and every link checks')
  t.same(
    [...first.lines, ...second.lines].filter((entry) => Number(entry.level) >= 50),
    [],
    'no error logged by either gateway'
  )
  const refusedCredit = results.find((result) => result.status === 409)
  t.match(refusedCredit?.body, /entièrement annulée par avoir/, 'the refusal says why, in French')
})
