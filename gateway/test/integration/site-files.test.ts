// The build's files are @fastify/static's and auth is @fastify/http-proxy's: what only those
// plugins do (reading the file on disk per request, ranges, conditional requests) is checked here
// over a real socket, on a copy of the build with a PDF-sized file added.
import t from 'tap'
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { DEFAULT_SITE_DIR } from '../../src/config.js'
import { buildApp, rawRequest } from '../helper.js'

const siteDir = await mkdtemp(path.join(tmpdir(), 'paraphe-files-'))
t.teardown(() => rm(siteDir, { recursive: true, force: true }))
await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
// A PDF-sized file, as an exported example quote would be (300 KB of incompressible bytes).
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)])
await writeFile(path.join(siteDir, 'exemple-devis.pdf'), pdf)
const script = (await readdir(path.join(siteDir, 'assets'))).find((name) => name.endsWith('.js')) as string

const app = await buildApp({
  SITE_DIR: siteDir,
  AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
  SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLWZvci10ZXN0cw'
})
t.teardown(() => app.close())
await app.listen({ host: '127.0.0.1', port: 0 })
const port = (app.server.address() as AddressInfo).port
const base = `http://127.0.0.1:${port}`

t.test('the files and /auth/v1 are served by the named plugins', async (t) => {
  const plugins = app.printPlugins()
  t.match(plugins, /@fastify\/static/, '@fastify/static is registered')
  t.match(plugins, /@fastify\/http-proxy/, '@fastify/http-proxy is registered')
  t.ok(app.hasRoute({ method: 'GET', url: `/assets/${script}` }), 'each built file has its route')
  t.ok(app.hasRoute({ method: 'POST', url: '/auth/v1/*' }), 'the proxy’s route')
  // Read from disk on every request (no copy in memory): a file replaced after the start is what is sent.
  const file = path.join(siteDir, 'assets', script)
  const original = await readFile(file)
  await rm(`${file}.br`)
  await rm(`${file}.gz`)
  await writeFile(file, Buffer.from('/* remplacé sur le disque */'))
  const response = await fetch(`${base}/assets/${script}`)
  t.equal(await response.text(), '/* remplacé sur le disque */')
  await writeFile(file, original)
})

t.test('conditional requests on a file: If-None-Match and If-Modified-Since give 304', async (t) => {
  // Through inject: fetch() adds `Cache-Control: no-cache` to conditional requests (a reload), which
  // rightly makes the plugin send the file.
  for (const url of ['/favicon.svg', '/builds/latest.json', '/exemple-devis.pdf', `/assets/${script}`]) {
    const first = await app.inject({ url, headers: { 'accept-encoding': 'br' } })
    t.equal(first.statusCode, 200, url)
    const etag = String(first.headers.etag)
    t.match(etag, /^(W\/)?"[^"]+"$/, `${url}: an ETag`)
    const again = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag } })
    t.equal(again.statusCode, 304, `${url}: If-None-Match`)
    t.equal(again.rawPayload.length, 0)
    t.equal(again.headers['cache-control'], first.headers['cache-control'], `${url}: the same caching policy on the 304`)
    const since = await app.inject({
      url,
      headers: { 'accept-encoding': 'br', 'if-modified-since': String(first.headers['last-modified']) }
    })
    t.equal(since.statusCode, 304, `${url}: If-Modified-Since`)
    const stale = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': '"perime"' } })
    t.equal(stale.statusCode, 200, `${url}: another ETag gets the file`)
    const reload = await app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etag, 'cache-control': 'no-cache' } })
    t.equal(reload.statusCode, 200, `${url}: a reload gets the file`)
  }
})

t.test('a range of a PDF-sized file: 206 with exactly those bytes; an impossible range 416', async (t) => {
  const whole = await fetch(`${base}/exemple-devis.pdf`)
  t.equal(whole.headers.get('content-type'), 'application/pdf')
  t.equal(whole.headers.get('accept-ranges'), 'bytes')
  t.equal(whole.headers.get('cache-control'), 'public, max-age=3600')
  t.same(Buffer.from(await whole.arrayBuffer()), pdf)
  const part = await fetch(`${base}/exemple-devis.pdf`, { headers: { range: 'bytes=100000-199999' } })
  t.equal(part.status, 206)
  t.equal(part.headers.get('content-range'), `bytes 100000-199999/${pdf.length}`)
  t.equal(part.headers.get('content-length'), '100000')
  t.same(Buffer.from(await part.arrayBuffer()), pdf.subarray(100000, 200000))
  const tail = await fetch(`${base}/exemple-devis.pdf`, { headers: { range: 'bytes=-10' } })
  t.same(Buffer.from(await tail.arrayBuffer()), pdf.subarray(pdf.length - 10), 'the last bytes')
  const impossible = await fetch(`${base}/exemple-devis.pdf`, { headers: { range: `bytes=${pdf.length + 10}-` } })
  t.equal(impossible.status, 416)
  t.equal(impossible.headers.get('content-range'), `bytes */${pdf.length}`)
  await impossible.arrayBuffer()
})

t.test('encoded traversal attempts: 404 or 400, never a file from outside the build', async (t) => {
  for (const target of [
    '/..%2fpackage.json',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2f..%2f..%2fpackage.json',
    `/assets/..%2f${script}`,
    '/assets/%2e%2e%2f%2e%2e%2fpackage.json',
    '/builds/..%2f..%2f..%2f..%2fpackage.json',
    '/%2e%2e%5c%2e%2e%5cpackage.json',
    `/assets//${script}`,
    `/assets/./${script}`,
    '/exemple-devis.pdf%00.js',
    '/.vite/manifest.json',
    `/assets/${script}.br`
  ]) {
    const response = await rawRequest(port, target)
    t.match(response, /^HTTP\/1\.1 (400|404) /, target)
    t.notMatch(response, /"workspaces"|root:x:0:0/, `${target}: nothing from outside the build`)
  }
})
