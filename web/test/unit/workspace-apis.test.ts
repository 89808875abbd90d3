// The team, Articles and API keys pages' clients against the real gateway (PGlite, tokens signed
// like Supabase Auth's): each call reaches its route with the body the gateway expects, and what
// comes back is what the pages read. The pages' flows run in Chromium.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser, subscribe } from '../../../gateway/test/support/workspace-users.js'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { itemsApi } from '@/lib/items-api'
import { apiKeysApi } from '@/features/api-keys/api/api-keys-api'
import { teamApi } from '@/features/team/api/team-api'
import { webhooksApi } from '@/features/webhooks/api/webhooks-api'
import {
  addEndpoint,
  deleteEndpoint,
  endpointProblems,
  loadDeliveries,
  redeliver,
  toggledEvents
} from '@/features/webhooks/lib/webhook-actions'

const app = await buildWorkspaceApp()
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
// The browser resolves '/api/…' against the page; Node needs the origin.
const local: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init)

async function signedIn(email?: string): Promise<{ api: ApiClient; id: string; email: string }> {
  const user = await newUser(app, email)
  return { api: createApiClient({ getAccessToken: async () => user.token, fetch: local }), id: user.id, email: user.email }
}

/** The invitation's token, read from its queued e-mail (no SMTP here: it waits in the outbox). */
async function invitationToken(to: string): Promise<string> {
  const { rows } = await app.db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
    [to]
  )
  const token = /token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1]
  if (token === undefined) throw new Error(`no invitation e-mail to ${to}`)
  return token
}

t.test('the team: invite, re-send, cancel, view and accept, transfer, remove, leave', async (t) => {
  const owner = await signedIn()
  await owner.api.put('/api/profile', { body: COMPLETE_PROFILE })
  await subscribe(app.db, owner.id, 'entreprise')
  const invited = await teamApi.invite(owner.api, 'lea@plomberie-durand.example')
  t.equal(invited.email, 'lea@plomberie-durand.example')
  t.equal((await teamApi.team(owner.api)).invitations.length, 1)
  const resent = await teamApi.resend(owner.api, invited.id).then(
    () => null,
    (error: unknown) => error
  )
  t.match(resent, { status: 429, message: /[a-zé]/ }, 'a re-send right away waits its minute, said in French')
  t.equal(await teamApi.cancel(owner.api, invited.id), null)
  t.same((await teamApi.team(owner.api)).invitations, [])

  const lea = await signedIn('lea@plomberie-durand.example')
  await teamApi.invite(owner.api, lea.email)
  const token = await invitationToken(lea.email)
  t.match(await teamApi.view(lea.api, token), { companyName: COMPLETE_PROFILE.companyName, email: lea.email, state: 'open' })
  t.same(await teamApi.accept(lea.api, token), { joined: true })
  t.equal(await teamApi.transfer(owner.api, lea.id), null, 'ownership handed over')
  t.equal((await teamApi.team(lea.api)).you.role, 'owner')
  t.equal(await teamApi.remove(lea.api, owner.id), null, 'the new owner removes the former one')

  const marc = await signedIn()
  await teamApi.invite(lea.api, marc.email)
  await teamApi.accept(marc.api, await invitationToken(marc.email))
  t.equal(await teamApi.leave(marc.api), null, 'a member leaves')
  t.equal((await teamApi.team(lea.api)).members.length, 1)
})

t.test('Articles: create, list with a search, update, export, import, delete', async (t) => {
  const { api } = await signedIn()
  const item = await itemsApi.create(api, {
    designation: 'Pose de faïence',
    unit: 'm²',
    unitPriceCents: 6_500,
    vatRateBp: 1000,
    category: 'Carrelage'
  })
  t.match(await itemsApi.list(api, { search: 'faience' }), { total: 0 }, 'accents count in the search')
  t.match(await itemsApi.list(api, { search: ' faïence ', limit: 5 }), { total: 1, items: [{ id: item.id }] })
  t.equal(
    (
      await itemsApi.update(api, item.id, {
        designation: 'Pose de faïence',
        unit: 'm²',
        unitPriceCents: 7_000,
        vatRateBp: 1000,
        category: 'Carrelage'
      })
    ).unitPriceCents,
    7_000
  )
  const exported = await itemsApi.exportCsv(api)
  t.equal(exported.filename, 'articles.csv')
  const csv = await exported.blob.text()
  t.match(csv, /Pose de faïence;m²;70,00;10 %;Carrelage/)
  t.same(await itemsApi.importCsv(api, new Blob([`${csv}Plinthes;ml;9;20;Menuiserie\r\n`])), { created: 1, updated: 1 })
  t.equal(await itemsApi.remove(api, item.id), null)
  t.match(await itemsApi.list(api, {}), { total: 1, items: [{ designation: 'Plinthes', unit: 'm' }] })
})

