import t from 'tap'
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { DEFAULT_SITE_DIR } from '../../src/config.js'
import { encodingFor } from '../../src/routes/site.js'
import { isTemplated, urlPathOf } from '../../src/site/page-store.js'
import { buildApp } from '../helper.js'

t.test('a build without precompressed files: pages compressed at start, other files sent as they are', async (t) => {
  const siteDir = await mkdtemp(path.join(tmpdir(), 'paraphe-raw-'))
  t.teardown(() => rm(siteDir, { recursive: true, force: true }))
  await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
  for (const entry of await readdir(siteDir, { recursive: true })) {
    if (/\.(br|gz)$/.test(entry)) await rm(path.join(siteDir, entry))
  }
  await writeFile(path.join(siteDir, 'LISEZMOI'), 'fichier sans extension')
  const app = await buildApp({ SITE_DIR: siteDir })
  t.teardown(() => app.close())
  const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
  t.equal(home.headers['content-encoding'], 'br', 'the page, templated at start, is compressed then')
  t.match(brotliDecompressSync(home.rawPayload).toString(), /<html lang="fr">/)
  const assets = (await readdir(path.join(siteDir, 'assets'))).filter((name) => name.endsWith('.js'))
  const script = await app.inject({ url: `/assets/${assets[0]}`, headers: { 'accept-encoding': 'br, gzip' } })
  t.equal(script.statusCode, 200)
  t.equal(script.headers['content-encoding'], undefined, 'no sibling to send: the file itself')
  const unknown = await app.inject({ url: '/LISEZMOI' })
  t.equal(unknown.headers['content-type'], 'application/octet-stream')
  t.equal(unknown.body, 'fichier sans extension')
})

t.test('robots.txt from the build; the 404 page arrives whatever the client refuses', async (t) => {
  const app = await buildApp()
  t.teardown(() => app.close())
  const robots = await app.inject({ url: '/robots.txt' })
  t.equal(robots.statusCode, 200)
  t.equal(robots.headers['content-type'], 'text/plain; charset=utf-8')
  t.match(robots.body, /User-agent/i)
  const notFound = await app.inject({ url: '/absente', headers: { 'accept-encoding': 'identity;q=0' } })
  t.equal(notFound.statusCode, 404, 'the 404 page still arrives, uncompressed')
  t.match(notFound.body, /Page not found: \/absente/)
})

t.test('Accept-Encoding for the pages in memory', async (t) => {
  const all = ['br', 'gzip', 'identity'] as const
  t.equal(encodingFor(undefined, all), 'identity')
  t.equal(encodingFor('  ', all), 'identity')
  t.equal(encodingFor('gzip, , br;q=0.5', all), 'gzip')
  t.equal(encodingFor('br;q=abc, gzip', all), 'gzip', 'an unreadable q refuses')
  t.equal(encodingFor('GZIP', all), 'gzip', 'case-insensitive')
  t.equal(encodingFor('*;q=0', all), 'identity', 'nothing acceptable: the page all the same')
  t.equal(encodingFor('br', ['identity']), 'identity')
})

t.test('build paths map to clean URLs; only pages and payloads are templated', async (t) => {
  t.equal(urlPathOf('index.html'), '/')
  t.equal(urlPathOf(path.join('tarifs', 'index.html')), '/tarifs')
  t.equal(urlPathOf(path.join('assets', 'a.js')), '/assets/a.js')
  t.ok(isTemplated(path.join('tarifs', '_payload.json')))
  t.ok(isTemplated('404.html'))
  t.notOk(isTemplated(path.join('builds', 'latest.json')))
  t.notOk(isTemplated(path.join('assets', 'index-abc.js')))
})
