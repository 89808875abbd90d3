import t from 'tap'
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { DEFAULT_SITE_DIR } from '../src/config.js'
import { negotiateEncoding } from '../src/site/encoding.js'
import { urlPathOf } from '../src/site/site-store.js'
import { buildApp } from './helper.js'

t.test('a build without precompressed files is compressed at start', async (t) => {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'paraphe-raw-'))
  t.teardown(() => rm(siteDir, { recursive: true, force: true }))
  await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
  for (const entry of await readdir(siteDir, { recursive: true })) {
    if (/\.(br|gz)$/.test(entry)) await rm(path.join(siteDir, entry))
  }
  await writeFile(path.join(siteDir, 'LISEZMOI'), 'fichier sans extension')
  const app = await buildApp({ SITE_DIR: siteDir })
  t.teardown(() => app.close())
  const assets = (await readdir(path.join(siteDir, 'assets'))).filter((name) => name.endsWith('.js'))
  const script = await app.inject({ url: `/assets/${assets[0]}`, headers: { 'accept-encoding': 'br' } })
  t.equal(script.headers['content-encoding'], 'br')
  t.ok(brotliDecompressSync(script.rawPayload).length > script.rawPayload.length)
  const unknown = await app.inject({ url: '/LISEZMOI' })
  t.equal(unknown.headers['content-type'], 'application/octet-stream')
  t.equal(unknown.body, 'fichier sans extension')
})

t.test('tiny files are sent as they are: compression would not pay', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const robots = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } })
  t.equal(robots.statusCode, 200)
  t.equal(robots.headers['content-encoding'], undefined)
  t.equal(robots.headers['content-type'], 'text/plain; charset=utf-8')
  t.equal(robots.headers.vary, 'Accept-Encoding')
  const notFound = await app.inject({ url: '/absente', headers: { 'accept-encoding': 'identity;q=0' } })
  t.equal(notFound.statusCode, 404, 'the 404 page still arrives, uncompressed')
  t.match(notFound.body, /Page not found: \/absente/)
})

t.test('Accept-Encoding parsing', async (t) => {
  const all = ['br', 'gzip', 'identity'] as const
  t.equal(negotiateEncoding(undefined, all), 'identity')
  t.equal(negotiateEncoding('  ', all), 'identity')
  t.equal(negotiateEncoding('gzip, , br;q=0.5', all), 'gzip')
  t.equal(negotiateEncoding('br;q=abc, gzip', all), 'gzip', 'an unreadable q refuses')
  t.equal(negotiateEncoding('br;q=7', all), 'br', 'q is capped at 1')
  t.equal(negotiateEncoding('GZIP', all), 'gzip', 'case-insensitive')
  t.equal(negotiateEncoding('*;q=0', all), null)
  t.equal(negotiateEncoding('*;q=0, identity', all), 'identity')
  t.equal(negotiateEncoding('br', ['identity']), 'identity')
})

t.test('build paths map to clean URLs', async (t) => {
  t.equal(urlPathOf('index.html'), '/')
  t.equal(urlPathOf(path.join('tarifs', 'index.html')), '/tarifs')
  t.equal(urlPathOf(path.join('assets', 'a.js')), '/assets/a.js')
})
