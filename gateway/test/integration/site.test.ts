import t from 'tap'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { BuildMeta, LatestBuild, RoutePayload } from '@paraphe/shared/build-manifest'
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paraphe/shared/runtime-config'
import { DEFAULT_SITE_DIR } from '../../src/config.js'
import { buildApp, rawRequest } from '../helper.js'

const ORIGINAL_ROUTES = [
  '/',
  '/tarifs',
  '/fonctionnalites',
  '/contact',
  '/privacy',
  '/success',
  '/cancel',
  '/confirm-email',
  '/reset-password',
  '/SignatureDevis'
]
const latest = JSON.parse(readFileSync(path.join(DEFAULT_SITE_DIR, 'builds/latest.json'), 'utf8')) as LatestBuild
const homeHtml = readFileSync(path.join(DEFAULT_SITE_DIR, 'index.html'), 'utf8')
const mainScript = /<script type="module" crossorigin src="([^"]+)"/.exec(homeHtml)?.[1] ?? ''

const app = await buildApp()
t.teardown(() => app.close())

function runtimeConfigOf(html: string): unknown {
  const match = new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html)
  return JSON.parse(match?.[1] ?? 'null')
}

t.test('every original route and the legal notice are prerendered pages', async (t) => {
  for (const url of [...ORIGINAL_ROUTES, '/mentions-legales']) {
    const response = await app.inject({ url })
    t.equal(response.statusCode, 200, url)
    t.equal(response.headers['content-type'], 'text/html; charset=utf-8', url)
    t.equal(response.headers['cache-control'], 'no-cache', url)
    t.match(response.body, /<html lang="fr">/, url)
    t.match(response.body, /<h1[ >]/, `${url} has its heading in the HTML`)
    t.notMatch(response.body, /%%[A-Za-z.]+%%/, `${url} has no placeholder left`)
    t.match(runtimeConfigOf(response.body), { siteName: 'Paraphe', buildPollIntervalMs: 3_600_000 }, url)
  }
})

t.test('runtime values reach the pages escaped, without a rebuild', async (t) => {
  const custom = await buildApp({ SITE_NAME: 'Devis & Co <Lyon>', OPERATOR_NAME: 'Menuiserie "Le Chêne"' })
  t.teardown(() => custom.close())
  const home = await custom.inject({ url: '/' })
  t.match(home.body, /<title>[^<]*Devis &amp; Co &lt;Lyon&gt;<\/title>/)
  t.notMatch(home.body, /<Lyon>/)
  t.match(runtimeConfigOf(home.body), { siteName: 'Devis & Co <Lyon>' })
  t.notMatch(home.body, /"siteName":"Devis & Co <Lyon>"/, 'the JSON script cannot be closed by a value')
  const legal = await custom.inject({ url: '/mentions-legales' })
  t.match(legal.body, /Menuiserie &quot;Le Chêne&quot;/)
  const payload = (await custom.inject({ url: '/tarifs/_payload.json' })).json<RoutePayload>()
  t.equal(payload.title, 'Tarifs · Devis & Co <Lyon>')
})

