// The saved clients' API client against the real gateway (PGlite, tokens signed like Supabase
// Auth's): each call reaches its route with the body the gateway expects, and what comes back is
// what the pages and the editor read; a quote saved by the editor with a picked client is listed
// on the client's page. The flows run in Chromium (web/test/browser/clients.test.ts).
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { buildWorkspaceApp, newUser } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient } from '@/lib/api-client'
import { clientsApi } from '@/lib/clients-api'
import { quotesApi } from '@/features/quotes/api/quotes-api'

const app = await buildWorkspaceApp()
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
// The browser resolves '/api/…' against the page; Node needs the origin.
const local: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init)

t.test('saved clients: create, search, open with their quotes, update, delete', async (t) => {
  const user = await newUser(app)
  const api = createApiClient({ getAccessToken: async () => user.token, fetch: local })
  const client = await clientsApi.create(api, {
    kind: 'individual',
    name: 'Inès Dupont',
    company: '',
    email: 'ines@example.fr',
    phone: '',
    address: '3 place Bellecour',
    siteAddress: '',
    siret: '',
    notes: ''
  })
  t.match(await clientsApi.list(api, { search: ' dupont ', limit: 5 }), { total: 1, clients: [{ id: client.id }] })
  t.match(await clientsApi.list(api, {}), { total: 1 })
  const refused = await clientsApi.create(api, { ...client, name: '' }).then(
    () => null,
    (error: unknown) => error
  )
  t.match(refused, { status: 400, fields: { name: 'Indiquez le nom du client.' } }, 'a refusal carries its field messages')

  const unsaved = await quotesApi.unsaved(api)
  const {
    id: _id,
    number: _number,
    status: _status,
    franchiseEnBase: _f,
    totals: _t,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    sentAt: _s,
    expiresOn: _e,
    replacedBy: _r,
    ...content
  } = unsaved
  const quote = await quotesApi.create(api, { ...content, client: { ...content.client, name: client.name }, savedClientId: client.id })
  t.equal(quote.savedClientId, client.id)
  const page = await clientsApi.page(api, client.id)
  t.same(
    page.quotes.map((one) => one.id),
    [quote.id],
    'the client’s page lists the quote'
  )

  t.equal((await clientsApi.update(api, client.id, { ...page.client, phone: '06 00 00 00 00' })).phone, '06 00 00 00 00')
  t.equal(await clientsApi.remove(api, client.id), null)
  t.match(await clientsApi.list(api, {}), { total: 0 })
  t.notOk('savedClientId' in (await quotesApi.get(api, quote.id)), 'the quote stays, unlinked')
})
