import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom'
import { RouterProvider } from 'react-router-dom'
import { AppProviders } from '@/app/app'
import { createRoutes } from '@/app/routes'
import { startAppShell } from '@/app/app-shell'
import { readRuntimeConfig } from '@/lib/runtime-config'
import { browserSessionStorage, isChunkLoadError, reloadAfterChunkError } from '@/lib/app-shell/chunk-reload-guard'
import './styles/index.css'

/** Loads the current page's chunk before hydrating, so the first render matches the HTML. */
async function resolveLazyMatches(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const resolved = await route.lazy()
      Object.assign(route, { ...resolved, lazy: undefined })
    })
  )
}

async function boot(): Promise<void> {
  const config = readRuntimeConfig(document)
  const routes = createRoutes()
  try {
    await resolveLazyMatches(routes)
  } catch (error) {
    // The page's chunk is gone (new deploy) or the network failed: reload once, guarded;
    // otherwise let the router show its error page.
    if (isChunkLoadError(error)) {
      const reloaded = reloadAfterChunkError(window.location.pathname, {
        storage: browserSessionStorage(),
        now: Date.now,
        reload: () => window.location.reload()
      })
      if (reloaded) return
    }
  }
  const router = createBrowserRouter(routes)
  const app = (
    <AppProviders config={config}>
      <RouterProvider router={router} />
    </AppProviders>
  )
  const container = document.getElementById('root')
  if (container === null) throw new Error('#root is missing')
  if (container.firstElementChild === null) createRoot(container).render(app)
  else hydrateRoot(container, app)
  startAppShell({ router, routes, config })
}

void boot()
