// The OpenAPI 3.1 document of /api/v1, against the API itself: the document validates (an OpenAPI
// validator from npm), every /api/v1 route is in it with its request and response schemas, every
// operation is called below, and every answer validates against the document's schema for its
// status and media type.
import t, { type Test } from 'tap'
import Fastify from 'fastify'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Validator } from '@seriousme/openapi-schema-validator'
import type { OpenAPIV3_1 } from 'openapi-types'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import app, { serverOptions } from '../../src/app.js'
import { testConfig } from '../helper.js'
import { entrepriseWithKey, keyClient, type ApiClient } from '../support/api-clients.js'
import { testDatabase } from '../support/databases.js'
import { AUTH_ENV, completeContent, subscribe } from '../support/workspace-users.js'

// Every operation is called, a Factur-X invoice issued among them: more than tap's default time on a loaded machine.
t.setTimeout(480_000)
const today = parisIsoDate(new Date())
const db = await testDatabase('pglite')
const config = testConfig({ ...AUTH_ENV, API_RATE_LIMIT_PER_MINUTE: '40' })
const fastify = Fastify({ ...serverOptions(config), logger: { level: 'silent' } })
const routes: string[] = []
fastify.addHook('onRoute', (route) => {
  if (!route.url.startsWith('/api/v1/') || route.url === '/api/v1/openapi.json') return
  for (const method of [route.method].flat())
    if (method !== 'HEAD') routes.push(`${method} ${route.url.replace(/^\/api\/v1/, '').replace(/:(\w+)/g, '{$1}')}`)
})
await fastify.register(app, { config, database: db, jobs: {} })
await fastify.ready()
t.teardown(() => fastify.close())

const served = await fastify.inject({ url: '/api/v1/openapi.json' })
const doc = served.json<OpenAPIV3_1.Document>()
const ajv = new Ajv2020({ strict: false, allErrors: true })
ajv.addFormat('date-time', true).addFormat('binary', true)

t.test('served without a key, as JSON', async (t) => {
  t.equal(served.statusCode, 200)
  t.match(served.headers['content-type'], /^application\/json/)
  t.equal(doc.openapi, '3.1.0')
  t.same(doc.servers, [{ url: new URL('/api/v1', config.publicUrl).href }])
})

t.test('the document validates as OpenAPI 3.1', async (t) => {
  const result = await new Validator().validate(served.json<Record<string, unknown>>())
  t.ok(result.valid, JSON.stringify(result.errors ?? []).slice(0, 2000))
})

type Operation = OpenAPIV3_1.OperationObject
const operation = (key: string): Operation | undefined => {
  const [method = '', path = ''] = key.split(' ')
  return (doc.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()]
}

