// Invoices issued by several hands at once across two gateway processes on one PostgreSQL 15: two
// members of one company in the workspace and its API key, 30 invoices at the same time, half
// through each gateway. One gap-free series, the chain intact (`npm run verify-invoices` exits 0),
// each PDF rendered by one run of its job. Then the crash: a gateway killed (SIGKILL) right after
// an issue answered, before its PDF was stored; restarted, it renders it, and nothing is lost or
// doubled.
import t from 'tap'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { runGatewayCommand, startGateway, waitUntil, type GatewayProcess } from '../support/gateway-process.js'
import { AUTH_ENV, httpUser, type HttpUser } from '../support/http-workspace.js'
import { startPostgres } from '../support/throwaway-postgres.js'
import { COMPLETE_PROFILE } from '../support/workspace-users.js'

t.setTimeout(900_000)

const invoiceRequest = (index: number) => ({
  kind: 'standard',
  client: { kind: 'individual', name: `Client ${index}`, address: '5 place Bellecour\n69002 Lyon' },
  lines: [{ description: `Intervention ${index}`, quantityMilli: 1000, unitPriceCents: 1_000 * (index + 1), vatRateBp: 2000 }]
})

t.test('two members and an API key issue 30 invoices at once across two gateways', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const dataDir = await mkdtemp(path.join(tmpdir(), 'paraphe-invoices-'))
  t.teardown(() => rm(dataDir, { recursive: true, force: true }))
  // A lease of 5 s (the least allowed): a render claimed by the killed gateway is taken again soon after the restart.
  const env = { ...AUTH_ENV, DATABASE_URL: postgres.url, DATA_DIR: dataDir, JOBS_INTERVAL_MS: '1000', OUTBOX_LEASE_MS: '5000' }
  const gateways: GatewayProcess[] = []
  t.teardown(() => gateways.forEach((gateway) => gateway.child.kill('SIGKILL')))
  // One after the other: the first applies the migrations.
  gateways.push(await startGateway(env))
  gateways.push(await startGateway(env))
  const origins = gateways.map((gateway) => `http://127.0.0.1:${gateway.port}`)
  const db = new pg.Client({ connectionString: postgres.url })
  await db.connect()
  t.teardown(() => db.end())

  const ownerId = randomUUID()
  const owners = await Promise.all(origins.map((origin) => httpUser(origin, ownerId)))
  const owner = owners[0] as HttpUser
  t.equal((await owner.call('PUT', '/api/profile', COMPLETE_PROFILE)).status, 200, 'the company’s profile is complete')
  await db.query(`insert into paraphe.subscriptions (company_id, plan_id, status) values ($1, 'entreprise', 'active')`, [ownerId])
  // The second member joins the owner's company before their first request.
  const memberId = randomUUID()
  await db.query(`insert into paraphe.company_members (user_id, company_id, role) values ($1, $2, 'member')`, [memberId, ownerId])
  const members = await Promise.all(origins.map((origin) => httpUser(origin, memberId)))
  const created = await owner.call('POST', '/api/company/api-keys', { name: 'ERP', scopes: ['read', 'write'] })
  t.equal(created.status, 201, 'an API key')
  const { secret } = (await created.json()) as { secret: string }
  const viaKey = (origin: string, body: unknown) =>
    fetch(`${origin}/api/v1/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })

  // Drafts of the members first (a draft takes no number), then the 30 issues at once.
  const drafts = await Promise.all(
    Array.from({ length: 20 }, async (_, index) => {
      const user = (index % 2 === 0 ? owners : members)[Math.floor(index / 2) % 2] as HttpUser
      const reply = await user.call('POST', '/api/invoices', { request: invoiceRequest(index) })
      return { user, id: ((await reply.json()) as { invoice: { id: string } }).invoice.id }
    })
  )
  const statuses = await Promise.all([
    ...drafts.map(async ({ user, id }) => (await user.call('POST', `/api/invoices/${id}/issue`)).status),
    ...Array.from(
      { length: 10 },
      async (_, index) => (await viaKey(origins[index % 2] as string, { ...invoiceRequest(20 + index), issue: true })).status
    )
  ])
  t.same(statuses, [...Array<number>(20).fill(200), ...Array<number>(10).fill(201)], 'every issue answered')

  const year = new Date().getFullYear()
  const expected = Array.from({ length: 30 }, (_, index) => `F-${year}-${String(index + 1).padStart(4, '0')}`)
  const numbers = async () =>
    (
      await db.query<{ number: string }>(
        `select number from paraphe.invoices where company_id = $1 and status = 'issued' order by chain_index`,
        [ownerId]
      )
    ).rows.map((row) => row.number)
  t.same(await numbers(), expected, 'one series, in chain order, without gap or double')

  await waitUntil(async () => {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::integer as waiting from paraphe.invoices where status = 'issued' and pdf is null`
    )
    return rows[0]?.waiting === 0
  })
  const renders = await db.query<{ invoice_id: string; runs: number; attempts: number }>(
    `select payload->>'invoiceId' as invoice_id, count(*)::integer as runs, sum(attempts)::integer as attempts
       from paraphe.jobs where name = 'invoices.render' group by 1`
  )
  t.equal(renders.rows.length, 30, 'one render job per invoice')
  t.ok(
    renders.rows.every((row) => row.runs === 1),
    'queued once each'
  )
  t.ok(
    (await db.query(`select 1 from paraphe.jobs where name = 'invoices.render' and status <> 'done'`)).rows.length === 0,
    'every render done'
  )

  const verified = await runGatewayCommand('verify-invoices', { DATABASE_URL: postgres.url }, [])
  t.equal(verified.code, 0, verified.output)
  t.match(verified.output, /Chaîne intacte : 30 facture\(s\)/)

  // The crash: the second gateway stops, so that the first is the only one to render; it is
  // killed as soon as an issue answers. A round whose PDF was stored before the kill proves
  // nothing: another round, with a new gateway.
  gateways[1]?.child.kill('SIGKILL')
  await gateways[1]?.exited
  let killedBeforeRender = false
  for (let round = 0; round < 5 && !killedBeforeRender; round += 1) {
    const gateway = gateways[0] as GatewayProcess
    const user = await httpUser(`http://127.0.0.1:${gateway.port}`, ownerId)
    const draft = (await (await user.call('POST', '/api/invoices', { request: invoiceRequest(100 + round) })).json()) as {
      invoice: { id: string }
    }
    const issued = await user.call('POST', `/api/invoices/${draft.invoice.id}/issue`)
    gateway.child.kill('SIGKILL')
    await gateway.exited
    t.equal(issued.status, 200, `round ${round}: issued`)
    const { rows } = await db.query<{ has_pdf: boolean }>('select pdf is not null as has_pdf from paraphe.invoices where id = $1', [
      draft.invoice.id
    ])
    killedBeforeRender = rows[0]?.has_pdf === false
    gateways[0] = await startGateway(env)
    if (!killedBeforeRender) continue
    t.comment(`killed between the commit and the render in round ${round}`)
    await waitUntil(async () => {
      const stored = await db.query<{ has_pdf: boolean }>('select pdf is not null as has_pdf from paraphe.invoices where id = $1', [
        draft.invoice.id
      ])
      return stored.rows[0]?.has_pdf === true
    })
    t.pass('the PDF appears after the restart')
  }
  t.ok(killedBeforeRender, 'a kill landed between the commit and the render')
  const after = await numbers()
  t.same(
    after,
    Array.from({ length: after.length }, (_, index) => `F-${year}-${String(index + 1).padStart(4, '0')}`),
    'no number lost or doubled'
  )
  const final = await runGatewayCommand('verify-invoices', { DATABASE_URL: postgres.url }, [])
  t.equal(final.code, 0, final.output)
})
