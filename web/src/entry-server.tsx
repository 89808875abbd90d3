// Build-time renderer: scripts/prerender.ts loads the SSR build of this file and writes one HTML
// file per public page. It renders with placeholder text for the runtime config, which the
// gateway substitutes when it loads the build.
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom'
import { NOT_FOUND_PATH_PLACEHOLDER } from '@paraphe/shared/build-manifest'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { AppProviders } from '@/app/app'
import { notFoundRoute, pageRoutes } from '@/app/page-routes'
import { createRoutes } from '@/app/routes'
import { isRouteHandle, type RouteHandle } from '@/lib/route-handle'

export interface PrerenderTarget {
  path: string
  /** The URL to render: the path itself, or the placeholder for the 404 page. */
  url: string
  file: string
  notFound: boolean
}

export function prerenderTargets(): PrerenderTarget[] {
  const pages = pageRoutes
    .filter((page) => page.prerender)
    .map((page) => ({ path: page.path, url: page.path, file: page.file, notFound: false }))
  return [...pages, { path: '404', url: NOT_FOUND_PATH_PLACEHOLDER, file: notFoundRoute.file, notFound: true }]
}

export interface RenderedPage {
  html: string
  handle: RouteHandle
  payload: unknown
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(createRoutes())
  const context = await handler.query(new Request(new URL(url, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`${url}: unexpected redirect while prerendering`)
  if (context.errors !== null) throw new Error(`${url}: route error while prerendering`, { cause: context.errors })
  const router = createStaticRouter(handler.dataRoutes, context)
  const handle = context.matches.map((match) => match.route.handle).findLast(isRouteHandle)
  if (handle === undefined) throw new Error(`${url}: the page module exports no handle`)

  const { prelude } = await prerenderToNodeStream(
    <AppProviders config={placeholderRuntimeConfig()}>
      {/* Hydration data is not inlined: no inline script, so the CSP needs no exception. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer))
  return { html: Buffer.concat(chunks).toString('utf8'), handle, payload: handle.payload?.() ?? null }
}
