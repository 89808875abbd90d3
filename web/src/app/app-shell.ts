import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'
import { BUILD_ID_META } from '@paraphe/shared/build-manifest'
import type { RuntimeConfig } from '@paraphe/shared/runtime-config'
import { fetchJson, scheduleManifestPrefetch } from '@/lib/app-shell/build-manifest'
import { createVersionWatcher } from '@/lib/app-shell/version-watcher'
import type { LazyPage } from './lazy-page'
import { pageFor } from './routes'

interface AppShellOptions {
  config: RuntimeConfig
  pages: readonly LazyPage[]
}

export interface AppShell {
  /** Called after each client-side navigation. */
  onNavigate: (pathname: string) => void
}

const log = (message: string, error?: unknown): void => console.warn(message, error)

/** Version watching, manifest prefetch and the chunk-error reload, wired to the browser. */
export function startAppShell({ config, pages }: AppShellOptions): AppShell {
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

  // A new build is out: the next link click is a normal page load of that address…
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
      if (meta !== null) warmPrerenderedPagesOnIntent(pages, new Set(meta.prerendered))
    })
  }
  if (document.readyState === 'complete') startPrefetch()
  else window.addEventListener('load', startPrefetch, { once: true })

  return {
    // …and any other navigation (back button, redirects) reloads once it has happened.
    onNavigate: () => {
      if (watcher.newBuildId !== null) window.location.reload()
    }
  }
}

/** Calls `onNavigate` after each client-side navigation (not on the first render). */
export function NavigationListener({ onNavigate }: { onNavigate: (pathname: string) => void }): null {
  const { pathname } = useLocation()
  const previous = useRef(pathname)
  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    onNavigate(pathname)
  }, [pathname, onNavigate])
  return null
}

/** Loads a public page's code when the pointer or focus reaches a link to it. */
function warmPrerenderedPagesOnIntent(pages: readonly LazyPage[], prerendered: Set<string>): void {
  const warm = (event: Event): void => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
    if (!prerendered.has(link.pathname)) return
    void pageFor(pages, link.pathname)
      .load()
      .catch(() => undefined)
  }
  document.addEventListener('pointerover', warm, { passive: true })
  document.addEventListener('focusin', warm)
}
