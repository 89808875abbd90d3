// The screens of a phone, measured in Chromium against the gateway (PGlite) and the GoTrue
// stand-in: the workspace's bottom navigation whole at 320, 360 and 375 px on every workspace
// page (no element past the screen, read by script), a quote's number never broken at its
// hyphens, and the client's signing page of a six-line quote at 360 px with each line on two rows
// (its description, then its figures and total), not six. Axe-clean, no console error.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import { COMPLETE_PROFILE, completeContent } from '../../../gateway/test/support/workspace-users.js'
import { quoteLine } from '../../../gateway/test/support/quote-content.js'
import {
  axe,
  BUSY_MACHINE_WAIT_MS,
  CLEAN,
  emailFactory,
  gotoHydrated,
  openPage,
  PHONE,
  problemsOf,
  startAuthStack,
  waitForExpression,
  type PageRecord
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

t.setTimeout(300_000)
const SECRET = 'phone-layout-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
gateway.app.server.timeout = 0
const newEmail = emailFactory()

/** Six lines of a bathroom renovation, at 10 %. */
const SIX_LINES = [
  quoteLine({ id: 'l1', description: 'Dépose de l’ancienne baignoire et évacuation des gravats' }),
  quoteLine({ id: 'l2', description: 'Receveur de douche extra-plat 90 × 120', unit: 'u', unitPriceCents: 48_990 }),
  quoteLine({ id: 'l3', description: 'Paroi de douche vitrée', unit: 'u', unitPriceCents: 32_000 }),
  quoteLine({ id: 'l4', description: 'Faïence murale posée', quantityMilli: 12_500, unit: 'm²', unitPriceCents: 6_500 }),
  quoteLine({ id: 'l5', description: 'Mitigeur thermostatique', unit: 'u', unitPriceCents: 18_900 }),
  quoteLine({ id: 'l6', description: 'Main-d’œuvre plomberie', quantityMilli: 7_500, unit: 'h', unitPriceCents: 4_500 })
]

/** What lies past the right edge of the screen: the navigation's entries cut or outside, and any element wider than the page. */
const OUTSIDE = `(() => {
  const nav = [...document.querySelectorAll('.workspace-nav a')]
  return {
    entries: nav.length,
    cut: nav.filter((link) => { const box = link.getBoundingClientRect(); return box.left < 0 || box.right > innerWidth || link.scrollWidth > link.clientWidth + 1 }).map((link) => link.textContent),
    past: [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5 && getComputedStyle(element).position !== 'absolute').map((element) => element.tagName + '.' + element.className).slice(0, 5),
    scroll: document.documentElement.scrollWidth - innerWidth
  }
})()`

async function pro(t: Parameters<typeof openPage>[1], width: number): Promise<{ page: Page; token: string; record: PageRecord }> {
  const email = newEmail(`telephone-${width}`)
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, { ...PHONE, viewport: { width, height: 740 } })
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(page, gateway.url, email, PASSWORD)
  return { page, record, token: await accessToken(page) }
}

for (const width of [320, 360, 375]) {
  t.test(`at ${width} px: the bottom navigation whole on every workspace page`, async (t) => {
    const { page, record, token } = await pro(t, width)
    await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
    const quote = (
      await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
        content: completeContent(parisIsoDate(new Date()))
      })
    ).quote
    const pages = [
      '/espace',
      `/espace/devis/${quote.id}`,
      '/espace/devis/nouveau',
      '/espace/factures',
      '/espace/factures/nouvelle',
      '/espace/clients',
      '/espace/articles',
      '/espace/profil',
      '/espace/equipe',
      '/espace/abonnement',
      '/espace/api',
      '/espace/webhooks'
    ]
    for (const path of pages) {
      await gotoHydrated(page, gateway.url(path))
      await page.locator('.workspace-nav a').first().waitFor()
      // Each page's data arrives after hydration: wait until nothing says « Chargement ».
      await waitForExpression(page, `document.querySelector('.workspace-loading, .load-state--loading') === null`, BUSY_MACHINE_WAIT_MS)
      const outside = await page.evaluate<{ entries: number; cut: string[]; past: string[]; scroll: number }>(OUTSIDE)
      t.equal(outside.entries, 4, `${path}: the four entries`)
      t.same(outside.cut, [], `${path}: every entry whole, inside the screen`)
      t.same(outside.past, [], `${path}: no element past the right edge`)
      t.ok(outside.scroll <= 0, `${path}: no sideways scroll`)
    }
    t.same(await axe(page), [], `axe at ${width} px`)
    t.same(problemsOf(record), [], CLEAN)
  })
}

t.test('the signing page of a six-line quote at 360 px: five screens at most, each line on two rows, its number whole', async (t) => {
  const { token } = await pro(t, 1280)
  await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: { ...completeContent(parisIsoDate(new Date())), lines: SIX_LINES }
    })
  ).quote
  const sent = await callApi<{ signingUrl: string }>(gateway.url, token, 'POST', `/api/quotes/${quote.id}/send`)
  const { page, record } = await openPage(browser, t, PHONE)
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await gotoHydrated(page, new URL(new URL(sent.signingUrl).pathname + new URL(sent.signingUrl).search, gateway.origin).href)
  await page.locator('.signing-lines').waitFor()
  const measured = await page.evaluate<{ height: number; rows: number[]; numberLines: number }>(`(() => {
    const rows = [...document.querySelectorAll('.signing-lines tbody tr')].map((row) => {
      const tops = new Set([...row.children].map((cell) => Math.round(cell.getBoundingClientRect().top)))
      return tops.size
    })
    const number = document.querySelector('h1 .quote-number')
    return { height: document.documentElement.scrollHeight, rows, numberLines: number === null ? 0 : number.getClientRects().length }
  })()`)
  t.equal(measured.rows.length, 6, 'six lines')
  // A long description takes two rows and a long line of figures pushes its total to a third:
  // never the six rows of before (the description, then one labelled figure per row).
  t.ok(
    measured.rows.every((rows) => rows <= 3),
    `each line on two or three rows (${measured.rows.join(', ')})`
  )
  t.ok(measured.rows.filter((rows) => rows === 2).length >= 4, 'most on two: the description, then its figures and total')
  t.comment(`the page is ${measured.height} px tall: ${(measured.height / 740).toFixed(2)} screens of 740 px`)
  // The statutory texts folded under their titles, the intro and the signing card a step smaller:
  // the whole quote, its signature and the way to refuse within five screens of a 360 × 740 phone.
  t.ok(measured.height <= 5 * 740, `at most five screens (${(measured.height / 740).toFixed(2)})`)
  const folded = page.locator('details.signing-doc__statutory')
  t.equal(await folded.count(), 2, 'the attestation and the right of withdrawal, folded')
  await folded.first().locator('summary').click()
  t.ok(await folded.first().evaluate((element) => (element as HTMLDetailsElement).open), 'a tap on its title opens one')
  t.match(await folded.first().innerText(), /locaux à usage d’habitation/, 'its whole text then shown')
  t.equal(measured.numberLines, 1, '« DEV-2026-… » on one line in the heading')
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll')
  t.same(await axe(page), [], 'axe at 360 px')
  t.same(problemsOf(record), [], CLEAN)
})
