import { BUILD_ID_META } from '@paraphe/shared/build-manifest'
import type { RuntimeConfig } from '@paraphe/shared/runtime-config'
import { matchRoutes, type RouteObject, type createBrowserRouter } from 'react-router-dom'
import { fetchJson, scheduleManifestPrefetch } from '@/lib/app-shell/build-manifest'
import { browserSessionStorage, reloadAfterChunkError } from '@/lib/app-shell/chunk-reload-guard'
import { createVersionWatcher } from '@/lib/app-shell/version-watcher'

type Router = ReturnType<typeof createBrowserRouter>

interface AppShellOptions {
  router: Router
  routes: RouteObject[]
  config: RuntimeConfig
}

const log = (message: string, error?: unknown): void => console.warn(message, error)

/** Version watching, manifest prefetch and the chunk-error reload, wired to the browser. */
export function startAppShell({ router, routes, config }: AppShellOptions): void {
  const buildId = document.querySelector(`meta[name="${BUILD_ID_META}"]`)?.getAttribute('content') ?? ''

  const watcher = createVersionWatcher({
    currentBuildId: buildId,
    intervalMs: config.buildPollIntervalMs,
    fetchJson,
    now: Date.now,
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
    log
  })
  watcher.start()

  // A new build is out: let the next link click be a normal page load of that address…
  document.addEventListener(
    'click',
    (event) => {
      if (watcher.newBuildId === null) return
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (link instanceof HTMLAnchorElement && link.origin === window.location.origin) {
        event.stopImmediatePropagation()
      }
    },
    true
  )
  // …and any other navigation (back button, redirects) reload once it has happened.
  let currentPath = router.state.location.pathname
  router.subscribe((state) => {
    if (state.location.pathname === currentPath) return
    currentPath = state.location.pathname
    if (watcher.newBuildId !== null) window.location.reload()
  })

  // Vite reports a failed chunk preload on window; same guarded reload as the error boundary.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault()
    reloadAfterChunkError(window.location.pathname, {
      storage: browserSessionStorage(),
      now: Date.now,
      reload: () => window.location.reload()
    })
  })

  const connection = (navigator as Navigator & { connection?: { effectiveType?: string } }).connection
  const startPrefetch = (): void => {
    const manifest = scheduleManifestPrefetch({
      buildId,
      effectiveConnectionType: connection?.effectiveType,
      fetchJson,
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      log
    })
    void manifest.ready.then((meta) => {
      if (meta !== null) warmPrerenderedRoutesOnIntent(routes, new Set(meta.prerendered))
    })
  }
  if (document.readyState === 'complete') startPrefetch()
  else window.addEventListener('load', startPrefetch, { once: true })
}

/** Loads a public page's code when the pointer or focus reaches a link to it. */
function warmPrerenderedRoutesOnIntent(routes: RouteObject[], prerendered: Set<string>): void {
  const warm = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
    if (!prerendered.has(link.pathname)) return
    for (const { route } of matchRoutes(routes, link.pathname) ?? []) {
      if (typeof route.lazy === 'function') void route.lazy().catch(() => undefined)
    }
  }
  document.addEventListener('pointerover', warm, { passive: true })
  document.addEventListener('focusin', warm)
}
