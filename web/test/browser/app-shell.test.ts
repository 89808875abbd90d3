// The app shell in a real browser (web/src/app/app-shell.ts, web/src/lib/app-shell/*): the version
// watcher that turns the next navigation into a full load after a deploy, the build-manifest
// prefetch, and the guarded reload after a page chunk fails to load.
import t from 'tap'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page, Request } from 'playwright-core'
import {
  BUSY_MACHINE_WAIT_MS,
  DEFAULT_SITE_DIR,
  gotoHydrated,
  headingText,
  inPage,
  inPageString,
  normalizeSpace,
  openPage,
  problemsOf,
  readMarker,
  setMarker,
  sharedBrowser,
  startGateway,
  waitForExpression,
  waitForHydration,
  type Gateway
} from './harness.js'

const browser = await sharedBrowser(t)
const defaultGateway = await startGateway()
t.teardown(() => defaultGateway.close())

const CHUNK_RELOAD_KEY = 'paraphe:chunk-reload'
const PRICING_CHUNK = '**/assets/pricing-*.js'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The header's link to a page, by its French name. */
function navLink(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name, exact: true })
}

async function buildIdOf(page: Page): Promise<string> {
  return inPageString(page, `document.querySelector('meta[name="paraphe-build-id"]').getAttribute('content')`)
}

/** Waits until the page shows a given <h1>; returns false instead of throwing on timeout. */
async function showsHeading(page: Page, heading: string, timeout = 8_000): Promise<boolean> {
  try {
    await waitForExpression(
      page,
      `(() => { const h = document.querySelector('h1'); return h !== null && h.textContent.trim() === ${JSON.stringify(heading)} })()`,
      timeout
    )
    return true
  } catch {
    return false
  }
}

/** Where the page is and what it shows, for failure messages. */
async function describePage(page: Page): Promise<string> {
  const headings = await page
    .locator('h1')
    .allInnerTexts()
    .catch(() => [])
  return `${page.url()} showing ${JSON.stringify(headings.map(normalizeSpace))}`
}

// ---------------------------------------------------------------------------------------------

