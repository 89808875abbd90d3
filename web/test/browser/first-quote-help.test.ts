// What saves a new professional typing before the first quote, in Chromium against the gateway
// (PGlite) and the GoTrue stand-in: the profile's e-mail prefilled with the account's, the VAT
// number computed from the SIRET, the décennale asked in the first step for the building trade;
// a refusal to send whole on a 1 280 × 800 screen (« Indiquer mon assurance » visible); one VAT
// rate for the whole quote, still changeable line by line; the undo banner after a removed line
// never over « Acompte demandé ». Axe-clean at 1 280 and 360 px, no console error.
import t from 'tap'
import type { Locator } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import { COMPLETE_PROFILE, completeContent } from '../../../gateway/test/support/workspace-users.js'
import {
  axeBothWidths,
  BUSY_MACHINE_WAIT_MS,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  gotoHydrated,
  openPage,
  problemsOf,
  startAuthStack,
  waitForExpression
} from './harness.js'
import { accessToken, callApi, line, signIn, SIRET, VAT_NUMBER } from './workspace-steps.js'

t.setTimeout(300_000)
const SECRET = 'first-quote-help-tests-jwt-secret-0123456789-a'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
gateway.app.server.timeout = 0
const newEmail = emailFactory()

async function signedIn(t: Parameters<typeof openPage>[1], name: string) {
  const email = newEmail(name)
  standIn.createUser({ email, password: PASSWORD })
  const opened = await openPage(browser, t, DESKTOP)
  opened.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(opened.page, gateway.url, email, PASSWORD)
  return { ...opened, email, token: await accessToken(opened.page) }
}

