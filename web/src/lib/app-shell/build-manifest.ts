import { APP_SHELL, type BuildMeta } from '@paraphe/shared/build-manifest'
import { shellPaths } from '@paraphe/shared/paths'

// The build manifest lists the prerendered routes. It is fetched once the page is idle (1 s after
// load, never on slow-2g) and used to warm the code of public pages a visitor is about to open.

export interface ManifestDeps {
  buildId: string
  effectiveConnectionType: string | undefined
  fetchJson: (url: string) => Promise<unknown>
  setTimeout: (callback: () => void, ms: number) => unknown
  log: (message: string, error?: unknown) => void
}

export interface ManifestLoader {
  /** Resolves with the manifest, or null when skipped or failed (failures go to the console). */
  readonly ready: Promise<BuildMeta | null>
}

export function scheduleManifestPrefetch(deps: ManifestDeps): ManifestLoader {
  if (deps.effectiveConnectionType === 'slow-2g') return { ready: Promise.resolve(null) }
  const ready = new Promise<BuildMeta | null>((resolve) => {
    deps.setTimeout(() => {
      deps
        .fetchJson(shellPaths.buildMeta(deps.buildId))
        .then((meta) => {
          if (!isBuildMeta(meta)) throw new Error('unexpected build manifest shape')
          resolve(meta)
        })
        .catch((error: unknown) => {
          deps.log('Paraphe: could not load the build manifest', error)
          resolve(null)
        })
    }, APP_SHELL.manifestPrefetchDelayMs)
  })
  return { ready }
}

function isBuildMeta(value: unknown): value is BuildMeta {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as BuildMeta).id === 'string' &&
    Array.isArray((value as BuildMeta).prerendered)
  )
}

/** fetch() that rejects on HTTP errors and returns parsed JSON. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`)
  return response.json()
}
