import { StrictMode, type ReactNode } from 'react'
import type { RuntimeConfig } from '@paraphe/shared/runtime-config'
import { RootErrorBoundary } from '@/components/errors/route-error-boundary'
import { RuntimeConfigProvider } from '@/lib/runtime-config'
import { AppRoutes } from './routes'
import type { LazyPage } from './lazy-page'

/**
 * The whole app below the router, shared by the browser and the prerender so both render the
 * same tree. `router` is BrowserRouter in the browser and StaticRouter at build time.
 */
export function App({
  config,
  pages,
  router: Router,
  children
}: {
  config: RuntimeConfig
  pages: readonly LazyPage[]
  router: (props: { children: ReactNode }) => ReactNode
  children?: ReactNode
}) {
  return (
    <StrictMode>
      <RuntimeConfigProvider value={config}>
        <Router>
          <RootErrorBoundary>
            <AppRoutes pages={pages} />
            {children}
          </RootErrorBoundary>
        </Router>
      </RuntimeConfigProvider>
    </StrictMode>
  )
}
