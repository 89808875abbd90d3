import t from 'tap'
import { scheduleManifestPrefetch, type ManifestDeps } from '@/lib/app-shell/build-manifest'

function deps(overrides: Partial<ManifestDeps> = {}) {
  const delays: number[] = []
  const requested: string[] = []
  const logs: string[] = []
  const base: ManifestDeps = {
    buildId: 'b1',
    effectiveConnectionType: '4g',
    fetchJson: async (url) => {
      requested.push(url)
      return { id: 'b1', timestamp: 1, prerendered: ['/', '/tarifs'] }
    },
    setTimeout: (callback, ms) => {
      delays.push(ms)
      callback()
      return 0
    },
    log: (message) => void logs.push(message),
    ...overrides
  }
  return { base, delays, requested, logs }
}

t.test('the manifest is fetched 1000 ms after load', async (t) => {
  const { base, delays, requested } = deps()
  const meta = await scheduleManifestPrefetch(base).ready
  t.same(delays, [1000])
  t.same(requested, ['/builds/meta/b1.json'])
  t.same(meta?.prerendered, ['/', '/tarifs'])
})

t.test('never on slow-2g', async (t) => {
  const { base, delays, requested } = deps({ effectiveConnectionType: 'slow-2g' })
  t.equal(await scheduleManifestPrefetch(base).ready, null)
  t.same(delays, [])
  t.same(requested, [])
})

t.test('failures go to the console only', async (t) => {
  const failing = deps({
    fetchJson: async () => {
      throw new Error('HTTP 500')
    }
  })
  t.equal(await scheduleManifestPrefetch(failing.base).ready, null)
  t.same(failing.logs, ['Paraphe: could not load the build manifest'])
  const odd = deps({ fetchJson: async () => ({ id: 'b1' }) })
  t.equal(await scheduleManifestPrefetch(odd.base).ready, null)
  t.same(odd.logs, ['Paraphe: could not load the build manifest'])
})