t.test('version watcher', async (t) => {
  t.test('after a deploy, the next link click is a full page load', async (t) => {
    const siteDir = await mkdtemp(path.join(tmpdir(), 'paraphe-browser-site-'))
    t.teardown(() => rm(siteDir, { recursive: true, force: true }))
    await cp(DEFAULT_SITE_DIR, siteDir, { recursive: true })
    const env = { SITE_DIR: siteDir, BUILD_POLL_INTERVAL_MS: '200' }
    let gateway: Gateway = await startGateway(env)
    t.teardown(() => gateway.close())

    const { page, record } = await openPage(browser, t)
    const polls: Request[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/builds/latest.json') polls.push(request)
    })
    await gotoHydrated(page, gateway.url('/'))
    const currentId = await buildIdOf(page)
    t.match(currentId, /^[0-9a-f]{16}$/, 'the page names its build')

    const deadline = Date.now() + BUSY_MACHINE_WAIT_MS
    while (polls.length < 2 && Date.now() < deadline) await sleep(50)
    t.ok(polls.length >= 2, `the page polls builds/latest.json every 200 ms (${polls.length} polls)`)
    for (const poll of polls) {
      t.match(poll.url(), /^http:\/\/127\.0\.0\.1:\d+\/builds\/latest\.json\?\d+$/, 'the poll URL carries a numeric timestamp')
    }
    const stamps = polls.map((poll) => Number(new URL(poll.url()).search.slice(1)))
    t.ok(
      stamps.every((stamp, i) => i === 0 || stamp > (stamps[i - 1] ?? 0)),
      'each poll has a new timestamp'
    )

    await setMarker(page)
    // Deploy: a new latest.json (the precompressed siblings would still name the old build), and a
    // restarted gateway on the same port, since the gateway reads the site once at start.
    const newId = 'feedc0ffee000001'
    t.not(newId, currentId)
    const latestFile = path.join(siteDir, 'builds/latest.json')
    const previous = JSON.parse(await readFile(latestFile, 'utf8')) as { timestamp: number }
    await writeFile(latestFile, JSON.stringify({ id: newId, timestamp: previous.timestamp + 1 }))
    await rm(`${latestFile}.br`, { force: true })
    await rm(`${latestFile}.gz`, { force: true })
    const port = gateway.port
    await gateway.close()
    gateway = await startGateway(env, port)

    const newBuildSeen = page.waitForResponse(
      async (response) => {
        if (new URL(response.url()).pathname !== '/builds/latest.json' || response.status() !== 200) return false
        const body = (await response.json()) as { id?: unknown }
        return body.id === newId
      },
      { timeout: 5_000 }
    )
    const seen = await newBuildSeen
    t.match(seen.url(), /\/builds\/latest\.json\?\d+$/, 'the page polled the restarted gateway')
    t.equal(await readMarker(page), 1, 'polling itself does not reload the page')
    await sleep(50) // let the watcher handle the answer

    const documentsBefore = record.documentRequests.length
    await navLink(page, 'Tarifs').click()
    await page.waitForURL(gateway.url('/tarifs'))
    await page.waitForLoadState('load')
    await waitForHydration(page)
    t.equal(await readMarker(page), undefined, 'the click was a full page load (window.__marker is gone)')
    t.same(record.documentRequests.slice(documentsBefore), [gateway.url('/tarifs')], 'the browser asked the gateway for /tarifs')
    t.equal(await headingText(page), 'Tarifs', 'and landed on the pricing page')
    t.same(record.pageErrors, [], 'no page error')
  })

  t.test('without a new build, a link click stays a client-side navigation', async (t) => {
    const gateway = await startGateway({ BUILD_POLL_INTERVAL_MS: '200' })
    t.teardown(() => gateway.close())
    const { page, record } = await openPage(browser, t)
    const answers: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/builds/latest.json') answers.push(response.url())
    })
    await gotoHydrated(page, gateway.url('/'))
    await setMarker(page)
    const deadline = Date.now() + BUSY_MACHINE_WAIT_MS
    while (answers.length < 2 && Date.now() < deadline) await sleep(50)
    t.ok(answers.length >= 2, `the page polled and got answers (${answers.length})`)

    await navLink(page, 'Tarifs').click()
    await page.waitForURL(gateway.url('/tarifs'))
    t.ok(await showsHeading(page, 'Tarifs'), 'the pricing page is shown')
    t.equal(await readMarker(page), 1, 'no full page load (window.__marker survived)')
    t.equal(record.documentRequests.length, 1, 'only the first document was requested')
    t.same(problemsOf(record), [], 'no console error or failed request')
  })
  t.end()
})

// ---------------------------------------------------------------------------------------------

