import { use, useEffect, useState } from 'react'
import { matchRoutes, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { HeaderBrandContext, type HeaderBrand } from '@/components/layout/header-brand'
import { SiteLayout } from '@/components/layout/site-layout'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { HeaderAccount } from '@/features/auth/components/header-account'
import { SessionEvents } from '@/features/auth/components/session-events'
import { requireSession } from '@/features/auth/lib/guard'
import { DocumentHead } from '@/lib/document-head'
import { useRuntimeConfig } from '@/lib/runtime-config'
import { paths } from '@paraphe/shared/paths'
import { guardVisit, resolveGuard, type GuardRegistry } from './guards'
import { lazyModule, lazyPage, type LazyPage } from './lazy-page'
import { notFoundRoute, pageRoutes, type PageRoute } from './page-routes'

/** Route guards by name. `auth`: a signed-in user (else the sign-in page, and back). */
export const guardRegistry: GuardRegistry = {
  auth: requireSession
}

/** The workspace's guards, run once for the whole layout: a signed-in user. */
export const workspaceGuards: readonly string[] = ['auth']

/**
 * The workspace's layout, in a chunk of its own with the workspace's data cache (TanStack
 * Query): the public pages' first load carries neither. A workspace page loads it with its own
 * chunk before hydrating (main.tsx), and the prerender preloads both.
 */
const workspaceLayout = lazyModule(() => import('./workspace/workspace-layout'))
export const loadWorkspaceLayout = workspaceLayout.load
/** The layout's source file, as Vite's manifest names it (its chunk is preloaded with the workspace pages). */
export const WORKSPACE_LAYOUT_FILE = 'src/app/workspace/workspace-layout.tsx'

/** A workspace page: /espace and everything under it. */
export function isWorkspacePath(path: string): boolean {
  return path === paths.account.path || path.startsWith(`${paths.account.path}/`)
}

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

/**
 * Runs a page's guards after hydration and on each visit (never in the prerender: they need the
 * browser's session), replacing the URL when one redirects. The page renders meanwhile in its
 * neutral state (a private page shows nothing personal before its session is known).
 */
function PageGuards({ names, guards }: { names: readonly string[]; guards: GuardRegistry }) {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const config = useRuntimeConfig()
  useEffect(
    () => guardVisit(names, guards, { path: pathname, search, config }, (to) => void navigate(to, { replace: true })),
    [names, guards, pathname, search, config, navigate]
  )
  return null
}

/** One page: its own error boundary, reset when the visitor goes elsewhere. */
function PageSlot({ page, guards }: { page: LazyPage; guards: GuardRegistry }) {
  const { pathname } = useLocation()
  const names = page.route.guards
  return (
    <RouteErrorBoundary resetKey={pathname}>
      {names === undefined || names.length === 0 ? null : <PageGuards names={names} guards={guards} />}
      <PageView page={page} />
    </RouteErrorBoundary>
  )
}

/**
 * Every page under the one layout, the catch-all 404 last. Guard names are checked here, so
 * a misspelt one fails when the app starts rather than when someone first navigates.
 */
export function createPages(pages: readonly PageRoute[] = pageRoutes, guards: GuardRegistry = guardRegistry): LazyPage[] {
  if (pages.some((page) => isWorkspacePath(page.path))) for (const name of workspaceGuards) resolveGuard(name, guards)
  for (const page of pages) for (const name of page.guards ?? []) resolveGuard(name, guards)
  return [...pages, notFoundRoute].map(lazyPage)
}

/** The layout with the account entries of the header, and the session's effect on navigation. */
function Layout() {
  const { pathname } = useLocation()
  const [brand, setBrand] = useState<HeaderBrand | null>(null)
  // The client's signing and invoice pages are the professional's, not the site's: no menu, no account.
  const invoice = pathname === paths.invoicePayment.path
  const signing = pathname === paths.signQuote.path || invoice
  return (
    <>
      <SessionEvents />
      <HeaderBrandContext value={setBrand}>
        <SiteLayout account={<HeaderAccount />} {...(signing ? { signing: { brand, invoice } } : {})} />
      </HeaderBrandContext>
    </>
  )
}

/** The workspace's one layout route (its own frame, not the site's), guarded once for every page under it. */
function WorkspaceRoute({ guards }: { guards: GuardRegistry }) {
  const { WorkspaceLayout } = workspaceLayout.module ?? use(workspaceLayout.load())
  return (
    <>
      <SessionEvents />
      <PageGuards names={workspaceGuards} guards={guards} />
      <WorkspaceLayout />
    </>
  )
}

export function AppRoutes({ pages, guards = guardRegistry }: { pages: readonly LazyPage[]; guards?: GuardRegistry }) {
  const slot = (page: LazyPage) => (
    <Route key={page.route.path} path={page.route.path} caseSensitive element={<PageSlot page={page} guards={guards} />} />
  )
  return (
    <Routes>
      <Route element={<Layout />}>{pages.filter((page) => !isWorkspacePath(page.route.path)).map(slot)}</Route>
      <Route element={<WorkspaceRoute guards={guards} />}>{pages.filter((page) => isWorkspacePath(page.route.path)).map(slot)}</Route>
    </Routes>
  )
}

/** The page a URL shows (the 404 page when none matches). Case-sensitive, like the gateway. */
export function pageFor(pages: readonly LazyPage[], pathname: string): LazyPage {
  // Most pages have a path without parameters: found as it is, the browser skips compiling every
  // route's pattern before the first render (a few milliseconds on a slow phone).
  const exact = pages.find((page) => page.route.path === pathname)
  if (exact !== undefined) return exact
  const match = matchRoutes(
    pages.map((page) => ({ path: page.route.path, caseSensitive: true, page })),
    pathname
  )?.[0]
  const page = match?.route.page
  if (page === undefined) throw new Error(`no page for ${pathname}, not even the catch-all`)
  return page
}
