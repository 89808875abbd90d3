import t from 'tap'
import { createVersionWatcher, type VersionWatcherDeps } from '@/lib/app-shell/version-watcher'

function setup(responses: Array<unknown>) {
  const requested: string[] = []
  const logs: string[] = []
  let tick: (() => void) | null = null
  let interval = 0
  let cleared = 0
  const deps: VersionWatcherDeps = {
    currentBuildId: 'build-a',
    intervalMs: 3_600_000,
    fetchJson: async (url) => {
      requested.push(url)
      const next = responses.shift()
      if (next instanceof Error) throw next
      return next
    },
    now: () => 1_700_000_000_000,
    setInterval: (callback, ms) => {
      tick = callback
      interval = ms
      return 7
    },
    clearInterval: () => void cleared++,
    log: (message) => void logs.push(message)
  }
  return { watcher: createVersionWatcher(deps), requested, logs, tick: () => tick?.(), interval: () => interval, cleared: () => cleared }
}

t.test('polls latest.json with a timestamp at the configured interval', async (t) => {
  const { watcher, requested, interval, tick } = setup([{ id: 'build-a', timestamp: 1 }])
  watcher.start()
  watcher.start()
  t.equal(interval(), 3_600_000)
  tick()
  await new Promise((resolve) => setImmediate(resolve))
  t.same(requested, ['/builds/latest.json?1700000000000'])
  t.equal(watcher.newBuildId, null, 'same build: nothing to do')
})

t.test('a new build id is remembered and polling stops', async (t) => {
  const { watcher, cleared } = setup([{ id: 'build-a' }, { id: 'build-b', timestamp: 2 }])
  watcher.start()
  t.equal(await watcher.check(), false)
  t.equal(await watcher.check(), true)
  t.equal(watcher.newBuildId, 'build-b')
  t.equal(cleared(), 1)
  t.equal(await watcher.check(), true, 'no further request once known')
  watcher.start()
  t.equal(cleared(), 1, 'not restarted')
})

t.test('failures and odd answers are logged to the console only', async (t) => {
  const { watcher, logs } = setup([new Error('offline'), { nope: true }, null])
  t.equal(await watcher.check(), false)
  t.equal(await watcher.check(), false)
  t.equal(await watcher.check(), false)
  t.same(logs, ['Paraphe: could not check for a new version'])
  watcher.stop()
})