/** Whether two boxes share any pixel. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()]
  if (one === null || two === null) return false
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height
}

t.test('the first profile step: the account’s e-mail, the VAT number from the SIRET, the décennale for the building trade', async (t) => {
  const { page, record, email } = await signedIn(t, 'profil')
  await gotoHydrated(page, gateway.url('/espace/profil'))
  await waitForExpression(page, `!document.querySelector('#profile-companyName').disabled`)
  t.equal(await page.locator('#profile-email').inputValue(), email, 'the e-mail is the account’s')
  await page.locator('#profile-siret').fill(SIRET)
  t.equal(await page.locator('#profile-vatNumber').inputValue(), VAT_NUMBER, 'the VAT number follows the SIRET')
  // The State's company search (its stand-in here) fills the name, the form and the address.
  await page
    .locator('#profile-siret-hint')
    .filter({ hasText: /repris de l’annuaire des entreprises/ })
    .waitFor()
  t.equal(await page.locator('#profile-companyName').inputValue(), 'MENUISERIE MARTIN')
  t.equal(await page.locator('#profile-legalForm').inputValue(), 'SAS')
  t.equal(await page.locator('#profile-address').inputValue(), '12 RUE DES LILAS\n69003 LYON')
  await page.locator('#profile-vatNumber').fill('FR00123456789')
  await page.locator('#profile-companyName').fill('Menuiserie Martin')
  await page.locator('#profile-siret').fill('443 061 841 00047')
  t.equal(await page.locator('#profile-vatNumber').inputValue(), 'FR00123456789', 'a number typed by hand is kept')
  await page
    .locator('#profile-siret-hint')
    .filter({ hasText: /ne connaît pas ce SIRET/ })
    .waitFor()
  t.equal(await page.locator('#profile-companyName').inputValue(), 'Menuiserie Martin', 'an unknown SIRET: said, nothing replaced')

  t.equal(await page.locator('#profile-insurer').count(), 0, 'no insurance asked of who does not build')
  await page.getByLabel('Je réalise des travaux du bâtiment', { exact: true }).check()
  await page.locator('#profile-insurer').fill('Mutuelle des Artisans')
  await page.locator('#profile-insuranceCoverage').fill('France métropolitaine')
  await axeBothWidths(t, page, 'the first profile step with the insurance')
  const unknownSiret = (url: string) => url.includes('/api/company-search?siret=44306184100047')
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 404 && unknownSiret(problem.url),
      allowConsole: (entry) => unknownSiret(entry.url)
    }),
    [],
    `${CLEAN} (but the unknown SIRET)`
  )
})

t.test('a building-trade quote refused for its insurance at 1 280 × 800: « Indiquer mon assurance » on the screen', async (t) => {
  const { page, record, token } = await signedIn(t, 'refus')
  await callApi(gateway.url, token, 'PUT', '/api/profile', { ...COMPLETE_PROFILE, insurer: '', insuranceCoverage: '' })
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: completeContent(parisIsoDate(new Date()))
    })
  ).quote
  await gotoHydrated(page, gateway.url(`/espace/devis/${quote.id}`))
  await button(page, 'Envoyer le devis').click()
  await button(page, 'Confirmer l’envoi').click()
  const link = page.getByRole('link', { name: 'Indiquer mon assurance', exact: true })
  await link.waitFor()
  // Visible to the eye: inside the screen and inside the side panel that scrolls on its own.
  await waitForExpression(
    page,
    `(() => {
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Indiquer mon assurance')
      if (link === undefined) return false
      const box = link.getBoundingClientRect()
      const panel = link.closest('.quote-side')
      const frame = panel === null ? { top: 0, bottom: innerHeight } : panel.getBoundingClientRect()
      return box.top >= Math.max(0, frame.top) && box.bottom <= Math.min(innerHeight, frame.bottom)
    })()`
  )
  t.pass('the link is whole on the screen')
  await link.click()
  await page.locator('#profile-insurer').waitFor()
  // The profile loads, then opens at its insurance section with the focus in its first field.
  await waitForExpression(page, `document.activeElement === document.querySelector('#profile-insurer')`)
  t.pass('the insurer field, ready to type')
  const refusal = (url: string) => url.endsWith(`/api/quotes/${quote.id}/send`)
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 422 && refusal(problem.url),
      allowConsole: (entry) => refusal(entry.url)
    }),
    [],
    `${CLEAN} (but the refusal)`
  )
})

t.test('one VAT rate for the whole quote, changeable line by line; the undo banner never over « Acompte demandé »', async (t) => {
  const { page, record, token } = await signedIn(t, 'tva')
  await callApi(gateway.url, token, 'PUT', '/api/profile', COMPLETE_PROFILE)
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: completeContent(parisIsoDate(new Date()))
    })
  ).quote
  await gotoHydrated(page, gateway.url(`/espace/devis/${quote.id}`))
  const whole = page.getByLabel('TVA de tout le devis', { exact: true })
  await whole.waitFor()
  const rates = async () =>
    Promise.all((await page.locator('.line-card').all()).map((card) => card.getByLabel('TVA', { exact: true }).inputValue()))
  t.equal(await whole.inputValue(), 'mixed', 'the sample quote mixes 10 % and 20 %: « Taux différents selon les lignes »')
  await whole.selectOption('1000')
  t.same(await rates(), ['1000', '1000', '1000'], 'one choice, every line at 10 %')
  await line(page, 2).getByLabel('TVA', { exact: true }).selectOption('2000')
  t.equal(await whole.inputValue(), 'mixed', 'a line changed alone: the whole-quote choice says so')
  t.same(await rates(), ['1000', '1000', '2000'])

  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 }
  ]) {
    await page.setViewportSize(size)
    await page.getByRole('button', { name: 'Supprimer la ligne 3', exact: true }).click()
    const banner = page.locator('.undo-removal--shown')
    await banner.waitFor()
    const deposit = page.locator('#quote-deposit')
    await deposit.scrollIntoViewIfNeeded()
    t.notOk(await overlap(banner, deposit), `at ${size.width} px the banner leaves « Acompte demandé » uncovered`)
    await deposit.evaluate((input) => input.scrollIntoView({ block: 'end' }))
    t.notOk(await overlap(banner, deposit), `at ${size.width} px, the field at the bottom of the screen too`)
    await button(page, 'Annuler').click()
    await page.locator('.line-card').nth(2).waitFor()
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await axeBothWidths(t, page, 'the editor with its whole-quote VAT rate')
  t.same(problemsOf(record), [], CLEAN)
})
