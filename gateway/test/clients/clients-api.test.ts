// Saved clients through the API, on PGlite and PostgreSQL 15: saved, found as one types (words
// matched literally), edited, deleted; the same person once; French messages for bad input;
// shared by the company's members, refused to a read-only member, invisible to other companies;
// a client's page lists the quotes made out to them, and deleting the client unlinks those
// quotes without changing them.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Database } from '../../src/db/database.js'
import { forEachEngine } from '../support/databases.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

interface Client {
  id: string
  kind: string
  name: string
  company: string
  email: string
  siret: string
  siteAddress: string
}
interface Quote {
  id: string
  number: string | null
  status: string
  savedClientId?: string
  client: { name: string; email: string }
  version: number
}
interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}

const ines = {
  kind: 'individual',
  name: 'Inès Dupont',
  company: '',
  email: 'ines@example.fr',
  phone: '06 12 34 56 78',
  address: '3 place Bellecour\n69002 Lyon',
  siteAddress: '',
  siret: '',
  notes: ''
}
const syndic = {
  kind: 'business',
  name: 'Marc Petit',
  company: 'Syndic Bellevue',
  email: 'contact@bellevue.example',
  phone: '',
  address: '10 quai Perrache\n69002 Lyon',
  siteAddress: 'Résidence Bellevue, 69003 Lyon',
  siret: '732 829 320 00074',
  notes: 'Code portail 1234'
}

async function setUp(t: Test, db: Database): Promise<{ app: FastifyInstance; user: TestUser }> {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  return { app, user: await newUser(app) }
}

const list = (user: TestUser, query = '') =>
  user.request('GET', `/api/clients${query}`).then((response) => response.json<{ clients: Client[]; total: number }>())

forEachEngine('saved clients: save, find as one types, edit, delete; bad input in French', async (t, db) => {
  const { user } = await setUp(t, db)
  t.same(await list(user), { clients: [], total: 0 }, 'a new company has no client')
  const created = await user.request('POST', '/api/clients', { ...ines, name: '  Inès Dupont ' })
  t.equal(created.statusCode, 201)
  t.match(created.json<Client>(), { ...ines, id: /^[0-9a-f-]{36}$/ }, 'stored trimmed')
  const business = await user.request('POST', '/api/clients', syndic)
  t.equal(business.statusCode, 201)
  t.equal(business.json<Client>().siret, '73282932000074', 'the SIRET kept as its digits')
  t.equal(
    (await user.request('POST', '/api/clients', { ...ines, name: '50% Déco', email: 'info@deco.example', phone: '' })).statusCode,
    201
  )

  const names = async (q: string) =>
    (await list(user, `?q=${encodeURIComponent(q)}&limit=10`)).clients.map((client) => client.name || client.company)
  t.same(await names('dupont'), ['Inès Dupont'], 'a word of the name, without case')
  t.same(await names('bellevue'), ['Marc Petit'], 'the company name')
  t.same(await names('06 12'), ['Inès Dupont'], 'the phone')
  t.same(await names('ines@'), ['Inès Dupont'], 'the e-mail')
  t.same(await names('50%'), ['50% Déco'], '% is matched literally')
  t.same(await names('5_%'), [], 'and _ too: not wildcards')
  t.same(await names('\u0000'), [], 'a NUL byte matches nothing, and is no error')
  t.same(await names('in'), ['Inès Dupont', '50% Déco'], 'the client whose name starts with the text comes first')
  const limited = await list(user, '?limit=2')
  t.equal(limited.clients.length, 2)
  t.equal(limited.total, 3, 'the total counts beyond the limit')

  const id = created.json<Client>().id
  const edited = await user.request('PUT', `/api/clients/${id}`, { ...ines, phone: '07 00 00 00 00', siteAddress: 'Maison de campagne' })
  t.equal(edited.statusCode, 200)
  t.match(edited.json<Client>(), { phone: '07 00 00 00 00', siteAddress: 'Maison de campagne' })

  const again = await user.request('POST', '/api/clients', { ...ines, name: 'INÈS DUPONT', email: 'INES@example.fr' })
  t.equal(again.statusCode, 409, 'the same name and e-mail twice')
  t.equal(again.json<ErrorJson>().error.fields?.['name'], 'Un client enregistré porte déjà ce nom et cette adresse e-mail.')
  t.equal(
    (await user.request('POST', '/api/clients', { ...ines, name: 'Paul Dupont' })).statusCode,
    201,
    'another person may share the e-mail'
  )

  const bad = async (body: unknown) => {
    const response = await user.request('POST', '/api/clients', body)
    t.equal(response.statusCode, 400, 'refused as bad input')
    return response.json<ErrorJson>().error
  }
  t.same((await bad({ ...ines, name: '  ' })).fields, { name: 'Indiquez le nom du client.' })
  t.same((await bad({ ...syndic, company: '' })).fields, { company: 'Indiquez le nom de la société.' })
  t.same((await bad({ ...ines, email: 'ines@' })).fields, {
    email: 'Cette adresse e-mail ne semble pas valide (exemple : nom@domaine.fr).'
  })
  t.same((await bad({ ...syndic, siret: '732 829 320 00075' })).fields, {
    siret: 'Ce SIRET n’est pas valide : vérifiez les chiffres (clé de contrôle incorrecte).'
  })
  t.same((await bad({ ...ines, siret: '73282932000074' })).fields, { siret: 'Seul un client professionnel a un SIRET.' })
  t.match(await bad({ ...ines, kind: 'robot' }), { message: 'Certains champs sont invalides.', fields: { kind: 'Valeur non acceptée.' } })
  t.same(
    (await bad({ ...ines, address: 'a\u0000b' })).fields,
    { address: 'Ce texte contient un caractère invalide.' },
    'a NUL character is refused, not a 500'
  )
  t.match(await bad({ ...ines, name: 'x'.repeat(121) }), { fields: { name: 'Au plus 120 caractères.' } })
  t.match(await bad({ kind: 'individual', name: 'Sans le reste' }), { fields: { company: 'Champ obligatoire.' } })
  t.match(
    (await user.request('GET', '/api/clients?limit=1e309')).json<ErrorJson>().error,
    { message: /[a-zé]/ },
    'an infinite limit refused in French'
  )

  t.equal((await user.request('DELETE', `/api/clients/${id}`)).statusCode, 204)
  t.equal((await user.request('DELETE', `/api/clients/${id}`)).json<ErrorJson>().error.message, 'Ce client est introuvable.')
  t.equal((await user.request('GET', `/api/clients/${id}`)).statusCode, 404)
  t.equal((await user.request('PUT', '/api/clients/pas-un-id', ines)).statusCode, 404, 'a malformed id is not found, not a 500')
  t.equal((await user.request('GET', '/api/clients/pas-un-id')).statusCode, 404)
})

