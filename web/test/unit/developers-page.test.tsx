// The API reference page (/developpeurs/api) in Node: the OpenAPI document the gateway really
// serves, outlined (every operation, its parameters, request and answer fields), rendered in each
// state of its load; the webhooks' part with the verification snippet, which must be the text of
// the function the delivery tests verify with (shared/src/webhook-signature.ts), as the README quotes it.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { renderToStaticMarkup } from 'react-dom/server'
import { WEBHOOK_EVENT_TYPES } from '@paraphe/shared/api/webhook-schemas'
import { buildWorkspaceApp } from '../../../gateway/test/support/workspace-users.js'
import { ApiReferenceView, type OutlineLoad } from '@/features/developers/components/api-reference-view'
import { fetchOutline, outlineOf, typeOf } from '@/features/developers/lib/openapi-outline'
import { VERIFY_WEBHOOK_SNIPPET } from '@/features/developers/lib/verify-snippet'

const app = await buildWorkspaceApp()
t.teardown(() => app.close())
const document = (await app.inject({ url: '/api/v1/openapi.json' })).json<Record<string, unknown>>()
const noop = () => {}
const render = (load: OutlineLoad) =>
  renderToStaticMarkup(<ApiReferenceView load={load} onRetry={noop} />)
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')

const decode = (html: string) => html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

t.test('every operation of the document, with its parameters, body and answers', async (t) => {
  const outline = outlineOf(document)
  const operations = outline.operations.map((operation) => `${operation.method} ${operation.path}`)
  t.same(operations, [
    'GET /quotes',
    'POST /quotes',
    'GET /quotes/{id}',
    'PATCH /quotes/{id}',
    'POST /quotes/{id}/send',
    'POST /quotes/{id}/remind',
    'POST /quotes/{id}/cancel',
    'GET /quotes/{id}/events',
    'GET /quotes/{id}/pdf',
    'GET /quotes/{id}/signed-pdf',
    'GET /invoices',
    'POST /invoices',
    'GET /invoices/{id}',
    'POST /invoices/{id}/issue',
    'POST /invoices/{id}/credit-notes',
    'POST /invoices/{id}/payments',
    'GET /invoices/{id}/pdf',
    'GET /invoices/{id}/xml'
  ])
  t.match(outline.server, /\/api\/v1$/)
  t.ok(
    outline.description.some((paragraph) => /100 requêtes par minute et par clé/.test(paragraph)),
    'the rate limit of this service'
  )
  const list = outline.operations[0]
  t.match(
    list?.parameters.find((parameter) => parameter.name === 'limit'),
    { location: 'query', type: 'integer (1 à 100)', required: false }
  )
  t.match(
    list?.parameters.find((parameter) => parameter.name === 'created_after'),
    { type: 'string (40 car. max., date-time)', description: 'Créés à partir de cet instant (ISO 8601).' }
  )
  t.match(
    list?.responses.find((response) => response.status === '200')?.fields.find((field) => field.name === 'quotes[].totalTtcCents'),
    { type: 'integer', required: true }
  )
  t.match(
    list?.responses.find((response) => response.status === '200')?.fields.find((field) => field.name === 'nextCursor'),
    { type: 'string | null' }
  )
  const create = outline.operations[1]
  t.match(
    create?.parameters.find((parameter) => parameter.name === 'idempotency-key'),
    { location: 'header', required: false }
  )
  t.match(
    create?.body?.find((field) => field.name === 'content.client.kind'),
    { type: '"individual" | "business"', required: true }
  )
  t.ok(
    create?.body?.some((field) => field.name === 'content.lines[].unitPriceCents'),
    'fields of the lines, inside the array'
  )
  t.match(
    create?.body?.find((field) => field.name === 'content.lines[].title'),
    { required: true, description: /^Si kind = "section"\./ },
    'a section heading’s title, said to belong to sections'
  )
  t.match(
    create?.body?.find((field) => field.name === 'content.lines[].unitPriceCents'),
    { required: true, description: /^Sinon \(sans kind = "section"\)\./ },
    'a line of work’s price, said to belong to lines'
  )
  t.match(
    create?.body?.find((field) => field.name === 'content.lines[].id'),
    { required: true },
    'a field both shapes require stays required'
  )
  t.match(outline.operations.find((operation) => operation.path === '/quotes/{id}/signed-pdf')?.responses[0], {
    status: '200',
    contentType: 'application/pdf',
    fields: [{ name: '(corps)' }]
  })

  const html = decode(render({ kind: 'ready', outline }))
  for (const operation of operations) t.ok(html.includes(`<code>${operation}</code>`), `${operation} listed`)
  t.match(html, /<h1>Référence de l’API<\/h1>/)
  t.match(html, /<caption>Paramètres de GET \/quotes<\/caption>/)
  t.match(html, /<caption>Corps de la requête POST \/quotes \(JSON\)<\/caption>/)
  t.match(html, /<caption>Réponse 200 de GET \/quotes<\/caption>/)
  t.match(html, /<td>requête<\/td>/)
  t.match(html, /4xx — refus \(voir « Erreurs »\)/)
  t.match(html, /<code>Authorization<\/code>|Authorization: Bearer paraphe_…/)
  t.match(html, /Idempotency-Key/)
  t.match(html, /429.*rate_limited.*Retry-After/s)
  t.match(html, /idempotency_key_reused/)
})

