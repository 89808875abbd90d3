// Every public page in a real browser: served prerendered, hydrated without a single console error,
// client-side navigation between pages, the 404 page, and the runtime config (site name).
import t from 'tap'
import type { Page } from 'playwright-core'
import {
  BUSY_MACHINE_WAIT_MS,
  FRENCH_TEXT,
  gotoHydrated,
  headingText,
  headingsInHtml,
  inPage,
  inPageString,
  isReactOwned,
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

/**
 * The ten routes of the original site, the legal notice, the terms of use and the account pages added since
 * (/espace is prerendered too, but its guard leaves it at once without a session: auth.test.ts).
 */
const PUBLIC_ROUTES = [
  '/',
  '/tarifs',
  '/fonctionnalites',
  '/contact',
  '/privacy',
  '/success',
  '/cancel',
  '/confirm-email',
  '/reset-password',
  '/SignatureDevis',
  '/mentions-legales',
  '/conditions',
  '/connexion',
  '/inscription',
  '/mot-de-passe-oublie',
  '/developpeurs/api'
] as const

/** Headings written in the page sources (web/src/features/…/routes/*.tsx). */
const EXPECTED_HEADINGS: Partial<Record<(typeof PUBLIC_ROUTES)[number], string>> = {
  '/': 'Vos devis signés en ligne, preuve à l’appui',
  '/tarifs': 'Tarifs',
  '/SignatureDevis': 'Signer un devis',
  '/cancel': 'Paiement annulé',
  '/mentions-legales': 'Mentions légales',
  '/conditions': 'Conditions générales d’utilisation',
  '/connexion': 'Se connecter',
  '/inscription': 'Créer un compte',
  '/mot-de-passe-oublie': 'Mot de passe oublié',
  '/developpeurs/api': 'Référence de l’API'
}

const UNKNOWN_PATH = '/cette-page-n-existe-pas'
const ENGLISH_WORDS = /(?<!\p{L})(the|page not found|not found|error|welcome|sign in|pricing|features|contact us)(?!\p{L})/iu

const gateway = await startGateway()
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)

async function fetchRaw(gw: Gateway, path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(gw.url(path), { headers: { accept: 'text/html' } })
  return { status: response.status, html: await response.text() }
}

/** Waits for the manifest prefetch (1 s after load), the last request a fresh page makes. */
function manifestResponse(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => response.url().includes('/builds/meta/'), { timeout: BUSY_MACHINE_WAIT_MS })
}

const CLEAN = 'no console error, hydration warning, page error or failed request'

/** The browser's own "Failed to load resource: …404" line for a document served with 404. */
const isDocument404 = (url: string) => (entry: { text: string; url: string }) =>
  entry.url === url && /Failed to load resource: .*404/.test(entry.text)

for (const route of PUBLIC_ROUTES) {
  t.test(`${route} is prerendered in French and hydrates cleanly`, async (t) => {
    const raw = await fetchRaw(gateway, route)
    t.equal(raw.status, 200, 'HTTP 200')
    t.match(raw.html, /<html lang="fr">/, 'the document is declared French')
    t.notMatch(raw.html, /%%[A-Za-z_.]+%%/, 'every runtime placeholder was substituted')
    const rawHeadings = headingsInHtml(raw.html)
    t.equal(rawHeadings.length, 1, 'the prerendered HTML has one <h1>')
    const rawHeading = rawHeadings[0] ?? ''
    t.not(rawHeading, '', 'the prerendered <h1> has text')

    const { page, record } = await openPage(browser, t)
    const manifest = manifestResponse(page)
    const status = await gotoHydrated(page, gateway.url(route))
    t.equal(status, 200, 'the browser got HTTP 200')
    const heading = await headingText(page)
    t.equal(heading, rawHeading, 'the hydrated <h1> is the prerendered one')
    t.match(heading, FRENCH_TEXT, 'the heading is French text')
    t.notMatch(heading, ENGLISH_WORDS, 'the heading is not English')
    const expected = EXPECTED_HEADINGS[route]
    if (expected !== undefined) t.equal(heading, expected, 'the heading is the one in the page source')
    t.ok(await isReactOwned(page, 'h1'), 'React owns the <h1> after hydration')
    t.match(await page.title(), / · Paraphe$/, 'the title names the site')
    await manifest
    t.same(problemsOf(record), [], CLEAN)
  })
}