forEachEngine('a client’s page lists their quotes; deleting the client unlinks them and changes nothing else', async (t, db) => {
  const { app, user } = await setUp(t, db)
  t.equal((await user.request('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200)
  const client = (await user.request('POST', '/api/clients', ines)).json<Client>()
  const today = parisIsoDate(new Date())
  const base = completeContent(today)
  const content = { ...base, client: { ...base.client, name: ines.name, email: ines.email }, savedClientId: client.id }

  const linked = (await user.request('POST', '/api/quotes', { content })).json<{ quote: Quote }>().quote
  t.equal(linked.savedClientId, client.id, 'a quote created with the picked client is linked')
  const other = (await user.request('POST', '/api/quotes', { content: base })).json<{ quote: Quote }>().quote
  t.notOk('savedClientId' in other, 'a quote without a pick is linked to no one')
  const later = (
    await user.request('PUT', `/api/quotes/${other.id}`, { version: other.version, content: { ...base, savedClientId: client.id } })
  ).json<{ quote: Quote }>().quote
  t.equal(later.savedClientId, client.id, 'a draft linked by a later save (the editor’s pick)')
  const sent = await user.request('POST', `/api/quotes/${linked.id}/send`)
  t.equal(sent.statusCode, 200, 'the linked quote is sent')
  const number = sent.json<{ quote: Quote }>().quote.number

  const page = (await user.request('GET', `/api/clients/${client.id}`)).json<{
    client: Client
    quotes: Array<{ id: string; number: string | null; status: string; clientName: string; totalTtcCents: number }>
  }>()
  t.equal(page.client.name, ines.name)
  t.same(page.quotes.map((quote) => quote.id).sort(), [linked.id, other.id].sort(), 'the page lists the client’s quotes')
  t.match(
    page.quotes.find((quote) => quote.id === linked.id),
    { number, status: 'sent', clientName: ines.name, totalTtcCents: Number }
  )

  const stranger = await newUser(app)
  const foreign = (await stranger.request('POST', '/api/quotes', { content: { ...base, savedClientId: client.id } })).json<{
    quote: Quote
  }>().quote
  t.notOk('savedClientId' in foreign, 'another company’s client id links nothing')
  const unknown = await user.request('POST', '/api/quotes', { content: { ...base, savedClientId: randomUUID() } })
  t.equal(unknown.statusCode, 201, 'an unknown client id does not stop the save')
  t.notOk('savedClientId' in unknown.json<{ quote: Quote }>().quote)
  const duplicated = (await user.request('POST', `/api/quotes/${linked.id}/duplicate`)).json<{ quote: Quote }>().quote
  t.equal(duplicated.savedClientId, client.id, 'a duplicate stays with the client')

  const sentBefore = (await user.request('GET', `/api/quotes/${linked.id}`)).json<{ quote: Quote }>().quote
  t.equal(
    (await user.request('DELETE', `/api/clients/${client.id}`)).statusCode,
    204,
    'a client with quotes, even a sent one, can be deleted'
  )
  const sentAfter = (await user.request('GET', `/api/quotes/${linked.id}`)).json<{ quote: Quote }>().quote
  const { savedClientId: _was, ...sentRest } = sentBefore
  t.same(sentAfter, sentRest, 'the sent quote is unchanged, its client copy kept, only unlinked')
  const draftAfter = (await user.request('GET', `/api/quotes/${other.id}`)).json<{ quote: Quote }>().quote
  t.notOk('savedClientId' in draftAfter, 'the draft is unlinked')
  t.match(
    draftAfter,
    { client: { name: base.client.name }, version: later.version },
    'and otherwise as it was (an open editor keeps its version)'
  )
  const resaved = await user.request('PUT', `/api/quotes/${other.id}`, {
    version: later.version,
    content: { ...base, savedClientId: client.id }
  })
  t.equal(resaved.statusCode, 200, 'an editor still naming the deleted client saves')
  t.notOk('savedClientId' in resaved.json<{ quote: Quote }>().quote)
  const rows = await db.query<{ n: number | string }>('select count(*) as n from paraphe.quotes where saved_client_id is not null')
  t.equal(Number(rows.rows[0]?.n), 0, 'no quote points to the deleted client')
})

/** The link's token, read from the queued invitation e-mail (no SMTP here: it stays in the outbox). */
async function invitationToken(db: Database, to: string): Promise<string> {
  const { rows } = await db.query<{ text_body: string }>(
    `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
    [to]
  )
  const token = /token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1]
  if (token === undefined) throw new Error(`no invitation e-mail to ${to}`)
  return token
}

async function join(app: FastifyInstance, db: Database, owner: TestUser, t: Test): Promise<TestUser> {
  const email = `membre-${randomUUID().slice(0, 8)}@example.fr`
  t.equal((await owner.request('POST', '/api/company/invitations', { email })).statusCode, 201, `${email} invited`)
  const member = await newUser(app, email)
  t.equal(
    (await member.request('POST', '/api/invitations/accept', { token: await invitationToken(db, email) })).statusCode,
    200,
    `${email} joins`
  )
  return member
}

forEachEngine('saved clients are shared by the members, refused to a read-only one, unseen by other companies', async (t, db) => {
  const { app, user: owner } = await setUp(t, db)
  t.equal((await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)).statusCode, 200)
  await subscribe(db, owner.id, 'entreprise')
  const member = await join(app, db, owner, t)
  const second = await join(app, db, owner, t)
  const saved = (await owner.request('POST', '/api/clients', syndic)).json<Client>()
  t.same(
    (await list(member)).clients.map((client) => client.id),
    [saved.id],
    'a member sees the owner’s client'
  )
  const byMember = await member.request('POST', '/api/clients', ines)
  t.equal(byMember.statusCode, 201, 'and saves one')
  t.equal((await list(owner)).total, 2, 'which the owner sees')
  t.equal(
    (await member.request('PUT', `/api/clients/${saved.id}`, { ...syndic, phone: '04 00 00 00 00' })).statusCode,
    200,
    'a member edits the company’s client'
  )

  const stranger = await newUser(app)
  t.same(await list(stranger), { clients: [], total: 0 }, 'another company sees none')
  t.equal((await stranger.request('GET', `/api/clients/${saved.id}`)).statusCode, 404, 'nor opens one')
  t.equal((await stranger.request('PUT', `/api/clients/${saved.id}`, ines)).statusCode, 404, 'nor edits one')
  t.equal((await stranger.request('DELETE', `/api/clients/${saved.id}`)).statusCode, 404, 'nor deletes one')
  t.equal((await stranger.request('POST', '/api/clients', syndic)).statusCode, 201, 'the same client in another company is no duplicate')

  // Downgraded to Pro (1 user) with 3 members: the extra members read, and write nothing.
  await subscribe(db, owner.id, 'pro')
  t.equal((await second.request('GET', '/api/clients')).json<{ total: number }>().total, 2, 'a read-only member still reads')
  t.equal((await second.request('GET', `/api/clients/${saved.id}`)).statusCode, 200)
  for (const [method, url, body] of [
    ['POST', '/api/clients', { ...ines, name: 'Nouveau' }],
    ['PUT', `/api/clients/${saved.id}`, syndic],
    ['DELETE', `/api/clients/${saved.id}`, undefined]
  ] as const) {
    const refused = await second.request(method, url, body)
    t.equal(refused.statusCode, 403, `${method} refused to a read-only member`)
    t.match(refused.json<ErrorJson>().error, { code: 'seats_exceeded', message: /plus de membres que sa formule Pro/ })
  }
  t.equal((await list(owner)).total, 2, 'nothing changed')
})
