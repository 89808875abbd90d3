// Shared helpers of the real-browser tests: a gateway on 127.0.0.1, Debian's Chromium driven by
// playwright-core, pages that record every console message, page error and failed request, and a
// wait for React to have finished hydrating.
//
// The root tsconfig type-checks the tests without the DOM library, so code that runs in the page
// is written as string expressions (see `inPage`).
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'
import { AxeBuilder } from '@axe-core/playwright'
import { freePort } from '../../../gateway/test/support/free-port.js'
import type { FastifyInstance } from 'fastify'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Locator,
  type Page
} from 'playwright-core'
import { DEFAULT_SITE_DIR } from '../../../gateway/src/config.js'
import { LOCAL_MAILBOX_PATH } from '../../../gateway/src/accounts/local-mailbox.js'
import type { DatabaseEngine } from '../../../gateway/src/db/database.js'
import { buildApp, type BuildOptions } from '../../../gateway/test/helper.js'
import { testDatabase } from '../../../gateway/test/support/databases.js'
import { startGoTrueStandIn, type GoTrueStandIn } from '../../../gateway/test/support/gotrue-stand-in.js'
import { MENUISERIE_MARTIN, startCompanySearchStandIn } from '../../../gateway/test/support/company-search-stand-in.js'

export { DEFAULT_SITE_DIR }

/** What t.teardown needs; tap's tests and subtests both have it. */
export interface Teardown {
  teardown: (fn: () => unknown) => void
}

// ---------------------------------------------------------------------------------------------
// Gateway

export interface Gateway {
  app: FastifyInstance
  port: number
  /** `http://127.0.0.1:<port>` */
  origin: string
  url: (path: string) => string
  close: () => Promise<void>
}

/**
 * Builds the gateway the way server.ts does (gateway/test/helper.ts) and listens on 127.0.0.1.
 * `port` 0 picks a free port; pass a previous gateway's port to restart "the same server".
 */
export async function startGateway(env: NodeJS.ProcessEnv = {}, port = 0, options: BuildOptions = {}): Promise<Gateway> {
  // The profile asks the State's company search when a SIRET is typed: never the real one from a
  // test, its stand-in (which knows the SIRET the workspace tests type).
  const companySearch = env.COMPANY_SEARCH_URL === undefined ? await startCompanySearchStandIn([MENUISERIE_MARTIN]) : null
  const stopCompanySearch = async () => companySearch?.close()
  let app: FastifyInstance
  try {
    app = await buildApp(
      { SITE_DIR: DEFAULT_SITE_DIR, ...(companySearch === null ? {} : { COMPANY_SEARCH_URL: companySearch.url }), ...env },
      options
    )
  } catch (error) {
    await stopCompanySearch()
    throw error
  }
  try {
    await app.listen({ host: '127.0.0.1', port })
  } catch (error) {
    await app.close()
    await stopCompanySearch()
    throw error
  }
  const address = app.server.address() as AddressInfo
  const origin = `http://127.0.0.1:${address.port}`
  let closed = false
  return {
    app,
    port: address.port,
    origin,
    url: (path) => new URL(path, origin).href,
    close: async () => {
      if (closed) return
      closed = true
      await app.close()
      await stopCompanySearch()
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Browser

export const CHROMIUM_PATH = '/usr/bin/chromium'

/**
 * How long a test waits for something the page does by itself (a poll, a prefetch, a heading after
 * a request). Generous on purpose: CI shares two cores, and a wait that ends early costs nothing.
 */
export const BUSY_MACHINE_WAIT_MS = 30_000

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync'
    ]
  })
}

/** One browser per test file, closed when the file's tests end. */
export async function sharedBrowser(t: Teardown): Promise<Browser> {
  const browser = await launchBrowser()
  t.teardown(() => browser.close())
  return browser
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }
export const PHONE: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2
}

// ---------------------------------------------------------------------------------------------
// Pages that record what went wrong

export interface ConsoleEntry {
  type: string
  text: string
  /** URL the message is attributed to (the resource, for "Failed to load resource"). */
  url: string
}

export interface HttpProblem {
  url: string
  status: number
  resourceType: string
}

export interface FailedRequest {
  url: string
  failure: string
  resourceType: string
}

export interface PageRecord {
  console: ConsoleEntry[]
  pageErrors: string[]
  failedRequests: FailedRequest[]
  /** Responses with status ≥ 400. */
  httpErrors: HttpProblem[]
  /** Main-frame document requests (full loads and reloads). */
  documentRequests: string[]
}