t.test('unknown paths get status 404 and the 404 page naming the path', async (t) => {
  for (const url of ['/cette-page-n-existe-pas', '/tarifs/annuel', '/index.html', '/404.html', '/.vite/manifest.json']) {
    const response = await app.inject({ url })
    t.equal(response.statusCode, 404, url)
    t.equal(response.headers['content-type'], 'text/html; charset=utf-8', url)
    t.ok(response.body.includes(`Page not found: ${url}`), `${url} named`)
    t.match(response.body, /<h1[^>]*>Page introuvable<\/h1>/)
  }
  const hostile = await app.inject({ url: '/x%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E' })
  t.equal(hostile.statusCode, 404)
  t.notMatch(hostile.body, /<img src=x/)
  // Compressed once at start around the path (site/compress.ts): gzip, which browsers all accept.
  for (const url of ['/absente', '/x%22%3E%3Cimg%20src=x%3E', `/${'é'.repeat(3000)}`, '/devis/2026/0001?x=1']) {
    const identity = await app.inject({ url })
    const compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })
    t.equal(compressed.statusCode, 404)
    t.equal(compressed.headers['content-encoding'], 'gzip', url)
    t.equal(compressed.headers.vary, 'Accept-Encoding')
    t.equal(Number(compressed.headers['content-length']), compressed.rawPayload.length)
    t.ok(compressed.rawPayload.length < identity.rawPayload.length, `${url}: compressed`)
    t.equal(gunzipSync(compressed.rawPayload).toString(), identity.body, `${url}: the same page once decompressed (CRC and size checked)`)
  }
  const brOnly = await app.inject({ url: '/absente', headers: { 'accept-encoding': 'br' } })
  t.equal(brOnly.headers['content-encoding'], undefined, 'a client taking only brotli gets the page uncompressed')
  t.match(brOnly.body, /Page not found: \/absente/)
})

t.test('build manifests: latest is never cached, a build’s meta never changes', async (t) => {
  const latestResponse = await app.inject({ url: `/builds/latest.json?${Date.now()}` })
  t.equal(latestResponse.statusCode, 200)
  t.equal(latestResponse.headers['cache-control'], 'no-store')
  t.equal(latestResponse.headers['content-type'], 'application/json; charset=utf-8')
  t.equal(latestResponse.json<LatestBuild>().id, latest.id)
  const meta = await app.inject({ url: `/builds/meta/${latest.id}.json` })
  t.equal(meta.headers['cache-control'], 'public, max-age=31536000, immutable')
  const body = meta.json<BuildMeta>()
  t.equal(body.id, latest.id)
  for (const route of ORIGINAL_ROUTES) t.ok(body.prerendered.includes(route), `${route} listed`)
  t.equal((await app.inject({ url: '/builds/meta/0000.json' })).statusCode, 404)
})

t.test('each prerendered route has a payload with its title, description and data', async (t) => {
  for (const route of ORIGINAL_ROUTES) {
    const url = route === '/' ? '/_payload.json' : `${route}/_payload.json`
    const response = await app.inject({ url })
    t.equal(response.statusCode, 200, url)
    t.equal(response.headers['cache-control'], 'no-cache', url)
    const payload = response.json<RoutePayload>()
    t.equal(payload.path, route)
    t.match(payload.title, / · Paraphe$/)
    t.ok(payload.description.length > 20, `${url} describes the page`)
  }
  const pricing = (await app.inject({ url: '/tarifs/_payload.json' })).json<RoutePayload>()
  t.match(pricing.data, { plans: [{ id: 'decouverte' }, { id: 'pro' }, { id: 'entreprise' }] })
})

t.test('hashed assets (@fastify/static): immutable, the build’s br > gzip > identity', async (t) => {
  t.match(mainScript, /^\/assets\/index-[\w-]+\.js$/)
  const identity = await app.inject({ url: mainScript })
  t.equal(identity.statusCode, 200)
  t.equal(identity.headers['content-type'], 'application/javascript; charset=utf-8')
  t.equal(identity.headers['cache-control'], 'public, max-age=31536000, immutable')
  t.equal(identity.headers['content-encoding'], undefined)
  t.match(String(identity.headers.vary), /^accept-encoding$/i)
  const cases: Array<[string, string | undefined]> = [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    // The plugin reads `*` as gzip, which every client decodes.
    ['*', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined]
  ]
  for (const [acceptEncoding, expected] of cases) {
    const response = await app.inject({ url: mainScript, headers: { 'accept-encoding': acceptEncoding } })
    t.equal(response.headers['content-encoding'], expected, acceptEncoding)
    t.equal(
      response.headers['cache-control'],
      'public, max-age=31536000, immutable',
      `${acceptEncoding}: the URL's policy, whichever file was sent`
    )
    t.equal(response.headers['content-type'], 'application/javascript; charset=utf-8', acceptEncoding)
    const decoded =
      expected === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : expected === 'gzip'
          ? gunzipSync(response.rawPayload)
          : response.rawPayload
    t.equal(decoded.toString(), identity.body, `${acceptEncoding}: same content`)
  }
  const css = await app.inject({ url: '/favicon.svg' })
  t.equal(css.headers['content-type'], 'image/svg+xml')
  t.equal(css.headers['cache-control'], 'public, max-age=3600')
})