t.test('client-side navigation from the header and the footer', async (t) => {
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/'))
  t.equal(await headingText(page), EXPECTED_HEADINGS['/'])
  await setMarker(page)
  const documentsBefore = record.documentRequests.length

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs', exact: true }).click()
  await page.waitForURL(gateway.url('/tarifs'))
  await waitForExpression(page, `document.querySelector('h1') !== null && document.querySelector('h1').textContent === 'Tarifs'`)
  t.equal(await headingText(page), 'Tarifs', 'the heading changed')
  t.equal(await page.title(), 'Tarifs · Paraphe', 'document.title followed')
  t.equal(await readMarker(page), 1, 'no full page load (window.__marker survived)')

  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales', exact: true }).click()
  await page.waitForURL(gateway.url('/mentions-legales'))
  await waitForExpression(page, `document.querySelector('h1') !== null && document.querySelector('h1').textContent === 'Mentions légales'`)
  t.equal(await headingText(page), 'Mentions légales', 'the heading changed')
  t.equal(await page.title(), 'Mentions légales · Paraphe', 'document.title followed')
  t.equal(await readMarker(page), 1, 'no full page load (window.__marker survived)')
  t.equal(record.documentRequests.length, documentsBefore, 'no document was requested')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the 404 page', async (t) => {
  const raw = await fetchRaw(gateway, UNKNOWN_PATH)
  t.equal(raw.status, 404, 'HTTP 404')
  t.match(raw.html, `Page not found: ${UNKNOWN_PATH}`, 'the prerendered page names the path')
  t.same(headingsInHtml(raw.html), ['Page introuvable'], 'the prerendered page has the French heading')

  const { page, record } = await openPage(browser, t)
  const manifest = manifestResponse(page)
  const status = await gotoHydrated(page, gateway.url(UNKNOWN_PATH))
  t.equal(status, 404, 'the browser got HTTP 404')
  t.equal(await headingText(page), 'Page introuvable', 'French heading after hydration')
  t.equal(normalizeSpace(await page.locator('main code').innerText()), `Page not found: ${UNKNOWN_PATH}`)
  t.ok(await isReactOwned(page, 'h1'), 'React owns the page after hydration')
  t.equal(await page.title(), 'Page introuvable · Paraphe')
  await manifest
  const problems = problemsOf(record, {
    allowHttp: (problem) => problem.url === gateway.url(UNKNOWN_PATH) && problem.status === 404,
    allowConsole: isDocument404(gateway.url(UNKNOWN_PATH))
  })
  t.same(problems, [], `${CLEAN} (besides the document's own 404)`)
})

t.test('client-side navigation to an unknown path shows the same 404 page', async (t) => {
  const { page, record } = await openPage(browser, t)
  await gotoHydrated(page, gateway.url('/tarifs'))
  await setMarker(page)
  // A history entry pushed by the page, then popstate: the router's own history listener runs.
  await inPage(
    page,
    `(history.pushState(null, '', ${JSON.stringify(UNKNOWN_PATH)}), window.dispatchEvent(new PopStateEvent('popstate')), true)`
  )
  await waitForExpression(page, `document.querySelector('main code') !== null`)
  t.equal(await headingText(page), 'Page introuvable')
  t.equal(normalizeSpace(await page.locator('main code').innerText()), `Page not found: ${UNKNOWN_PATH}`)
  t.equal(await page.title(), 'Page introuvable · Paraphe')
  t.equal(await readMarker(page), 1, 'no full page load')

  // Back to a real page, still without a page load.
  await page.goBack()
  await page.waitForURL(gateway.url('/tarifs'))
  await waitForExpression(page, `document.querySelector('h1') !== null && document.querySelector('h1').textContent === 'Tarifs'`)
  t.equal(await readMarker(page), 1, 'going back is client-side too')
  t.equal(record.documentRequests.length, 1, 'only the first page was loaded')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the runtime config: SITE_NAME reaches the header and the title without a hydration error', async (t) => {
  const branded = await startGateway({ SITE_NAME: 'Devis Express' })
  t.teardown(() => branded.close())
  const raw = await fetchRaw(branded, '/')
  t.match(raw.html, 'Devis Express', 'the gateway wrote the name into the prerendered HTML')
  t.notMatch(raw.html, /%%[A-Za-z_.]+%%/, 'no placeholder left')

  const { page, record } = await openPage(browser, t)
  const manifest = manifestResponse(page)
  await gotoHydrated(page, branded.url('/'))
  const logo = page.getByRole('banner').locator('a[href="/"]').first()
  t.equal(normalizeSpace(await logo.innerText()), 'Devis Express', 'the header logo shows the configured name')
  t.equal(await page.title(), 'Devis signés en ligne · Devis Express', 'the title uses the configured name')
  t.equal(
    await inPageString(page, `JSON.parse(document.getElementById('paraphe-runtime-config').textContent).siteName`),
    'Devis Express',
    'the runtime config script carries it'
  )
  t.notMatch(normalizeSpace(await page.locator('body').innerText()), /Paraphe/, 'the default name appears nowhere')

  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Tarifs', exact: true }).click()
  await page.waitForURL(branded.url('/tarifs'))
  await waitForExpression(page, `document.title === 'Tarifs · Devis Express'`)
  t.pass('the title keeps the configured name after client-side navigation')
  await waitForHydration(page)
  await manifest
  t.same(problemsOf(record), [], CLEAN)
})

t.test('self-check: a hydration mismatch does not go unnoticed', async (t) => {
  // The prerendered <h1> is altered on its way to the browser, so the client render differs.
  const { page, record } = await openPage(browser, t)
  await page.route(gateway.url('/tarifs'), async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('<h1>Tarifs</h1>', '<h1>Tarifz</h1>')
    const headers = { ...response.headers() }
    delete headers['content-encoding']
    delete headers['content-length']
    await route.fulfill({ response, body, headers })
  })
  await gotoHydrated(page, gateway.url('/tarifs'))
  t.equal(await headingText(page), 'Tarifs', 'React re-rendered the client version')
  t.match(problemsOf(record).join('\n'), /page error: .*(Hydration|#418)/, 'the mismatch is reported as a problem')
})
