// A change of the company profile shows on every screen that shows the profile, without a
// reload (Chromium → the gateway on PGlite → the GoTrue stand-in): the workspace header's account
// menu, the quotes' dashboard (what is missing before sending) and a quote's PDF preview all read
// the one cached `/api/profile`, read once per screen and invalidated when the profile is saved.
import t from 'tap'
import type { Request } from 'playwright-core'
import { COMPLETE_PROFILE } from '../../../gateway/test/support/workspace-users.js'
import { pdfText } from '../../../gateway/test/support/pdf-text.js'
import { draftContent } from '../../../gateway/test/support/quote-content.js'
import {
  accountMenu,
  CLEAN,
  emailFactory,
  gotoHydrated,
  normalizeSpace,
  openPage,
  openSettings,
  problemsOf,
  readMarker,
  setMarker,
  startAuthStack
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

const SECRET = 'profile-everywhere-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'

const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

const isProfileRead = (request: Request) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/profile'

t.test('the company’s new name shows in the header, on the dashboard and in the PDF preview, without a reload', async (t) => {
  const email = newEmail('profil-partout')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  // Everything but the company's name: the dashboard asks for it before a quote can be sent.
  await callApi(gateway.url, token, 'PUT', '/api/profile', { ...COMPLETE_PROFILE, companyName: '' })
  const { quote } = await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
    content: draftContent({ title: 'Salle de bains' })
  })

  const profileReads: string[] = []
  page.on('request', (request) => {
    if (isProfileRead(request)) profileReads.push(page.url())
  })
  await gotoHydrated(page, gateway.url('/espace'))
  const gaps = page.locator('.notice--warning').filter({ hasText: 'complétez votre profil' })
  t.match(normalizeSpace(await gaps.innerText()), /la raison sociale/, 'the dashboard says the name is missing')
  await page.getByRole('link', { name: /Salle de bains/ }).waitFor()
  t.equal(await page.locator('.account__company').count(), 0, 'the header names no company yet')
  t.equal(profileReads.length, 1, 'the header and the dashboard share one read of the profile')

  await setMarker(page)
  await openSettings(page, 'Profil')
  await page.getByLabel(/^Raison sociale/).fill('Menuiserie Durand')
  await page.getByRole('button', { name: 'Enregistrer le profil', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'Profil enregistré.' }).waitFor()

  const menu = await accountMenu(page)
  t.equal(normalizeSpace(await menu.locator('.account__company').innerText()), 'Menuiserie Durand', 'the header names the company')

  await page.getByRole('banner').getByRole('link', { name: 'Devis', exact: true }).click()
  await page.getByRole('link', { name: /Salle de bains/ }).waitFor()
  await page.locator('.dashboard').waitFor()
  t.equal(await gaps.count(), 0, 'the dashboard no longer asks for the name')
  t.equal(normalizeSpace(await (await accountMenu(page)).locator('.account__company').innerText()), 'Menuiserie Durand')

  await page.getByRole('link', { name: /Salle de bains/ }).click()
  const open = page.getByRole('button', { name: 'Aperçu du PDF', exact: true })
  await open.waitFor()
  // The PDF as the gateway sent it, taken on its way (passed through unchanged): Chromium does not
  // keep the body of a response the page reads as a blob, so `response.body()` would come back empty.
  let sent: (body: Buffer) => void = () => undefined
  const pdf = new Promise<Buffer>((resolve) => (sent = resolve))
  await page.route(`**/api/quotes/${quote.id}/pdf`, async (route) => {
    const response = await route.fetch()
    sent(await response.body())
    await route.fulfill({ response })
  })
  await open.click()
  const preview = await pdf
  t.match(normalizeSpace(await pdfText(new Uint8Array(preview))), /Menuiserie Durand/, 'the preview is the PDF with the new name')
  await page.locator('.pdf-preview canvas').first().waitFor()

  t.equal(await readMarker(page), 1, 'all of it without a reload')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('another account signing in in the same tab never sees the previous one’s company', async (t) => {
  const first = newEmail('premier')
  const second = newEmail('second')
  standIn.createUser({ email: first, password: PASSWORD })
  standIn.createUser({ email: second, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  await signIn(page, gateway.url, first, PASSWORD)
  await callApi(gateway.url, await accessToken(page), 'PUT', '/api/profile', COMPLETE_PROFILE)
  await gotoHydrated(page, gateway.url('/espace'))
  await (await accountMenu(page)).locator('.account__company').filter({ hasText: COMPLETE_PROFILE.companyName }).waitFor()

  await (await accountMenu(page)).getByRole('button', { name: 'Se déconnecter', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/espace'))
  await signIn(page, gateway.url, second, PASSWORD)
  await page.locator('.notice--warning').filter({ hasText: 'complétez votre profil' }).waitFor()
  t.equal(await (await accountMenu(page)).locator('.account__company').count(), 0, 'the new account’s header names no company')
  t.same(problemsOf(record), [], CLEAN)
})
