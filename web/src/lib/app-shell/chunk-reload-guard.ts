import { APP_SHELL } from '@paraphe/shared/build-manifest'

// After a deploy, an open page may ask for a chunk of the previous build that no longer exists.
// Reloading fetches the new build; the guard stops a reload loop when the chunk is really broken.

const STORAGE_KEY = 'paraphe:chunk-reload'

export interface ReloadGuardDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null
  now: () => number
  reload: () => void
}

const CHUNK_ERROR_PATTERNS = [
  'Failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'Importing a module script failed', // Safari
  'Unable to preload CSS',
  'Unable to preload' // Vite's preload helper
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return CHUNK_ERROR_PATTERNS.some((pattern) => message.includes(pattern))
}

/**
 * Reloads the page unless this path was already reloaded for a chunk error less than
 * 10 s ago. Returns whether it reloaded; when it did not, the caller shows the error page.
 */
export function reloadAfterChunkError(path: string, deps: ReloadGuardDeps): boolean {
  if (deps.storage === null) return false
  const reloads = readReloads(deps.storage)
  const now = deps.now()
  const last = reloads[path]
  if (last !== undefined && now - last < APP_SHELL.chunkReloadGuardMs) return false
  // Forget old entries so the record stays small.
  for (const [key, at] of Object.entries(reloads)) {
    if (now - at >= APP_SHELL.chunkReloadGuardMs) delete reloads[key]
  }
  reloads[path] = now
  try {
    deps.storage.setItem(STORAGE_KEY, JSON.stringify(reloads))
  } catch {
    return false // storage full or blocked: no reload rather than a possible loop
  }
  deps.reload()
  return true
}

function readReloads(storage: Pick<Storage, 'getItem'>): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null) return {}
    const result: Record<string, number> = {}
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'number') result[key] = value
    }
    return result
  } catch {
    return {}
  }
}

/** The browser's session storage, or null where it is blocked. */
export function browserSessionStorage(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}