t.test('while the document loads, and when it cannot be read', async (t) => {
  const loading = render({ kind: 'loading' })
  t.match(loading, /<p role="status">Chargement des opérations…<\/p>/)
  t.match(loading, /id="reference-webhooks"/, 'the rest of the reference is there before the document')
  const failed = render({ kind: 'failed' })
  t.match(failed, /role="alert"/)
  t.match(failed, /Le document OpenAPI n’a pas pu être chargé/)
  t.match(failed, /href="\/api\/v1\/openapi\.json"/)
  t.match(failed, />Réessayer<\/button>/)
})

t.test('the webhooks: events, body, headers, retries, and the tested verification snippet', async (t) => {
  const html = decode(render({ kind: 'loading' }))
  for (const type of WEBHOOK_EVENT_TYPES) t.ok(html.includes(`<code>${type}</code>`), `${type} documented`)
  t.match(html, /Paraphe-Signature: t=<horodatage>,v1=<signature>/)
  t.match(html, /Paraphe-Event-Id/)
  t.match(html, /30 s, 1 min, 2 min… en doublant jusqu’à une heure, 12 tentatives/)
  t.ok(html.includes(VERIFY_WEBHOOK_SNIPPET), 'the snippet, as is')
  const source = readFileSync(new URL('../../../shared/src/webhook-signature.ts', import.meta.url), 'utf8')
  const importLine = source.split('\n').find((line) => line.startsWith('import { createHmac')) ?? ''
  const start = source.indexOf('// Receiving a Paraphe webhook')
  const verify = source.slice(start, source.indexOf('\n}\n', start) + 2)
  t.equal(VERIFY_WEBHOOK_SNIPPET, `${importLine}\n\n${verify}`, 'the page shows the tested function’s own text')
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
  t.ok(readme.includes(VERIFY_WEBHOOK_SNIPPET), 'the README quotes the same text')
})

t.test('types: references, constants, unions, arrays, bare schemas', async (t) => {
  const doc = { components: { schemas: { Id: { type: 'string', format: 'uuid' } } } }
  t.equal(typeOf({ $ref: '#/components/schemas/Id' }, doc), 'string (uuid)')
  t.equal(typeOf({ $ref: '#/components/schemas/Missing' }, doc), 'any')
  t.equal(typeOf({ const: 'signed' }, doc), '"signed"')
  t.equal(typeOf({ type: ['string', 'null'] }, doc), 'string | null')
  t.equal(typeOf({ type: 'array', items: { oneOf: [{ type: 'integer' }, { type: 'integer' }] } }, doc), 'array of integer')
  t.equal(typeOf('pas un schéma', doc), 'any')
  const outline = outlineOf({ paths: { '/x': { get: { responses: { 204: { description: 'vide' } } }, parameters: [] }, '/y': 'rien' } })
  t.same(outline, {
    title: '',
    description: [],
    server: '',
    operations: [
      {
        id: 'get-x',
        method: 'GET',
        path: '/x',
        summary: '',
        tag: '',
        parameters: [],
        body: null,
        responses: [{ status: '204', contentType: null, fields: [] }]
      }
    ]
  })
})

t.test('the page’s load: the served document outlined, a refusal or no server as « failed »', async (t) => {
  const served: typeof fetch = async () => new Response(JSON.stringify(document), { headers: { 'content-type': 'application/json' } })
  const ready = await fetchOutline(served, '/api/v1/openapi.json')
  t.equal(ready.kind === 'ready' ? ready.outline.operations.length : 0, 18, 'the quotes’ 10 operations and the invoices’ 8')
  t.same(await fetchOutline(async () => new Response('absent', { status: 404 }), '/api/v1/openapi.json'), { kind: 'failed' })
  t.same(
    await fetchOutline(async () => {
      throw new TypeError('Failed to fetch')
    }, '/api/v1/openapi.json'),
    { kind: 'failed' }
  )
})