t.test('ETag and If-None-Match give 304 without a body', async (t) => {
  const first = await app.inject({ url: '/tarifs', headers: { 'accept-encoding': 'br' } })
  const etag = first.headers.etag
  t.type(etag, 'string')
  const again = await app.inject({ url: '/tarifs', headers: { 'accept-encoding': 'br', 'if-none-match': String(etag) } })
  t.equal(again.statusCode, 304)
  t.equal(again.body, '')
  t.equal(again.headers.etag, etag)
  const weak = await app.inject({ url: '/tarifs', headers: { 'accept-encoding': 'br', 'if-none-match': `"autre", W/${etag}` } })
  t.equal(weak.statusCode, 304)
  const otherEncoding = await app.inject({ url: '/tarifs', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(etag) } })
  t.equal(otherEncoding.statusCode, 200, 'an ETag names one encoding')
  t.not(otherEncoding.headers.etag, etag)
  const star = await app.inject({ url: '/tarifs', headers: { 'if-none-match': '*' } })
  t.equal(star.statusCode, 304)
  const stale = await app.inject({ url: '/tarifs', headers: { 'if-none-match': '"perime"' } })
  t.equal(stale.statusCode, 200)
})

t.test('HEAD answers with the same headers and no body', async (t) => {
  const get = await app.inject({ url: '/contact', headers: { 'accept-encoding': 'br' } })
  const head = await app.inject({ method: 'HEAD', url: '/contact', headers: { 'accept-encoding': 'br' } })
  t.equal(head.statusCode, 200)
  t.equal(head.body, '')
  t.equal(head.headers['content-length'], get.headers['content-length'])
  t.equal(head.headers.etag, get.headers.etag)
  t.equal(head.headers['content-type'], 'text/html; charset=utf-8')
  const missing = await app.inject({ method: 'HEAD', url: '/introuvable' })
  t.equal(missing.statusCode, 404)
})

t.test('a trailing slash redirects to the page, never off-site', async (t) => {
  const slash = await app.inject({ url: '/tarifs/?intervalle=annuel' })
  t.equal(slash.statusCode, 308)
  t.equal(slash.headers.location, '/tarifs?intervalle=annuel')
  t.equal((await app.inject({ url: '/contact/' })).headers.location, '/contact')
  t.equal((await app.inject({ url: '/inconnue/' })).statusCode, 404)
  const offsite = await app.inject({ url: '//evil.example/' })
  t.equal(offsite.statusCode, 404)
  t.equal(offsite.headers.location, undefined)
})

t.test('traversal attempts never leave the build folder', async (t) => {
  const listening = await buildApp()
  t.teardown(() => listening.close())
  await listening.listen({ host: '127.0.0.1', port: 0 })
  const address = listening.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : 0
  for (const target of [
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/..%5c..%5cetc%5cpasswd',
    '/....//....//etc/passwd',
    '/assets/../../../../etc/passwd'
  ]) {
    const response = await rawRequest(port, target)
    t.match(response, /^HTTP\/1\.1 (400|404) /, target)
    t.notMatch(response, /root:x:0:0/, `${target} does not leak /etc/passwd`)
    t.notMatch(response, /"workspaces"/, `${target} does not leak package.json`)
  }
})

