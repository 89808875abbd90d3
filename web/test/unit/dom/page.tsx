// The real page containers in a DOM, in the providers the app gives them, talking to the real
// gateway (PGlite, tokens signed like Supabase Auth's) on 127.0.0.1. Import './register.js' first.
import type { AddressInfo } from 'node:net'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/dom'
import type { FastifyInstance } from 'fastify'
import { placeholderRuntimeConfig, type RuntimeConfig } from '@paraphe/shared/runtime-config'
import { buildApp, type BuildOptions } from '../../../../gateway/test/helper.js'
import { AUTH_ENV, COMPLETE_PROFILE, newUser, subscribe, type TestUser } from '../../../../gateway/test/support/workspace-users.js'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { WorkspaceContext } from '@/hooks/use-workspace'
import { createApiClient, type ApiClient } from '@/lib/api-client'
import { queryConfig } from '@/lib/react-query'
import { RuntimeConfigProvider } from '@/lib/runtime-config'

// A failed query says what it looked for, without printing the whole page. Waits end as soon as
// the page shows what is awaited; their limit is for a loaded machine (two cores shared by the
// suite, Factur-X files built by PDF processes): a screen that issues an invoice and renders its
// PDF took over 10 s there.
configure({ getElementError: (message) => new Error(message ?? 'element not found'), asyncUtilTimeout: 30_000 })

// Node's own fetch, kept even where a test lets the page's relative requests reach the gateway.
const nodeFetch = globalThis.fetch

export type SignedIn = TestUser & { api: ApiClient }

export interface Gateway {
  app: FastifyInstance
  /** The browser resolves '/api/…' against the page; Node needs the gateway's origin. */
  fetch: typeof fetch
  /** A new signed-in professional and the web client that sends their token. */
  signedIn: (email?: string) => Promise<SignedIn>
  /** A signed-in owner with a complete company profile, subscribed to `plan` (none: the free plan). */
  owner: (plan?: 'pro' | 'entreprise', email?: string) => Promise<SignedIn>
  /** The token of the last invitation e-mail queued for `to` (no SMTP here: it waits in the outbox). */
  invitationToken: (to: string) => Promise<string>
  close: () => Promise<void>
}

/** `services`: what a test plugs in for a third party (a Stripe client pointed at the stand-in). */
export async function startGateway(env: NodeJS.ProcessEnv = {}, services: Pick<BuildOptions, 'stripe'> = {}): Promise<Gateway> {
  const app = await buildApp({ ...AUTH_ENV, ...env }, services)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  const local: typeof fetch = (input, init) => nodeFetch(new URL(String(input instanceof Request ? input.url : input), origin), init)
  const signedIn = async (email?: string): Promise<SignedIn> => {
    const user = await newUser(app, email)
    return { ...user, api: createApiClient({ getAccessToken: async () => user.token, fetch: local }) }
  }
  return {
    app,
    fetch: local,
    signedIn,
    owner: async (plan, email) => {
      const user = await signedIn(email)
      await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
      if (plan !== undefined) await subscribe(app.db, user.id, plan)
      return user
    },
    invitationToken: async (to) => {
      const { rows } = await app.db.query<{ text_body: string }>(
        `select text_body from paraphe.outbox where kind = 'company-invitation' and recipient = $1 order by id desc limit 1`,
        [to]
      )
      const token = /token=([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '')?.[1]
      if (token === undefined) throw new Error(`no invitation e-mail to ${to}`)
      return token
    },
    // A response body the page left unread keeps its keep-alive connection busy, and the server's
    // close would wait for it (72 s): the test's own client connections are cut at the end.
    close: async () => {
      const closing = app.close()
      app.server.closeAllConnections()
      await closing
    }
  }
}

/** Where the router is now (pathname + search), shown in the page for the tests to read. */
function LocationProbe() {
  const location = useLocation()
  return <output data-testid="location">{location.pathname + location.search}</output>
}

export interface PageOptions {
  api: ApiClient
  userId?: string | null
  /** The URL the page opens at, and the route pattern that matches it (for its params); several
   *  patterns keep the page mounted when it moves from one to another (« nouveau » → its id). */
  at?: string | { pathname: string; search?: string; state?: unknown }
  route?: string | readonly string[]
  config?: RuntimeConfig
}

/** Mounts a page as the workspace layout does; returns the unmount. */
export function renderPage(
  page: ReactNode,
  { api, userId = 'u', at = '/', route = '*', config = placeholderRuntimeConfig() }: PageOptions
): () => void {
  const container = document.createElement('div')
  document.body.replaceChildren(container)
  const root = createRoot(container)
  // A cache of its own per page, as the workspace layout gives each signed-in session, emptied
  // when the page goes. The workspace's defaults (no retries), and nothing collected by a timer: an answer that lands
  // after the page went (a change's refresh) would otherwise start a five-minute timer that keeps
  // Node running after the test; the cache goes with the page anyway.
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryConfig.queries, gcTime: Infinity }, mutations: { gcTime: Infinity } }
  })
  root.render(
    <RuntimeConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          <WorkspaceContext value={{ hydrated: true, userId, userEmail: null, api }}>
            <Routes>
              {(typeof route === 'string' ? [route] : route).map((path) => (
                <Route key={path} path={path} element={page} />
              ))}
              <Route path="*" element={null} />
            </Routes>
          </WorkspaceContext>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>
    </RuntimeConfigProvider>
  )
  return () => {
    root.unmount()
    queryClient.clear()
  }
}

/** The router's current location, as the page navigated. */
export const currentLocation = (): string => screen.getByTestId('location').textContent ?? ''

/** Waits until the router is at `expected`. */
export const waitForLocation = (expected: string | RegExp): Promise<void> =>
  waitFor(() => {
    const now = currentLocation()
    if (typeof expected === 'string' ? now !== expected : !expected.test(now)) throw new Error(`at ${now}`)
  })

/** Visible text, with the French typography's narrow and non-breaking spaces read as spaces. */
export const textOf = (element: Element | null = document.body): string => (element?.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ')

/** Types `value` into the field labelled `label`, as a change event React reads. */
export const typeInto = (label: string | RegExp, value: string, scope: HTMLElement = document.body): void => {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } })
}

/** Clicks the button named `name` once it is there. */
export async function press(name: string | RegExp, scope: HTMLElement = document.body): Promise<void> {
  fireEvent.click(await within(scope).findByRole('button', { name }))
}

/** Waits until the page shows `text` (or no longer shows it, with `gone`). */
export const untilText = (text: string | RegExp, gone = false): Promise<void> =>
  waitFor(() => {
    const shown = typeof text === 'string' ? textOf().includes(text) : text.test(textOf())
    if (shown === gone) throw new Error(`${gone ? 'still' : 'not yet'}: ${String(text)}`)
  })
