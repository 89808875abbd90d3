import type { LatestBuild } from '@paraphe/shared/build-manifest'
import { shellPaths } from '@paraphe/shared/paths'

// Open pages poll builds/latest.json; when a new build was deployed, the next navigation is a
// full page load so the visitor gets the new code instead of chunks that may be gone.

export interface VersionWatcherDeps {
  currentBuildId: string
  intervalMs: number
  fetchJson: (url: string) => Promise<unknown>
  now: () => number
  setInterval: (callback: () => void, ms: number) => unknown
  clearInterval: (handle: unknown) => void
  log: (message: string, error?: unknown) => void
}

export interface VersionWatcher {
  /** Asks once; resolves to whether a new build is known. */
  check: () => Promise<boolean>
  start: () => void
  stop: () => void
  readonly newBuildId: string | null
}

export function createVersionWatcher(deps: VersionWatcherDeps): VersionWatcher {
  let newBuildId: string | null = null
  let timer: unknown = null

  const stop = (): void => {
    if (timer !== null) deps.clearInterval(timer)
    timer = null
  }

  const check = async (): Promise<boolean> => {
    if (newBuildId !== null) return true
    try {
      // The timestamp defeats any cache between the page and the gateway.
      const latest = await deps.fetchJson(`${shellPaths.latestBuild}?${deps.now()}`)
      if (isLatestBuild(latest) && latest.id !== deps.currentBuildId) {
        newBuildId = latest.id
        stop()
      }
    } catch (error) {
      deps.log('Paraphe: could not check for a new version', error)
    }
    return newBuildId !== null
  }

  return {
    check,
    start: () => {
      if (timer === null && newBuildId === null) {
        timer = deps.setInterval(() => void check(), deps.intervalMs)
      }
    },
    stop,
    get newBuildId() {
      return newBuildId
    }
  }
}

function isLatestBuild(value: unknown): value is LatestBuild {
  return typeof value === 'object' && value !== null && typeof (value as LatestBuild).id === 'string'
}
