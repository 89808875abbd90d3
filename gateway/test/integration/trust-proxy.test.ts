// TRUST_PROXY unset (the default): the client address is the connection's. A process on the same
// machine that talks to the gateway directly cannot claim another address with X-Forwarded-For,
// neither to get around the contact limit nor to put a false address in the signature evidence.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'
import { signRequestBody } from '../support/http-workspace.js'
import { parisIsoDate } from '@paraphe/shared/dates'

const db = await testDatabase('pglite')
const app: FastifyInstance = await buildWorkspaceApp(db, { CONTACT_RATE_LIMIT_PER_HOUR: '2' })
t.teardown(() => app.close())
await app.listen({ host: '127.0.0.1', port: 0 })
const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`

t.test('no hop is trusted unless TRUST_PROXY says so', async (t) => {
  t.equal(testConfig().trustProxy, false)
})

t.test('contact limit: forged X-Forwarded-For from a loopback client is not believed', async (t) => {
  const before =
    (await db.query<{ count: number }>(`select count(*)::integer as count from paraphe.contact_messages where client_ip = '127.0.0.1'`))
      .rows[0]?.count ?? 0
  t.equal(before, 0)
  const statuses: number[] = []
  for (let index = 1; index <= 4; index++) {
    const response = await fetch(`${origin}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${index}` },
      body: JSON.stringify({
        name: 'Robot',
        email: 'robot@example.org',
        subject: `Essai ${index}`,
        message: 'Bonjour, ceci est un essai.',
        consent: true,
        website: ''
      })
    })
    statuses.push(response.status)
  }
  t.same(statuses, [201, 201, 429, 429], 'a limit of 2 lets 2 through, whatever address is claimed')
  const stored = await db.query<{ client_ip: string }>(`select client_ip from paraphe.contact_messages where subject like 'Essai %'`)
  t.same(
    stored.rows.map((row) => row.client_ip),
    ['127.0.0.1', '127.0.0.1'],
    'the connection’s address is stored'
  )
})

t.test('signature evidence: the connection’s address, not the claimed one', async (t) => {
  const pro = await newUser(app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{
    quote: { id: string }
  }>().quote
  const signingUrl = (await pro.request('POST', `/api/quotes/${draft.id}/send`)).json<{ signingUrl: string }>().signingUrl
  const token = new URL(signingUrl).searchParams.get('token') as string
  const forged = { 'x-forwarded-for': '203.0.113.66', 'user-agent': 'Mozilla/5.0 (Test)' }
  const view = (await (await fetch(`${origin}/api/sign/${token}`, { headers: forged })).json()) as { documentSha256: string }
  const signed = await fetch(`${origin}/api/sign/${token}/sign`, {
    method: 'POST',
    headers: { ...forged, 'content-type': 'application/json' },
    body: JSON.stringify(signRequestBody(view.documentSha256))
  })
  t.equal(signed.status, 200)
  const pdf = new Uint8Array(await (await fetch(`${origin}/api/sign/${token}/pdf`)).arrayBuffer())
  const text = normaliseSpaces(await pdfText(pdf))
  t.match(text, /Adresse IP : 127\.0\.0\.1/, 'the evidence file records the real address')
  t.notMatch(text, /203\.0\.113\.66/, 'and never the forged one')
})
