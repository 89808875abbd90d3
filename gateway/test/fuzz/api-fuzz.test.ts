// Fuzzing: every /api route and the /auth/v1 proxy, enumerated from the Fastify instance itself
// (an onRoute hook: a route added later is fuzzed without touching this file), fed bodies,
// params, query strings and headers derived from its schema, mixed with hostile values. Never a
// 5xx; every refusal of the API is JSON with a French message.
// Runs per route: FUZZ_RUNS (default 25 in `npm test`; `npm run fuzz` runs 1000).
import t from 'tap'
import fc from 'fast-check'
import Fastify, { type RouteOptions } from 'fastify'
import app, { serverOptions } from '../../src/app.js'
import { testConfig } from '../helper.js'
import { testDatabase } from '../support/databases.js'
import { PRICES, PUBLIC_URL } from '../subscription/billing-app.js'
import { startGoTrueStandIn } from '../support/gotrue-stand-in.js'
import { startStripeStandIn } from '../support/stripe-stand-in.js'
import { AUTH_ENV, JWT_SECRET, newUser, subscribe } from '../support/workspace-users.js'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() : Number(process.env.FUZZ_SEED)
t.setTimeout(Math.max(240_000, RUNS * 2_000))

const gotrue = await startGoTrueStandIn({ jwtSecret: JWT_SECRET })
t.teardown(() => gotrue.close())
// Payments on (against the Stripe stand-in), so the billing routes run their real code.
const stripe = await startStripeStandIn()
t.teardown(() => stripe.close())

const routes: Array<{ method: string; url: string; schema: RouteOptions['schema'] }> = []
const config = testConfig({
  ...AUTH_ENV,
  ...PRICES,
  PUBLIC_URL,
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  // Card payments on the professionals' own accounts too, so their routes run their real code.
  STRIPE_CONNECT_WEBHOOK_SECRET: stripe.connectWebhookSecret,
  AUTH_UPSTREAM_URL: gotrue.url,
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  CONTACT_RATE_LIMIT_PER_HOUR: '10000',
  API_RATE_LIMIT_PER_MINUTE: '100000'
})
const fastify = Fastify({ ...serverOptions(config), logger: { level: 'silent' } })
fastify.addHook('onRoute', (route) => {
  if (!route.url.startsWith('/api') && !route.url.startsWith('/auth/v1')) return
  for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema })
})
await fastify.register(app, { config, database: await testDatabase('pglite'), jobs: {}, stripe: stripe.client })
await fastify.ready()
t.teardown(() => fastify.close())
const user = await newUser(fastify)
// The public API's routes are fuzzed past their guard with a key of an Entreprise company.
const keyOwner = await newUser(fastify)
await subscribe(await testDatabase('pglite'), keyOwner.id, 'entreprise')
const apiKey = (await keyOwner.request('POST', '/api/company/api-keys', { name: 'Fuzz', scopes: ['read', 'write'] })).json<{
  secret: string
}>().secret

const HOSTILE: unknown[] = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '💥'.repeat(50),
  'a'.repeat(20_000),
  '<script>alert(1)</script>',
  "'; drop table paraphe.quotes; --",
  '../../etc/passwd',
  '%00',
  '%',
  '{{7*7}}',
  '$(reboot)',
  'NaN',
  '-0',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  -1,
  0,
  2 ** 53,
  -(2 ** 63),
  1e308,
  0.1,
  true,
  false,
  null,
  [],
  {},
  [null],
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } }
]
const hostile = fc.constantFrom(...HOSTILE)

interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  const?: unknown
  enum?: unknown[]
  minimum?: number
  maximum?: number
  maxLength?: number
}

/** A value shaped by the schema most of the time (to get past validation), hostile otherwise. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (schema === undefined || depth > 4) return fc.oneof(hostile, fc.jsonValue({ maxDepth: 2 }))
  const variants = schema.anyOf ?? schema.oneOf
  let shaped: fc.Arbitrary<unknown>
  if (variants !== undefined) shaped = fc.oneof(...variants.map((variant) => fromSchema(variant, depth + 1)))
  else if (schema.const !== undefined) shaped = fc.constant(schema.const)
  else if (schema.enum !== undefined) shaped = fc.constantFrom(...schema.enum)
  else {
    const type = [schema.type].flat()[0]
    switch (type) {
      case 'object': {
        const entries = Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value, depth + 1)] as const)
        shaped = fc.record(Object.fromEntries(entries), { requiredKeys: [] })
        break
      }
      case 'array':
        shaped = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 })
        break
      case 'integer':
        shaped = fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 }), fc.integer())
        break
      case 'number':
        shaped = fc.double({ noNaN: true })
        break
      case 'boolean':
        shaped = fc.boolean()
        break
      case 'string':
        shaped = fc.oneof(fc.string({ maxLength: schema.maxLength ?? 40 }), fc.string({ unit: 'binary', maxLength: 80 }), fc.uuid())
        break
      default:
        shaped = fc.jsonValue({ maxDepth: 2 })
    }
  }
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostile })
}

// Dot segments (`..`, `%2e%2e`) are left out: URL parsing resolves them before the request leaves,
// so they would test the site's 404 page, not the route; raw dot segments are the site tests' job.
const isDotSegment = (value: string) => /^(\.|%2e){1,2}$/i.test(value)
const segment = fc
  .oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    fc.constantFrom('%00', 'a'.repeat(600), '%F0%9F%92%A5', '%ZZ', '%2F')
  )
  .filter((value) => !isDotSegment(value))
const AUTH_ENDPOINTS = [
  'signup',
  'token?grant_type=password',
  'token?grant_type=refresh_token',
  'recover',
  'otp',
  'verify',
  'user',
  'logout',
  'settings',
  'resend',
  'authorize',
  'admin/users'
]

const FRENCH = /[éèàùçêâîôœ’«]|\b(le|la|les|de|des|du|un|une|est|sont|pas|votre|vous|ce|cette|ces|certains|champs|pour|avec|et|au|aux)\b/i
/** Fastify's and Node's own English answers, which must never reach a user. */
const ENGLISH = /\b(must|should|the|not found|unsupported|bad request|internal|error)\b/i

