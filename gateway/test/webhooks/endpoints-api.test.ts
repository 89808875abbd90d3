// The webhooks' workspace API (/api/company/webhooks): the owner's alone, created on Entreprise,
// the secret shown once and unreadable afterwards (even through the owner's database role), refusals
// in French, one company's endpoints and deliveries out of another's reach.
import type { WebhookEndpoint } from '@paraphe/shared/api/webhook-schemas'
import { forEachEngine } from '../support/databases.js'
import { asMember } from '../support/as-member.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, newUser, subscribe } from '../support/workspace-users.js'

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string>; upgrade?: { planId: string } } }
const URL_OK = 'http://127.0.0.1:9/paraphe/webhooks'

forEachEngine('webhook endpoints', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())
  const entreprise = async () => {
    const owner = await newUser(app)
    await subscribe(db, owner.id, 'entreprise')
    await owner.request('PUT', '/api/profile', COMPLETE_PROFILE)
    return owner
  }

  await t.test('created by the owner, the secret in that answer only', async (t) => {
    const owner = await entreprise()
    const created = await owner.request('POST', '/api/company/webhooks', { url: `  ${URL_OK}  `, events: ['quote.signed', 'quote.sent'] })
    t.equal(created.statusCode, 201)
    const { endpoint, secret } = created.json<{ endpoint: WebhookEndpoint; secret: string }>()
    t.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/)
    t.same(
      { url: endpoint.url, events: endpoint.events, secretPrefix: endpoint.secretPrefix },
      { url: URL_OK, events: ['quote.sent', 'quote.signed'], secretPrefix: secret.slice(0, 12) },
      'events in a fixed order'
    )
    const list = await owner.request('GET', '/api/company/webhooks')
    t.equal(list.headers['cache-control'], 'no-store')
    t.same(list.json<{ endpoints: WebhookEndpoint[]; webhooksIncluded: boolean }>(), { endpoints: [endpoint], webhooksIncluded: true })
    t.notOk(list.body.includes(secret.slice(12)), 'the list never shows the secret')
    const denied = await asMember(db, { sub: owner.id, email: owner.email, role: 'authenticated' }, (tx) =>
      tx.query('select secret from paraphe.webhook_endpoints')
    ).catch((error: Error) => error)
    t.match(denied, { message: /permission denied/ }, 'not even readable by the owner through the database')
    const { rows } = await db.query<{ secret: string }>('select secret from paraphe.webhook_endpoints where id = $1', [endpoint.id])
    t.equal(rows[0]?.secret, secret, 'the gateway’s own role reads it, to sign')
  })

  await t.test('a bad address or no event: 400 in French, nothing stored', async (t) => {
    const owner = await entreprise()
    const answers = await Promise.all(
      ['pas une adresse', 'ftp://erp.exemple.fr/', 'https://moi:motdepasse@erp.exemple.fr/', ''].map((url) =>
        owner.request('POST', '/api/company/webhooks', { url, events: ['quote.sent'] })
      )
    )
    t.same(
      answers.map((answer) => answer.statusCode),
      [400, 400, 400, 400]
    )
    t.same(
      answers.map((answer) => answer.json<ErrorJson>().error.fields?.url),
      [
        'Cette adresse n’est pas une URL valide. Exemple : https://erp.exemple.fr/paraphe/webhooks',
        'L’adresse doit commencer par https://.',
        'L’adresse ne doit pas contenir d’identifiant ni de mot de passe : vérifiez la signature des événements à la place.',
        'Indiquez l’adresse (URL) qui recevra les événements.'
      ]
    )
    const noEvent = await owner.request('POST', '/api/company/webhooks', { url: URL_OK, events: [] })
    t.equal(noEvent.statusCode, 400)
    t.match(noEvent.json<ErrorJson>().error.message, /invalide|champ/i)
    const unknown = await owner.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.deleted'] })
    t.equal(unknown.statusCode, 400)
    t.same((await owner.request('GET', '/api/company/webhooks')).json<{ endpoints: unknown[] }>().endpoints, [])
  })

  await t.test('below Entreprise: none created; after a downgrade the owner still lists and deletes', async (t) => {
    const free = await newUser(app)
    const refused = await free.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.sent'] })
    t.equal(refused.statusCode, 403)
    t.equal(refused.json<ErrorJson>().error.code, 'plan_feature_required')
    t.equal(refused.json<ErrorJson>().error.upgrade?.planId, 'entreprise')
    t.match(refused.json<ErrorJson>().error.message, /formule Entreprise/)
    t.same((await free.request('GET', '/api/company/webhooks')).json(), { endpoints: [], webhooksIncluded: false })
    const owner = await entreprise()
    const { endpoint } = (await owner.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.sent'] })).json<{
      endpoint: WebhookEndpoint
    }>()
    await subscribe(db, owner.id, 'pro')
    t.match((await owner.request('GET', '/api/company/webhooks')).json(), { endpoints: [{ id: endpoint.id }], webhooksIncluded: false })
    t.equal((await owner.request('DELETE', `/api/company/webhooks/${endpoint.id}`)).statusCode, 200)
    t.same((await owner.request('GET', '/api/company/webhooks')).json<{ endpoints: unknown[] }>().endpoints, [])
  })

  await t.test('members cannot manage them; another company cannot reach them', async (t) => {
    const owner = await entreprise()
    const { endpoint } = (await owner.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.sent'] })).json<{
      endpoint: WebhookEndpoint
    }>()
    const member = await newUser(app)
    await db.query(`insert into paraphe.company_members (user_id, company_id, role, email) values ($1, $2, 'member', $3)`, [
      member.id,
      owner.id,
      member.email
    ])
    const asMemberAnswers = await Promise.all([
      member.request('GET', '/api/company/webhooks'),
      member.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.sent'] }),
      member.request('DELETE', `/api/company/webhooks/${endpoint.id}`),
      member.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`)
    ])
    t.same(
      asMemberAnswers.map((answer) => answer.statusCode),
      [403, 403, 403, 403]
    )
    t.match(asMemberAnswers[0]?.json<ErrorJson>().error.message, /Seul le propriétaire de l’entreprise peut gérer les webhooks/)
    const stranger = await entreprise()
    const strangerAnswers = await Promise.all([
      stranger.request('DELETE', `/api/company/webhooks/${endpoint.id}`),
      stranger.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`),
      stranger.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/1/redeliver`)
    ])
    t.same(
      strangerAnswers.map((answer) => answer.statusCode),
      [404, 404, 404],
      'another company’s endpoint does not exist for it'
    )
    t.same(
      strangerAnswers.map((answer) => answer.json<ErrorJson>().error.message),
      ['Cette adresse de webhooks est introuvable.', 'Cette adresse de webhooks est introuvable.', 'Cet envoi est introuvable.']
    )
    t.equal((await stranger.request('GET', '/api/company/webhooks')).json<{ endpoints: unknown[] }>().endpoints.length, 0)
    const malformed = await Promise.all([
      owner.request('DELETE', '/api/company/webhooks/pas-un-id'),
      owner.request('GET', '/api/company/webhooks/pas-un-id/deliveries'),
      owner.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/abc/redeliver`),
      owner.request('POST', `/api/company/webhooks/${endpoint.id}/deliveries/99999999/redeliver`)
    ])
    t.same(
      malformed.map((answer) => answer.statusCode),
      [404, 404, 404, 404],
      'malformed or unknown ids: 404, never 500'
    )
    t.same((await owner.request('GET', `/api/company/webhooks/${endpoint.id}/deliveries`)).json(), { deliveries: [] })
  })

  await t.test('at most 10 endpoints per company', async (t) => {
    const owner = await entreprise()
    for (let index = 0; index < 10; index += 1) {
      t.equal((await owner.request('POST', '/api/company/webhooks', { url: `${URL_OK}/${index}`, events: ['quote.sent'] })).statusCode, 201)
    }
    const refused = await owner.request('POST', '/api/company/webhooks', { url: URL_OK, events: ['quote.sent'] })
    t.equal(refused.statusCode, 409)
    t.match(refused.json<ErrorJson>().error.message, /10 adresses de webhooks au plus/)
  })
})