t.test('API: plans from the one table, JSON errors in French', async (t) => {
  const plans = await app.inject({ url: '/api/plans' })
  t.equal(plans.statusCode, 200)
  t.equal(plans.headers['content-type'], 'application/json; charset=utf-8')
  const body = plans.json<{
    checkoutAvailable: boolean
    plans: Array<{
      id: string
      priceHtCents: { month: number }
      priceTtcCents: { month: number; year: number }
      yearlySavingHtCents: number
    }>
  }>()
  t.equal(body.checkoutAvailable, false, 'no Stripe keys on the embedded default')
  t.same(
    body.plans.map((plan) => plan.id),
    ['decouverte', 'pro', 'entreprise']
  )
  t.match(body.plans[1], { priceHtCents: { month: 1400 }, priceTtcCents: { month: 1680, year: 16800 }, yearlySavingHtCents: 2800 })
  const unknown = await app.inject({ url: '/api/inconnu' })
  t.equal(unknown.statusCode, 404)
  t.same(unknown.json(), { error: { code: 'not_found', message: 'Cette adresse de l’API n’existe pas.' } })
  const wrongMethod = await app.inject({ method: 'DELETE', url: '/tarifs' })
  t.equal(wrongMethod.statusCode, 404)
  t.equal(wrongMethod.json<{ error: { code: string } }>().error.code, 'not_found')
})

t.test('health and readiness', async (t) => {
  const health = await app.inject({ url: '/healthz' })
  t.same(health.json(), { status: 'ok' })
  t.equal(health.headers['cache-control'], 'no-store')
  const ready = await app.inject({ url: '/readyz' })
  t.equal(ready.statusCode, 200)
  t.same(ready.json(), { status: 'ok', checks: { eventLoop: 'ok', site: 'ok' }, dependencies: { pdf: 'ok', database: 'ok' } })
})

t.test('security headers on pages, assets, API and errors', async (t) => {
  for (const url of ['/', mainScript, '/api/plans', '/absente', '/api/absente']) {
    const response = await app.inject({ url })
    const csp = String(response.headers['content-security-policy'])
    t.match(csp, /script-src 'self'(;|$)/, url)
    t.notMatch(csp, /unsafe-inline|unsafe-eval/, url)
    t.match(csp, /frame-ancestors 'none'/, url)
    t.equal(response.headers['x-content-type-options'], 'nosniff', url)
    t.equal(response.headers['referrer-policy'], 'same-origin', url)
    t.match(String(response.headers['permissions-policy']), /camera=\(\)/, url)
    t.equal(response.headers['strict-transport-security'], undefined, 'no HSTS over plain http')
  }
  const https = await buildApp({ PUBLIC_URL: 'https://devis.example.fr' })
  t.teardown(() => https.close())
  const response = await https.inject({ url: '/' })
  t.equal(response.headers['strict-transport-security'], 'max-age=63072000; includeSubDomains')
  t.match(String(response.headers['content-security-policy']), /upgrade-insecure-requests/)
})

t.test('request ids: generated, or kept from the proxy when well-formed', async (t) => {
  const generated = await app.inject({ url: '/healthz' })
  t.match(String(generated.headers['x-request-id']), /^[0-9a-f-]{36}$/)
  const kept = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'caddy-1234abcd' } })
  t.equal(kept.headers['x-request-id'], 'caddy-1234abcd')
  const replaced = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id <script>' } })
  t.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/)
})

t.test('pages with tokens or for one person only say noindex; public pages do not', async (t) => {
  for (const url of [
    '/success',
    '/cancel',
    '/confirm-email',
    '/reset-password',
    '/SignatureDevis',
    '/SignatureDevis?token=abc',
    '/espace',
    '/espace/profil',
    '/espace/devis/nouveau'
  ]) {
    const response = await app.inject({ url })
    t.equal(response.statusCode, 200, url)
    t.equal(response.headers['x-robots-tag'], 'noindex', url)
  }
  for (const url of ['/', '/tarifs', '/fonctionnalites', '/contact', '/connexion', '/verification']) {
    t.equal((await app.inject({ url })).headers['x-robots-tag'], undefined, `${url} stays indexable`)
  }
})