t.test('every /api/v1 route is documented with its schemas', async (t) => {
  const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`)
  )
  t.same([...documented].sort(), [...routes].sort(), 'the same operations as the routes')
  t.equal(
    routes.length,
    18,
    'quotes: list, create, get, update, send, remind, cancel, events, pdf, signed-pdf; invoices: list, create, get, issue, credit note, payment, pdf, xml'
  )
  for (const key of routes) {
    const op = operation(key) as Operation
    const success = Object.keys(op.responses ?? {}).filter((status) => status.startsWith('2'))
    t.equal(success.length, 1, `${key}: one success answer`)
    t.ok(op.responses?.['4XX'], `${key}: its errors`)
    if (key.startsWith('POST') || key.startsWith('PATCH')) {
      const body = (op.requestBody as OpenAPIV3_1.RequestBodyObject | undefined)?.content['application/json']?.schema
      if (key === 'POST /quotes' || key === 'POST /invoices' || key.startsWith('PATCH')) t.ok(body, `${key}: its request body`)
    }
    if (key.startsWith('POST')) {
      t.ok(
        (op.parameters as OpenAPIV3_1.ParameterObject[] | undefined)?.some(
          (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key'
        ),
        `${key}: Idempotency-Key`
      )
    }
    if (key.includes('{id}'))
      t.ok(
        (op.parameters as OpenAPIV3_1.ParameterObject[]).some((parameter) => parameter.in === 'path' && parameter.name === 'id'),
        `${key}: its id`
      )
  }
})

/** Which operations the calls below reached, and how each answer compared with the document. */
const called = new Set<string>()

async function checked(
  t: Test,
  client: ApiClient['call'],
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  template: string,
  body?: unknown,
  headers?: Record<string, string>
) {
  const answer = await client(method, `/api/v1${path}`, body, headers)
  const key = `${method} ${template}`
  const op = operation(key)
  t.ok(op, `${key} is documented`)
  called.add(key)
  const status = String(answer.statusCode)
  const response = (op?.responses?.[status] ?? op?.responses?.[`${status[0]}XX`]) as OpenAPIV3_1.ResponseObject | undefined
  t.ok(response, `${key} → ${status} is documented`)
  const mediaType = String(answer.headers['content-type']).split(';')[0] ?? ''
  const schema = response?.content?.[mediaType]?.schema
  t.ok(schema, `${key} → ${status} ${mediaType} is documented`)
  if (schema !== undefined && mediaType === 'application/json') {
    const validate = ajv.compile(schema)
    t.ok(validate(answer.json()), `${key} → ${status}: the body validates ${JSON.stringify(validate.errors ?? [])}`)
  }
  return answer
}

t.test('every operation called, every answer as documented', async (t) => {
  const client = await entrepriseWithKey(fastify, db)
  const api = client.call
  const created = await checked(
    t,
    api,
    'POST',
    '/quotes',
    '/quotes',
    { content: completeContent(today) },
    { 'idempotency-key': 'contrat-1' }
  )
  await checked(t, api, 'POST', '/quotes', '/quotes', { content: completeContent(today) }, { 'idempotency-key': 'contrat-1' })
  const quote = created.json<{ quote: Quote }>().quote
  await checked(t, api, 'POST', '/quotes', '/quotes', { content: { validityDays: 0 } })
  await checked(t, api, 'GET', `/quotes/${quote.id}`, '/quotes/{id}')
  await checked(t, api, 'GET', '/quotes/00000000-0000-0000-0000-000000000000', '/quotes/{id}')
  await checked(t, api, 'PATCH', `/quotes/${quote.id}`, '/quotes/{id}', { content: { title: 'Cuisine' } })
  await checked(t, api, 'GET', `/quotes/${quote.id}/pdf`, '/quotes/{id}/pdf')
  await checked(t, api, 'GET', `/quotes/${quote.id}/signed-pdf`, '/quotes/{id}/signed-pdf')
  await checked(t, api, 'GET', '/quotes?limit=1&status=draft', '/quotes')
  await checked(t, api, 'GET', '/quotes?created_after=hier', '/quotes')
  const sent = await checked(t, api, 'POST', `/quotes/${quote.id}/send`, '/quotes/{id}/send')
  await checked(t, api, 'PATCH', `/quotes/${quote.id}`, '/quotes/{id}', { content: { title: 'Trop tard' } })
  await checked(t, api, 'POST', `/quotes/${quote.id}/remind`, '/quotes/{id}/remind')
  await checked(t, api, 'GET', `/quotes/${quote.id}/events`, '/quotes/{id}/events')
  await checked(t, api, 'GET', `/quotes/${quote.id}/pdf`, '/quotes/{id}/pdf')
  const token = new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') ?? ''
  const view = (await fastify.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string }>()
  const points = Array.from({ length: 40 }, (_, index) => ({
    x: 20 + index * 8,
    y: 80 + Math.sin(index / 3) * 30,
    time: 1_700_000_000_000 + index * 16
  }))
  const signature = { method: 'drawn', strokes: [{ points }], padWidth: 400, padHeight: 160 }
  const signed = await fastify.inject({
    method: 'POST',
    url: `/api/sign/${token}/sign`,
    payload: {
      signerName: 'Élise Martin',
      accepted: true,
      mention: 'bon pour accord',
      preWorkAcknowledged: true,
      signature,
      documentSha256: view.documentSha256
    }
  })
  t.equal(signed.statusCode, 200)
  await checked(t, api, 'GET', `/quotes/${quote.id}/signed-pdf`, '/quotes/{id}/signed-pdf')
  // The signed quote invoiced: a deposit issued at once, a situation drafted then issued.
  const deposit = await checked(
    t,
    api,
    'POST',
    '/invoices',
    '/invoices',
    { kind: 'deposit', quoteId: quote.id, issue: true },
    { 'idempotency-key': 'acompte-1' }
  )
  const depositId = deposit.json<{ invoice: { id: string } }>().invoice.id
  await checked(t, api, 'POST', '/invoices', '/invoices', { kind: 'final' })
  const situation = await checked(t, api, 'POST', '/invoices', '/invoices', { kind: 'progress', quoteId: quote.id, progressBp: 5000 })
  const situationId = situation.json<{ invoice: { id: string } }>().invoice.id
  await checked(t, api, 'GET', `/invoices/${situationId}/pdf`, '/invoices/{id}/pdf')
  // Issued already: the refusal's answer is checked (one real Factur-X build in this file is enough).
  await checked(t, api, 'POST', `/invoices/${depositId}/issue`, '/invoices/{id}/issue')
  await checked(t, api, 'GET', '/invoices?status=unpaid', '/invoices')
  await checked(t, api, 'GET', `/invoices/${depositId}`, '/invoices/{id}')
  await checked(t, api, 'GET', `/invoices/${depositId}/pdf`, '/invoices/{id}/pdf')
  await checked(t, api, 'GET', `/invoices/${depositId}/xml`, '/invoices/{id}/xml')
  await checked(t, api, 'POST', `/invoices/${depositId}/payments`, '/invoices/{id}/payments', {
    amountCents: 1000,
    paidOn: today,
    means: 'check'
  })
  await checked(t, api, 'POST', `/invoices/${depositId}/credit-notes`, '/invoices/{id}/credit-notes', { creditAmountCents: 1000 })
  await checked(t, api, 'POST', `/quotes/${quote.id}/cancel`, '/quotes/{id}/cancel')
  const other = (await api('POST', '/api/v1/quotes', { content: completeContent(today) })).json<{ quote: Quote }>().quote
  await api('POST', `/api/v1/quotes/${other.id}/send`)
  await checked(t, api, 'POST', `/quotes/${other.id}/cancel`, '/quotes/{id}/cancel')
  // The refusals of the guard: no key, a read-only key, a plan without the API, the budget.
  await checked(t, keyClient(fastify, 'paraphe_x'), 'GET', '/quotes', '/quotes')
  const reader = await entrepriseWithKey(fastify, db, ['read'])
  await checked(t, reader.call, 'POST', '/quotes', '/quotes', {})
  await subscribe(db, reader.owner.id, 'pro')
  await checked(t, reader.call, 'GET', '/quotes', '/quotes')
  let last = await api('GET', '/api/v1/quotes')
  for (let index = 0; index < 100 && last.statusCode !== 429; index += 1) last = await api('GET', '/api/v1/quotes')
  t.equal(last.statusCode, 429, 'the budget reached')
  await checked(t, api, 'GET', '/quotes', '/quotes')
  t.same([...called].sort(), [...routes].sort(), 'every documented operation was called')
})
