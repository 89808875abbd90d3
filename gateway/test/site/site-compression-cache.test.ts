// The pages' compressions are kept under DATA_DIR between starts: a restart serves the bytes it
// kept, while a new build, a changed setting or a damaged file never gets a stale page served.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { DEFAULT_SITE_DIR } from '../../src/config.js'
import { contentKey } from '../../src/site/compress.js'
import { SITE_CACHE_DIRECTORY } from '../../src/site/compression-cache.js'
import { buildApp } from '../helper.js'

async function tempDir(t: Test, prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  t.teardown(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/** One start of the gateway on this data folder (and site), the page it serves in each encoding. */
async function servedHome(env: NodeJS.ProcessEnv): Promise<{ br: Buffer; gzip: Buffer }> {
  const app = await buildApp(env)
  try {
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } })
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } })
    if (br.headers['content-encoding'] !== 'br' || gzip.headers['content-encoding'] !== 'gzip')
      throw new Error('the home page was not served compressed')
    return { br: br.rawPayload, gzip: gzip.rawPayload }
  } finally {
    await app.close()
  }
}

t.test('a restart serves the compressed bytes kept by the first start', async (t) => {
  const dataDir = await tempDir(t, 'paraphe-site-cache-')
  const first = await servedHome({ DATA_DIR: dataDir })
  const html = brotliDecompressSync(first.br)
  t.same(gunzipSync(first.gzip), html, 'both encodings hold the same page')
  const cacheDir = path.join(dataDir, SITE_CACHE_DIRECTORY)
  const key = contentKey(html)
  t.same(await readFile(path.join(cacheDir, `${key}.br`)), first.br, 'the brotli copy is kept under DATA_DIR, named by its content')

  // Another valid brotli encoding of the same page: only a start that reads the kept file serves it.
  const other = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })
  t.notSame(other, first.br)
  await writeFile(path.join(cacheDir, `${key}.br`), other)
  const restart = await servedHome({ DATA_DIR: dataDir })
  t.same(restart.br, other, 'the restart served the kept bytes instead of compressing again')
  t.same(restart.gzip, first.gzip)
})

t.test('a changed setting is compressed again, never served from the old copy', async (t) => {
  const dataDir = await tempDir(t, 'paraphe-site-cache-')
  const before = await servedHome({ DATA_DIR: dataDir, SITE_NAME: 'Atelier Durand' })
  const after = await servedHome({ DATA_DIR: dataDir, SITE_NAME: 'Menuiserie Lefèvre' })
  for (const page of [brotliDecompressSync(after.br), gunzipSync(after.gzip)]) {
    t.match(page.toString('utf8'), /Menuiserie Lefèvre/)
    t.notMatch(page.toString('utf8'), /Atelier Durand/)
  }
  t.match(brotliDecompressSync(before.br).toString('utf8'), /Atelier Durand/)
  // The start prunes what it did not use without being awaited: wait for it (bounded).
  const old = `${contentKey(brotliDecompressSync(before.br))}.br`
  let kept = await readdir(path.join(dataDir, SITE_CACHE_DIRECTORY))
  for (let i = 0; i < 200 && kept.includes(old); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25))
    kept = await readdir(path.join(dataDir, SITE_CACHE_DIRECTORY))
  }
  t.notOk(kept.includes(old), 'the previous setting’s copy was removed')
  t.ok(kept.includes(`${contentKey(brotliDecompressSync(after.br))}.br`), 'the current one is kept')
})

t.test('a new build is compressed again, never served from the old copy', async (t) => {
  const dataDir = await tempDir(t, 'paraphe-site-cache-')
  const siteDir = await tempDir(t, 'paraphe-site-build-')
  await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
  await servedHome({ DATA_DIR: dataDir, SITE_DIR: siteDir })
  const index = path.join(siteDir, 'index.html')
  await writeFile(index, (await readFile(index, 'utf8')).replace('</body>', '<p>Nouvelle version du site</p></body>'))
  const rebuilt = await servedHome({ DATA_DIR: dataDir, SITE_DIR: siteDir })
  t.match(brotliDecompressSync(rebuilt.br).toString('utf8'), /Nouvelle version du site/)
  t.match(gunzipSync(rebuilt.gzip).toString('utf8'), /Nouvelle version du site/)
})

t.test('a damaged or foreign file in the cache is not served: the page is compressed again', async (t) => {
  const dataDir = await tempDir(t, 'paraphe-site-cache-')
  const first = await servedHome({ DATA_DIR: dataDir })
  const html = brotliDecompressSync(first.br)
  const cacheDir = path.join(dataDir, SITE_CACHE_DIRECTORY)
  const key = contentKey(html)
  await writeFile(path.join(cacheDir, `${key}.br`), first.br.subarray(0, first.br.length / 2))
  await writeFile(path.join(cacheDir, `${key}.gz`), brotliCompressSync(Buffer.from('<p>une autre page</p>')))
  const restart = await servedHome({ DATA_DIR: dataDir })
  t.same(brotliDecompressSync(restart.br), html, 'brotli: the whole page')
  t.same(gunzipSync(restart.gzip), html, 'gzip: the whole page')
})
