import t from 'tap'
import { isChunkLoadError, reloadAfterChunkError } from '@/lib/app-shell/chunk-reload-guard'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data
  }
}

t.test('chunk errors are recognised in every browser’s wording', async (t) => {
  t.ok(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js')))
  t.ok(isChunkLoadError(new TypeError('error loading dynamically imported module')))
  t.ok(isChunkLoadError('Importing a module script failed.'))
  t.ok(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css')))
  t.notOk(isChunkLoadError(new Error('Cannot read properties of undefined')))
  t.notOk(isChunkLoadError({ message: 'Failed to fetch dynamically imported module' }))
})

t.test('reloads at most once per 10 s per path', async (t) => {
  const storage = memoryStorage()
  let now = 1_000_000
  let reloads = 0
  const deps = { storage, now: () => now, reload: () => void reloads++ }
  t.equal(reloadAfterChunkError('/tarifs', deps), true, 'first error reloads')
  now += 9_999
  t.equal(reloadAfterChunkError('/tarifs', deps), false, 'second within 10 s shows the error')
  t.equal(reloadAfterChunkError('/contact', deps), true, 'another path has its own guard')
  now += 1
  t.equal(reloadAfterChunkError('/tarifs', deps), true, 'after 10 s it may reload again')
  t.equal(reloads, 3)
  now += 60_000
  t.equal(reloadAfterChunkError('/', deps), true)
  t.same(Object.keys(JSON.parse(storage.data.get('paraphe:chunk-reload') ?? '{}') as object), ['/'], 'old entries forgotten')
})

t.test('without usable storage it never reloads (no loop possible)', async (t) => {
  let reloads = 0
  const reload = () => void reloads++
  t.equal(reloadAfterChunkError('/', { storage: null, now: Date.now, reload }), false)
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new Error('QuotaExceededError')
    }
  }
  t.equal(reloadAfterChunkError('/', { storage: full, now: Date.now, reload }), false)
  const corrupt = memoryStorage({ 'paraphe:chunk-reload': '{not json' })
  t.equal(reloadAfterChunkError('/', { storage: corrupt, now: Date.now, reload }), true, 'corrupt record ignored')
  const odd = memoryStorage({ 'paraphe:chunk-reload': '{"/":"hier","/a":5}' })
  t.equal(reloadAfterChunkError('/', { storage: odd, now: () => 10, reload }), true)
  t.equal(reloadAfterChunkError('/a', { storage: memoryStorage({ 'paraphe:chunk-reload': '42' }), now: () => 10, reload }), true)
  t.equal(reloads, 3)
})
