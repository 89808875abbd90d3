// Build-time renderer: web/scripts/prerender.ts loads the SSR build of this file and writes one
// HTML file per public page. It renders with placeholder text for the runtime config, which the
// gateway substitutes when it loads the build.
import type { ReactNode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { NOT_FOUND_PATH_PLACEHOLDER } from '@paraphe/shared/build-manifest'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { App } from '@/app/app'
import { createPages, isWorkspacePath, pageFor, WORKSPACE_LAYOUT_FILE } from '@/app/routes'
import type { RouteHandle } from '@/lib/route-handle'

export interface PrerenderTarget {
  path: string
  /** The URL to render: the path itself, or the placeholder for the 404 page. */
  url: string
  file: string
  /** The lazy layout chunks the page renders in (the workspace's), preloaded with the page. */
  layoutFiles: string[]
  notFound: boolean
}

const pages = createPages()

export function prerenderTargets(): PrerenderTarget[] {
  return pages
    .map(({ route }) => route)
    .filter((route) => route.prerender)
    .map((route) =>
      route.path === '*'
        ? { path: '404', url: NOT_FOUND_PATH_PLACEHOLDER, file: route.file, layoutFiles: [], notFound: true }
        : {
            path: route.path,
            url: route.path,
            file: route.file,
            layoutFiles: isWorkspacePath(route.path) ? [WORKSPACE_LAYOUT_FILE] : [],
            notFound: false
          }
    )
}

export interface RenderedPage {
  html: string
  handle: RouteHandle
  payload: unknown
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const { handle } = await pageFor(pages, new URL(url, 'http://prerender.invalid').pathname).load()
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>
  const { prelude } = await prerenderToNodeStream(<App config={placeholderRuntimeConfig()} pages={pages} router={router} />)
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array))
  return { html: Buffer.concat(chunks).toString('utf8'), handle, payload: handle.payload?.() ?? null }
}
