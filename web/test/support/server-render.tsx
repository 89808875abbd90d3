// Renders a page or a component in Node as the prerender does: inside the runtime config and a
// router (and the workspace's context for its pages), to HTML a test reads as text.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router-dom'
import { placeholderRuntimeConfig, type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { WorkspaceContext } from '@/hooks/use-workspace'
import type { ApiClient } from '@/lib/api-client'
import { RuntimeConfigProvider } from '@/lib/runtime-config'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/lib/react-query'

export interface ServerRenderOptions {
  /** The router's address (the page's own, when the component reads it). */
  path?: string
  /** Runtime config values over the placeholder's. */
  config?: Partial<RuntimeConfig>
  /** The workspace's context, for its pages: the API client and the signed-in user's id. */
  workspace?: { api: ApiClient; userId?: string | null }
  /**
   * The markup as React writes it. By default, apostrophes read ’ and the narrow and ordinary
   * no-break spaces of Intl and French typography read as plain spaces, and react-router's
   * data-discover marker on links is left out, so that tests compare text.
   */
  raw?: boolean
}

export function serverRender(node: ReactNode, { path = '/', config = {}, workspace, raw = false }: ServerRenderOptions = {}): string {
  const queryClient = createQueryClient()
  const page =
    workspace === undefined ? (
      node
    ) : (
      // A workspace page renders inside the layout's query cache.
      <QueryClientProvider client={queryClient}>
        <WorkspaceContext value={{ hydrated: true, userId: workspace.userId ?? null, userEmail: null, api: workspace.api }}>
          {node}
        </WorkspaceContext>
      </QueryClientProvider>
    )
  const html = renderToStaticMarkup(
    <RuntimeConfigProvider value={{ ...placeholderRuntimeConfig(), ...config }}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </RuntimeConfigProvider>
  )
  queryClient.clear()
  return raw
    ? html
    : html
        .replace(/&#x27;/g, '’')
        .replace(/[\u202f\u00a0]/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/ data-discover="true"/g, '')
}
