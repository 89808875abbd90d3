import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { App } from '@/app/app'
import { NavigationListener, startAppShell } from '@/app/app-shell'
import { createPages, isWorkspacePath, loadWorkspaceLayout, pageFor } from '@/app/routes'
import { browserSessionStorage, isChunkLoadError, reloadAfterChunkError } from '@/lib/app-shell/chunk-reload-guard'
import { readRuntimeConfig } from '@/lib/runtime-config'
import './styles/index.css'

async function boot(): Promise<void> {
  const config = readRuntimeConfig(document)
  const pages = createPages()
  let pageLoaded = true
  try {
    // Load the current page's code first, so hydration renders exactly the prerendered HTML.
    const { pathname } = window.location
    await Promise.all([pageFor(pages, pathname).load(), isWorkspacePath(pathname) ? loadWorkspaceLayout() : undefined])
  } catch (error) {
    pageLoaded = false
    // The chunk is gone (new deploy) or the network failed: reload once, guarded; otherwise
    // the page's error boundary shows the error page.
    if (isChunkLoadError(error)) {
      const reloaded = reloadAfterChunkError(window.location.pathname, {
        storage: browserSessionStorage(),
        now: Date.now,
        reload: () => window.location.reload()
      })
      if (reloaded) return
    }
  }
  const shell = startAppShell({ config, pages })
  const app = (
    <App config={config} pages={pages} router={BrowserRouter}>
      <NavigationListener onNavigate={shell.onNavigate} />
    </App>
  )
  const container = document.getElementById('root')
  if (container === null) throw new Error('#root is missing')
  // Without its code the page cannot match its HTML: render from scratch (its error boundary
  // shows the error page) instead of a hydration that would fail.
  if (container.firstElementChild === null || !pageLoaded) createRoot(container).render(app)
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task (the prerendered page is already painted and readable).
  else startTransition(() => void hydrateRoot(container, app))
}

void boot()
