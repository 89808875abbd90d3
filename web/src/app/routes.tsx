import type { RouteObject } from 'react-router-dom'
import { SiteLayout } from '@/components/layout/site-layout'
import { RootErrorBoundary, RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { resolveGuard, type GuardRegistry } from './guards'
import { notFoundRoute, pageRoutes, type PageRoute } from './page-routes'

export const ROOT_ROUTE_ID = 'root'

/** Route guards by name (accounts add theirs here). */
export const guardRegistry: GuardRegistry = {}

/**
 * The router's routes: one layout, one lazy chunk per page, an error boundary per page and
 * one at the top for errors in the layout itself.
 */
export function createRoutes(pages: readonly PageRoute[] = pageRoutes, guards = guardRegistry): RouteObject[] {
  const toRoute = (page: PageRoute): RouteObject => {
    // Fail on a misspelt guard when the routes are built, not when someone first navigates.
    for (const name of page.guards ?? []) resolveGuard(name, guards)
    return {
      path: page.path,
      errorElement: <RouteErrorBoundary />,
      lazy: async () => {
        const { Component, handle } = await page.load()
        return { Component, handle }
      }
    }
  }
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <SiteLayout />,
      errorElement: <RootErrorBoundary />,
      children: [...pages.map(toRoute), toRoute(notFoundRoute)]
    }
  ]
}