export interface OpenedPage {
  context: BrowserContext
  page: Page
  record: PageRecord
  /** Forgets what was recorded so far (e.g. after an expected failure). */
  clear: () => void
}

const emptyRecord = (): PageRecord => ({
  console: [],
  pageErrors: [],
  failedRequests: [],
  httpErrors: [],
  documentRequests: []
})

/** Starts recording console messages, page errors and failed requests of a page. */
export function watchPage(page: Page): { record: PageRecord; clear: () => void } {
  const record = emptyRecord()
  page.on('console', (message: ConsoleMessage) => {
    const type = message.type()
    if (type !== 'error' && type !== 'warning' && type !== 'assert') return
    record.console.push({ type, text: message.text(), url: message.location().url })
  })
  page.on('pageerror', (error) => {
    record.pageErrors.push(`${error.name}: ${error.message}`)
  })
  page.on('requestfailed', (request) => {
    // ERR_ABORTED is Chromium cancelling a request because the page navigated away or closed
    // (the favicon after a guard's redirect, the manifest prefetch when a test ends): not a
    // failure of the site. Real failures have other codes; HTTP errors are recorded apart.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return
    record.failedRequests.push({
      url: request.url(),
      failure: request.failure()?.errorText ?? 'unknown',
      resourceType: request.resourceType()
    })
  })
  page.on('response', (response) => {
    if (response.status() >= 400) {
      record.httpErrors.push({
        url: response.url(),
        status: response.status(),
        resourceType: response.request().resourceType()
      })
    }
  })
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      record.documentRequests.push(request.url())
    }
  })
  const clear = (): void => {
    record.console.length = 0
    record.pageErrors.length = 0
    record.failedRequests.length = 0
    record.httpErrors.length = 0
    record.documentRequests.length = 0
  }
  return { record, clear }
}

/** A new context (own storage, cache and viewport) with one recorded page in it. */
export async function openPage(browser: Browser, t: Teardown, options: BrowserContextOptions = DESKTOP): Promise<OpenedPage> {
  const context = await browser.newContext({ locale: 'fr-FR', ...options })
  t.teardown(() => context.close())
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  page.setDefaultNavigationTimeout(20_000)
  const { record, clear } = watchPage(page)
  return { context, page, record, clear }
}

/** Everything recorded, as lines for a failure message. */
export function describeRecord(record: PageRecord): string[] {
  return [
    ...record.console.map((entry) => `console.${entry.type}: ${entry.text}${entry.url === '' ? '' : ` (${entry.url})`}`),
    ...record.pageErrors.map((error) => `page error: ${error}`),
    ...record.failedRequests.map((request) => `request failed: ${request.url} (${request.failure})`),
    ...record.httpErrors.map((problem) => `HTTP ${problem.status}: ${problem.url} (${problem.resourceType})`)
  ]
}

export interface ProblemFilter {
  /** HTTP errors that are expected (e.g. the 404 document). */
  allowHttp?: (problem: HttpProblem) => boolean
  /** Console messages that are expected. */
  allowConsole?: (entry: ConsoleEntry) => boolean
}

/**
 * Console errors, warnings about hydration, page errors, failed requests and HTTP errors — all
 * of which a healthy page has none of. React reports hydration mismatches as console errors
 * (development) or as uncaught recoverable errors (production: page errors), so both count.
 */