t.test('build manifest prefetch', async (t) => {
  t.test('the manifest is fetched about one second after the load event', async (t) => {
    const { page, record } = await openPage(browser, t)
    const manifestRequest = page.waitForRequest((request) => request.url().includes('/builds/meta/'), { timeout: BUSY_MACHINE_WAIT_MS })
    await gotoHydrated(page, defaultGateway.url('/'))
    const buildId = await buildIdOf(page)
    const request = await manifestRequest
    t.equal(new URL(request.url()).pathname, `/builds/meta/${buildId}.json`, 'the manifest of the page’s own build')
    const response = await request.response()
    t.equal(response?.status(), 200)
    const meta = (await response?.json()) as { id?: unknown; prerendered?: unknown }
    t.equal(meta.id, buildId)
    t.ok(Array.isArray(meta.prerendered) && meta.prerendered.includes('/tarifs'), 'it lists the prerendered routes')

    // Measured in the page: load event start vs. the fetch's start.
    const timing = await inPage(
      page,
      `(() => {
        const navigation = performance.getEntriesByType('navigation')[0]
        const fetches = performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/builds/meta/'))
        return { load: navigation.loadEventStart, fetch: fetches.length === 1 ? fetches[0].startTime : -1, count: fetches.length }
      })()`
    )
    const { load, fetch, count } = timing as { load: number; fetch: number; count: number }
    t.equal(count, 1, 'fetched once')
    const delay = fetch - load
    t.ok(delay >= 900, `not before ~900 ms after the load event (${Math.round(delay)} ms)`)
    t.ok(delay <= 15_000, `soon after the load event (1 s, with room for a busy machine) (${Math.round(delay)} ms)`)
    t.same(problemsOf(record), [], 'no console error or failed request')
  })

  t.test('once the manifest is in, pointing at a link loads that page’s code', async (t) => {
    const { page, record } = await openPage(browser, t)
    const manifest = page.waitForResponse((response) => response.url().includes('/builds/meta/'), { timeout: BUSY_MACHINE_WAIT_MS })
    await gotoHydrated(page, defaultGateway.url('/'))
    await manifest
    await sleep(50)
    const chunk = page.waitForRequest((request) => /\/assets\/pricing-[^/]+\.js$/.test(request.url()), { timeout: BUSY_MACHINE_WAIT_MS })
    await navLink(page, 'Tarifs').hover()
    t.ok(
      await chunk.then(
        () => true,
        () => false
      ),
      'the pricing chunk was requested on hover, before any click'
    )
    t.equal(record.documentRequests.length, 1)
    t.same(problemsOf(record), [], 'no console error or failed request')
  })

  t.test('on slow-2g the manifest is not fetched', async (t) => {
    const { page, record } = await openPage(browser, t)
    await page.addInitScript({
      content: `Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get() { return { effectiveType: 'slow-2g', downlink: 0.05, rtt: 2000, saveData: false, addEventListener() {}, removeEventListener() {} } }
      })`
    })
    const manifestRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/builds/meta/')) manifestRequests.push(request.url())
    })
    await gotoHydrated(page, defaultGateway.url('/'))
    t.equal(await inPageString(page, 'navigator.connection.effectiveType'), 'slow-2g', 'the connection reads as slow-2g')
    await sleep(2_500)
    t.same(manifestRequests, [], 'no manifest request within 2.5 s')
    t.same(problemsOf(record), [], 'no console error or failed request')
  })

  t.test('a manifest failure only logs a message; the page keeps working', async (t) => {
    const { page, record } = await openPage(browser, t)
    await page.route('**/builds/meta/**', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }))
    const failed = page.waitForResponse((response) => response.url().includes('/builds/meta/'), { timeout: BUSY_MACHINE_WAIT_MS })
    await gotoHydrated(page, defaultGateway.url('/'))
    t.equal((await failed).status(), 500)
    const deadline = Date.now() + 2_000
    while (!record.console.some((entry) => /manifest/i.test(entry.text)) && Date.now() < deadline) await sleep(20)
    await sleep(100)
    const logged = record.console.filter((entry) => /manifest/i.test(entry.text))
    t.equal(logged.length, 1, 'one console message mentions the manifest')
    t.match(logged[0]?.type ?? '', /^(warning|error)$/, 'as a warning or an error')
    const others = record.console.filter(
      (entry) =>
        !/manifest/i.test(entry.text) && !(entry.url.includes('/builds/meta/') && /Failed to load resource: .*500/.test(entry.text))
    )
    t.same(others, [], 'nothing else in the console besides the browser’s own note of the HTTP 500')
    t.same(record.pageErrors, [], 'no page error')

    t.equal(await headingText(page), 'Vos devis signés en ligne, preuve à l’appui', 'the page is still there')
    await setMarker(page)
    await navLink(page, 'Tarifs').click()
    await page.waitForURL(defaultGateway.url('/tarifs'))
    t.ok(await showsHeading(page, 'Tarifs'), 'navigation works')
    t.equal(await readMarker(page), 1, 'client-side')
  })
  t.end()
})

// ---------------------------------------------------------------------------------------------