const report: Record<string, { tried: number; statuses: Record<number, number> }> = {}

for (const route of routes) {
  const name = `${route.method} ${route.url}`
  if (route.method === 'HEAD' && routes.some((other) => other.method === 'GET' && other.url === route.url)) continue
  t.test(name, async (t) => {
    const schema = (route.schema ?? {}) as { body?: JsonSchema; querystring?: JsonSchema; params?: JsonSchema }
    const entry: { tried: number; statuses: Record<number, number> } = { tried: 0, statuses: {} }
    report[name] = entry
    const request = fc.record({
      params: fc.dictionary(
        fc.constantFrom(
          ...(Object.keys(schema.params?.properties ?? {}).length > 0 ? Object.keys(schema.params?.properties ?? {}) : ['*'])
        ),
        segment
      ),
      wildcard: fc.oneof(
        fc.constantFrom(...AUTH_ENDPOINTS),
        fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/'))
      ),
      query: fc.oneof(fromSchema(schema.querystring), fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }))),
      body: fc.oneof(
        { weight: 3, arbitrary: fromSchema(schema.body) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) }
      ),
      encoding: fc.constantFrom('json', 'json', 'raw', 'form', 'none'),
      auth: fc.constantFrom('user', 'user', 'key', 'none', 'garbage', 'expired-shape')
    })
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        let url = route.url.replace(/:([A-Za-z]+)/g, (_, key: string) => input.params[key] ?? 'x')
        url = url.replace('*', input.wildcard)
        const query =
          typeof input.query === 'object' && input.query !== null && !Array.isArray(input.query)
            ? new URLSearchParams(
                Object.entries(input.query).map(([key, value]) => [key, typeof value === 'string' ? value : (JSON.stringify(value) ?? '')])
              ).toString()
            : ''
        if (query !== '') url += (url.includes('?') ? '&' : '?') + query
        const headers: Record<string, string> = {}
        if (input.auth === 'user') headers.authorization = `Bearer ${route.url.startsWith('/api/v1/') ? apiKey : user.token}`
        if (input.auth === 'key') headers.authorization = `Bearer ${apiKey}`
        if (input.auth === 'garbage') headers.authorization = 'Bearer \u00e9\u00e9.not.a.jwt'
        if (input.auth === 'expired-shape') headers.authorization = 'Basic Zm9vOmJhcg=='
        let payload: string | undefined
        if (route.method !== 'GET' && route.method !== 'HEAD') {
          if (input.encoding === 'json') {
            headers['content-type'] = 'application/json'
            payload = JSON.stringify(input.body) ?? 'null'
          } else if (input.encoding === 'raw') {
            headers['content-type'] = 'application/json'
            payload = typeof input.body === 'string' ? input.body : '{"unterminated": '
          } else if (input.encoding === 'form') {
            headers['content-type'] = 'application/x-www-form-urlencoded'
            payload = 'a=1&b=%ZZ'
          }
        }
        const response = await fastify.inject({
          method: route.method as 'GET',
          url,
          headers,
          ...(payload === undefined ? {} : { payload })
        })
        entry.tried += 1
        entry.statuses[response.statusCode] = (entry.statuses[response.statusCode] ?? 0) + 1
        const context = `${route.method} ${url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`
        if (response.statusCode >= 500) throw new Error(`5xx: ${context}`)
        if (response.statusCode >= 400 && route.method !== 'HEAD') {
          if (!String(response.headers['content-type']).startsWith('application/json')) throw new Error(`not JSON: ${context}`)
          const body = JSON.parse(response.body) as { error?: { message?: unknown }; msg?: unknown; message?: unknown }
          const message = body.error?.message ?? body.msg ?? body.message
          if (typeof message !== 'string') throw new Error(`no message: ${context}`)
          // The product's own API answers in French; /auth/v1 passes on the auth server's answers.
          if (route.url.startsWith('/api') && (!FRENCH.test(message) || ENGLISH.test(message))) throw new Error(`not French: ${context}`)
        }
      }),
      { numRuns: RUNS, seed: SEED }
    )
    t.pass(`${entry.tried} requests: ${JSON.stringify(entry.statuses)}`)
  })
}

t.teardown(() => {
  const total = Object.values(report).reduce((sum, entry) => sum + entry.tried, 0)
  process.stdout.write(`# fuzz: seed ${SEED}, ${Object.keys(report).length} routes, ${total} requests\n`)
})