t.test('API keys: created with its secret once, listed, revoked', async (t) => {
  const owner = await signedIn()
  await subscribe(app.db, owner.id, 'entreprise')
  const created = await apiKeysApi.create(owner.api, 'ERP', ['read'])
  t.match(created, { key: { name: 'ERP', scopes: ['read'], revokedAt: null }, secret: /^paraphe_/ })
  const listed = await apiKeysApi.list(owner.api)
  t.equal(listed.apiIncluded, true)
  t.same(
    listed.keys.map((key) => key.id),
    [created.key.id]
  )
  t.notOk(JSON.stringify(listed).includes(created.secret), 'the list never shows the secret')
  await apiKeysApi.revoke(owner.api, created.key.id)
  t.type((await apiKeysApi.list(owner.api)).keys[0]?.revokedAt, 'string', 'revoked')
})

t.test('Webhooks: an endpoint with its secret once, its deliveries, a re-send, deleted', async (t) => {
  const owner = await signedIn()
  await subscribe(app.db, owner.id, 'entreprise')
  const created = await webhooksApi.create(owner.api, 'http://127.0.0.1:9/hooks', ['quote.sent'])
  t.match(created, { endpoint: { url: 'http://127.0.0.1:9/hooks', events: ['quote.sent'] }, secret: /^whsec_/ })
  const listed = await webhooksApi.list(owner.api)
  t.same(
    { ids: listed.endpoints.map((endpoint) => endpoint.id), included: listed.webhooksIncluded },
    { ids: [created.endpoint.id], included: true }
  )
  await app.db.query(`select paraphe.enqueue_webhook_event($1, 'quote.sent', null, '{}'::jsonb)`, [owner.id])
  const [delivery] = (await webhooksApi.deliveries(owner.api, created.endpoint.id)).deliveries
  t.match(delivery, { eventType: 'quote.sent', eventId: /^evt_/ })
  t.match(await webhooksApi.redeliver(owner.api, created.endpoint.id, delivery?.id ?? ''), {
    status: 'pending',
    attempts: 0,
    eventId: delivery?.eventId
  })
  await webhooksApi.remove(owner.api, created.endpoint.id)
  t.same((await webhooksApi.list(owner.api)).endpoints, [], 'deleted')
})

t.test('Webhooks page actions: the form’s checks, and each answer as the page shows it', async (t) => {
  t.same(endpointProblems(' ', []), {
    url: 'Indiquez l’adresse (URL) qui recevra les événements.',
    events: 'Choisissez au moins un événement.'
  })
  t.same(endpointProblems('https://erp.exemple.fr/', ['quote.sent']), {})
  t.same(toggledEvents(['quote.expired'], 'quote.sent', true), ['quote.sent', 'quote.expired'], 'in the order of the list')
  t.same(toggledEvents(['quote.sent', 'quote.expired'], 'quote.sent', false), ['quote.expired'])

  const free = await signedIn()
  t.match(await addEndpoint(free.api, 'http://127.0.0.1:9/hooks', ['quote.sent']), { kind: 'failed', text: /formule Entreprise/ })
  const owner = await signedIn()
  await subscribe(app.db, owner.id, 'entreprise')
  t.same(await addEndpoint(owner.api, 'ftp://erp.exemple.fr/', ['quote.sent']), {
    kind: 'refused',
    problems: { url: 'L’adresse doit commencer par https://.' }
  })
  const added = await addEndpoint(owner.api, '  http://127.0.0.1:9/hooks ', ['quote.sent'])
  if (added.kind !== 'created') throw new Error('not created')
  t.equal(added.created.endpoint.url, 'http://127.0.0.1:9/hooks', 'trimmed')
  const endpoint = added.created.endpoint
  await app.db.query(`select paraphe.enqueue_webhook_event($1, 'quote.sent', null, '{}'::jsonb)`, [owner.id])
  const log = await loadDeliveries(owner.api, endpoint.id)
  if (log.kind !== 'ready') throw new Error('no log')
  t.equal(log.data.length, 1)
  t.match(await loadDeliveries(owner.api, 'inconnu'), { kind: 'failed', error: { status: 404 } })
  t.same(await redeliver(owner.api, endpoint.id, log.data[0]!), {
    kind: 'done',
    text: 'L’événement quote.sent est remis dans la file d’envoi, avec le même identifiant.'
  })
  t.same(await redeliver(owner.api, endpoint.id, { ...log.data[0]!, id: '999999999' }), {
    kind: 'failed',
    text: 'Cet envoi est introuvable.'
  })
  t.same(await deleteEndpoint(owner.api, endpoint), {
    kind: 'done',
    text: 'L’adresse http://127.0.0.1:9/hooks est supprimée : elle ne reçoit plus rien.'
  })
  t.same(
    await deleteEndpoint(owner.api, endpoint),
    { kind: 'failed', text: 'Cette adresse de webhooks est introuvable.' },
    'already deleted'
  )
})