t.test('chunk-error reload guard', async (t) => {
  t.test('pointing at a link whose page code cannot load does not reload the page', async (t) => {
    const { page, record } = await openPage(browser, t)
    const manifest = page.waitForResponse((response) => response.url().includes('/builds/meta/'), { timeout: BUSY_MACHINE_WAIT_MS })
    await gotoHydrated(page, defaultGateway.url('/'))
    await manifest
    await page.route(PRICING_CHUNK, (route) => route.abort())
    await setMarker(page)
    const chunkFailed = page.waitForEvent('requestfailed', {
      predicate: (request) => request.url().includes('/assets/pricing-'),
      timeout: BUSY_MACHINE_WAIT_MS
    })
    await navLink(page, 'Tarifs').hover()
    t.ok(
      await chunkFailed.then(
        () => true,
        () => false
      ),
      'the hover tried to warm the pricing chunk'
    )
    await sleep(1_000)
    t.equal(record.documentRequests.length, 1, 'no reload: only a click should act on a missing chunk')
    t.equal(await readMarker(page).catch(() => undefined), 1, 'the page was not replaced')
    t.equal(new URL(page.url()).pathname, '/', 'still on the home page')
  })

  t.test('a page chunk that fails: one reload, then the error page; later, navigation works again', async (t) => {
    const { page, record } = await openPage(browser, t)
    await gotoHydrated(page, defaultGateway.url('/'))
    await page.route(PRICING_CHUNK, (route) => route.abort())

    // A click without moving the pointer (no hover prefetch): the router loads the chunk itself.
    await navLink(page, 'Tarifs').dispatchEvent('click')
    const shown = await showsHeading(page, 'Une erreur est survenue', BUSY_MACHINE_WAIT_MS)
    await sleep(1_500) // would another reload follow?
    t.ok(shown, `the generic error page is shown (now: ${await describePage(page)})`)
    t.equal(new URL(page.url()).pathname, '/tarifs', 'on the page the visitor asked for')
    t.same(record.documentRequests, [defaultGateway.url('/'), defaultGateway.url('/tarifs')], 'exactly one reload, of /tarifs')
    t.equal(await page.locator('main').count(), 1, 'one <main> (no second copy of the layout)')
    t.equal(
      normalizeSpace(
        await page
          .locator('main code')
          .innerText({ timeout: 1_000 })
          .catch(() => '')
      ),
      'Internal Server Error',
      'with the generic message'
    )
    const stored = await inPage(page, `sessionStorage.getItem(${JSON.stringify(CHUNK_RELOAD_KEY)})`)
    const guard = JSON.parse(typeof stored === 'string' ? stored : '{}') as Record<string, unknown>
    t.type(guard['/tarifs'], 'number', 'the guard remembers the reload of /tarifs')

    // Ten seconds later (the guard's window, aged rather than waited for), with the chunk back.
    await page.unroute(PRICING_CHUNK)
    await inPage(
      page,
      `(() => {
        const key = ${JSON.stringify(CHUNK_RELOAD_KEY)}
        const entries = JSON.parse(sessionStorage.getItem(key) || '{}')
        for (const path of Object.keys(entries)) entries[path] -= 11000
        sessionStorage.setItem(key, JSON.stringify(entries))
        return true
      })()`
    )
    await page.getByRole('main').getByRole('link', { name: 'Retour à l’accueil' }).click({ timeout: 2_000 })
    t.ok(await showsHeading(page, 'Vos devis signés en ligne, preuve à l’appui'), 'the error page leads home')
    await navLink(page, 'Tarifs').click()
    t.ok(await showsHeading(page, 'Tarifs', BUSY_MACHINE_WAIT_MS), `the pricing page loads (now: ${await describePage(page)})`)
    await waitForHydration(page)
    t.equal(new URL(page.url()).pathname, '/tarifs')
    t.ok(record.documentRequests.length <= 3, 'at most one more reload to get the fresh chunk')
    t.same(record.pageErrors, [], 'no page error')
  })
  t.end()
})
