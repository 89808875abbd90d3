import { use } from 'react'
import { matchRoutes, Route, Routes, useLocation } from 'react-router-dom'
import { SiteLayout } from '@/components/layout/site-layout'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { DocumentHead } from '@/lib/document-head'
import { resolveGuard, type GuardRegistry } from './guards'
import { lazyPage, type LazyPage } from './lazy-page'
import { notFoundRoute, pageRoutes, type PageRoute } from './page-routes'

/** Route guards by name (accounts add theirs here). */
export const guardRegistry: GuardRegistry = {}

/** Renders a page once its code is loaded (suspends until then). */
function PageView({ page }: { page: LazyPage }) {
  const module = page.module ?? use(page.load())
  return (
    <>
      <DocumentHead handle={module.handle} />
      <module.Component />
    </>
  )
}

/** One page: its own error boundary, reset when the visitor goes elsewhere. */
function PageSlot({ page }: { page: LazyPage }) {
  const { pathname } = useLocation()
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <PageView page={page} />
    </RouteErrorBoundary>
  )
}

/**
 * Every page under the one layout, the catch-all 404 last. Guard names are checked here, so
 * a misspelt one fails when the app starts rather than when someone first navigates.
 */
export function createPages(pages: readonly PageRoute[] = pageRoutes, guards: GuardRegistry = guardRegistry): LazyPage[] {
  for (const page of pages) for (const name of page.guards ?? []) resolveGuard(name, guards)
  return [...pages, notFoundRoute].map(lazyPage)
}

export function AppRoutes({ pages }: { pages: readonly LazyPage[] }) {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {pages.map((page) => (
          <Route key={page.route.path} path={page.route.path} caseSensitive element={<PageSlot page={page} />} />
        ))}
      </Route>
    </Routes>
  )
}

/** The page a URL shows (the 404 page when none matches). Case-sensitive, like the gateway. */
export function pageFor(pages: readonly LazyPage[], pathname: string): LazyPage {
  const match = matchRoutes(
    pages.map((page) => ({ path: page.route.path, caseSensitive: true, page })),
    pathname
  )?.[0]
  const page = match?.route.page
  if (page === undefined) throw new Error(`no page for ${pathname}, not even the catch-all`)
  return page
}