export function problemsOf(record: PageRecord, filter: ProblemFilter = {}): string[] {
  const allowHttp = filter.allowHttp ?? (() => false)
  const allowConsole = filter.allowConsole ?? (() => false)
  return describeRecord({
    console: record.console.filter(
      (entry) => !allowConsole(entry) && (entry.type !== 'warning' || /hydrat|mismatch|did not match|didn't match/i.test(entry.text))
    ),
    pageErrors: record.pageErrors,
    failedRequests: record.failedRequests,
    httpErrors: record.httpErrors.filter((problem) => !allowHttp(problem)),
    documentRequests: []
  })
}

// ---------------------------------------------------------------------------------------------
// In-page evaluation

/** Evaluates a JavaScript expression in the page. The caller checks the result's shape. */
export async function inPage(page: Page, expression: string): Promise<unknown> {
  return page.evaluate<unknown>(expression)
}

export async function inPageString(page: Page, expression: string): Promise<string> {
  const value = await inPage(page, expression)
  if (typeof value !== 'string') throw new Error(`${expression} gave ${JSON.stringify(value)}, not a string`)
  return value
}

/** Sets `window.__marker`: it survives client-side navigation and disappears on a full load. */
export async function setMarker(page: Page, value = 1): Promise<void> {
  await inPage(page, `void (window.__marker = ${JSON.stringify(value)})`)
}

export async function readMarker(page: Page): Promise<unknown> {
  return inPage(page, 'window.__marker')
}

// ---------------------------------------------------------------------------------------------
// Hydration

/**
 * True once React has hydrated #root and has no work left.
 *
 * React 19's hydrateRoot() stores the root's HostRoot fiber on the container under
 * `__reactContainer$<random>` as soon as it is called; hydration itself happens later, in a
 * concurrent render. The HostRoot's state carries `isDehydrated: true` until that render commits
 * (then a new HostRoot fiber becomes `fiberRoot.current` with `isDehydrated: false`). Claimed DOM
 * nodes get a `__reactFiber$<random>` property. So: container attached, root committed, nothing
 * pending, and the first element of #root owned by React.
 */
export const HYDRATED_EXPRESSION = `(() => {
  const container = document.getElementById('root')
  if (container === null) return false
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'))
  if (key === undefined) return false
  const fiberRoot = container[key] && container[key].stateNode
  if (!fiberRoot || !fiberRoot.current) return false
  const state = fiberRoot.current.memoizedState
  if (!state || state.isDehydrated !== false) return false
  if (fiberRoot.pendingLanes !== 0) return false
  const first = container.firstElementChild
  return first !== null && Object.keys(first).some((name) => name.startsWith('__reactFiber$'))
})()`

export async function waitForHydration(page: Page, timeout = 10_000): Promise<void> {
  await waitForExpression(page, HYDRATED_EXPRESSION, timeout)
}

/**
 * Polls a JavaScript expression until it is truthy. page.waitForFunction() would compile a
 * string predicate with eval() inside the page, which the site's CSP (script-src 'self')
 * forbids; page.evaluate() goes through the DevTools protocol, which the CSP does not see.
 */
export async function waitForExpression(page: Page, expression: string, timeout = 10_000): Promise<void> {
  const deadline = Date.now() + timeout
  let lastError: unknown
  for (;;) {
    try {
      if (await page.evaluate<unknown>(expression)) return
      lastError = null
    } catch (error) {
      // The page may be between two documents; try again.
      lastError = error
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${expression}`, { cause: lastError })
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Whether a DOM element (first match of a selector) is owned by React. */
export async function isReactOwned(page: Page, selector: string): Promise<boolean> {
  const value = await inPage(
    page,
    `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return el !== null && Object.keys(el).some((name) => name.startsWith('__reactFiber$')) })()`
  )
  return value === true
}

/** Opens a path and waits for the load event and for hydration. */
export async function gotoHydrated(page: Page, url: string): Promise<number | null> {
  const response = await page.goto(url, { waitUntil: 'load' })
  await waitForHydration(page)
  return response?.status() ?? null
}

/** Text of the page's only <h1>, whitespace collapsed. */
export async function headingText(page: Page): Promise<string> {
  const heading = page.locator('h1')
  const count = await heading.count()
  if (count !== 1) throw new Error(`expected one <h1>, found ${count}`)
  return normalizeSpace(await heading.innerText())
}

/** Collapses whitespace, including the narrow no-break spaces French typography uses. */
export function normalizeSpace(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ').trim()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the entities React and escapeHtml write (named basics and numeric references). */
export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return ENTITIES[name.toLowerCase()] ?? whole
  })
}

/** The text of the <h1> elements in an HTML document, tags stripped and entities decoded. */
export function headingsInHtml(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((match) =>
    normalizeSpace(decodeEntities((match[1] ?? '').replace(/<[^>]*>/g, '')))
  )
}

/** Letters used in French text; a heading without one of these is not French prose. */
export const FRENCH_TEXT = /^[\p{L}\p{N}\s'’«»:;,.!?()\-–—\u00a0\u202f]+$/u

// ---------------------------------------------------------------------------------------------
// Signed-in stack: the GoTrue stand-in, a gateway proxying to it, and one browser

export interface AuthStack {
  standIn: GoTrueStandIn
  gateway: Gateway
  browser: Browser
}

/** Starts the stand-in, a gateway wired to it and a browser, all closed when `t` ends. */
export async function startAuthStack(t: Teardown, jwtSecret: string, env: NodeJS.ProcessEnv = {}): Promise<AuthStack> {
  const standIn = await startGoTrueStandIn({ jwtSecret })
  t.teardown(() => standIn.close())
  const gateway = await startGateway({
    AUTH_UPSTREAM_URL: standIn.url,
    SUPABASE_ANON_KEY: standIn.anonKey,
    SUPABASE_JWT_SECRET: jwtSecret,
    // Every test signs in from 127.0.0.1: the per-IP limit is tested in the gateway's tests.
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...env
  })
  t.teardown(() => gateway.close())
  standIn.serveSite(gateway.origin)
  return { standIn, gateway, browser: await sharedBrowser(t) }
}

/**
 * A gateway on the embedded default (its own accounts, no auth server) on `engine`, as `npm start`
 * runs it: development mode, no SMTP, so e-mails wait in the local mailbox page; PUBLIC_URL is its
 * own origin, so the links in e-mails lead back to it.
 */
export async function startEmbeddedGateway(
  t: Teardown,
  engine: DatabaseEngine,
  options: Pick<BuildOptions, 'accounts'> = {}
): Promise<Gateway> {
  const port = await freePort()
  const gateway = await startGateway(
    { NODE_ENV: 'development', PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
    port,
    { database: await testDatabase(engine), ...options }
  )
  t.teardown(() => gateway.close())
  return gateway
}

/**
 * The latest link to `pathname` in the e-mails to `email`, read from the local mailbox page as a
 * developer would; waits for it (the e-mail is queued when the request answers).
 */
export async function mailboxLink(origin: string, email: string, pathname: string, { timeoutMs = 10_000, not = '' } = {}): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const html = await (await fetch(`${origin}${LOCAL_MAILBOX_PATH}?to=${encodeURIComponent(email)}`)).text()
    const link = [...html.matchAll(/<a href="([^"]+)">/g)]
      .map((match) => decodeEntities(match[1] ?? ''))
      .find((href) => new URL(href).pathname === pathname && href !== not)
    if (link !== undefined) return link
    if (Date.now() > deadline) throw new Error(`no link to ${pathname} in the local mailbox for ${email} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Unique addresses across tests and runs (the stand-in keeps its accounts for the whole file). */
export function emailFactory(): (name: string) => string {
  let counter = 0
  return (name) => `${name}-${Date.now().toString(36)}-${counter++}@example.fr`
}

export const CLEAN = 'no console error, hydration error, page error or failed request'

/** The page's accessibility violations (WCAG 2.1 A and AA, and axe's best practices), one line each. */
export async function axe(page: Page): Promise<string[]> {
  // Colours are judged as the visitor sees them once the page settles: a button's 0.15 s colour
  // transition (disabled while sending, then enabled) read halfway gives a contrast no one sees.
  // Endless animations (a spinner) are left running.
  await page.evaluate(async () => {
    const settling = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)))
  })
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`
  )
}

/** A form field by its exact label, as a visitor reads it. */
export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })

/** A button by its exact name. */
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** The workspace header's account menu, opened: who is signed in, the settings, « Se déconnecter ». */
export async function accountMenu(page: Page): Promise<Locator> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Compte', exact: true })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  const panel = page.locator('.account-menu__panel')
  await panel.waitFor()
  return panel
}

/** Follows a settings link of the account menu (Profil, Équipe, Abonnement, API, Webhooks). */
export async function openSettings(page: Page, name: string): Promise<void> {
  await (await accountMenu(page)).getByRole('link', { name, exact: true }).click()
}

/** Signs out of the workspace, from its account menu. */
export async function signOutOfWorkspace(page: Page): Promise<void> {
  await (await accountMenu(page)).getByRole('button', { name: 'Se déconnecter', exact: true }).click()
}

/** Fills the reset-password form (both fields) with `password` and submits it. */
export async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await field(page, 'Nouveau mot de passe').fill(password)
  await field(page, 'Nouveau mot de passe, une seconde fois').fill(password)
  await button(page, 'Enregistrer le nouveau mot de passe').click()
}

/** Axe at 1280 px and at 360 px, and no sideways scroll on the phone: the checks of every workspace page. */
export async function axeBothWidths(t: Pick<Test, 'same' | 'ok'>, page: Page, what: string): Promise<void> {
  t.same(await axe(page), [], `axe at 1280 px: ${what}`)
  await page.setViewportSize({ width: 360, height: 740 })
  t.same(await axe(page), [], `axe at 360 px: ${what}`)
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `no horizontal scroll at 360 px: ${what}`)
  await page.setViewportSize({ width: 1280, height: 800 })
}
