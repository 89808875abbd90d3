// The invoice screens a professional meets, in Chromium against the gateway (PGlite) and the GoTrue
// stand-in: after « Enregistrer le paiement » the header and « Factures liées » say « Payée »
// together, without a reload; the « Retenue de garantie » box beside its words; a credit note's
// page and sending in the words of an avoir (nothing to pay); the list's status menu drawn as a
// field, each card naming its invoice once, the numbers whole on a phone. Axe-clean at 1 280 and
// 360 px, no console error.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Invoice } from '@paraphe/shared/api/invoice-schemas'
import { paths } from '@paraphe/shared/paths'
import { COMPLETE_PROFILE, completeContent } from '../../../gateway/test/support/workspace-users.js'
import {
  axeBothWidths,
  BUSY_MACHINE_WAIT_MS,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  gotoHydrated,
  normalizeSpace,
  openPage,
  problemsOf,
  startAuthStack
} from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'

// Two Factur-X files built on a worker, on a busy 2-core machine.
t.setTimeout(480_000)
const SECRET = 'invoice-screens-tests-jwt-secret-0123456789-ab'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
gateway.app.server.timeout = 0
const newEmail = emailFactory()
const text = async (page: Page, selector: string) => normalizeSpace(await page.locator(selector).first().innerText())

t.test('payment, retenue, credit note and list: what each screen says at once', async (t) => {
  const email = newEmail('ecrans-factures')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  await callApi(gateway.url, token, 'PUT', '/api/profile', {
    ...COMPLETE_PROFILE,
    iban: 'FR76 3000 6000 0112 3456 7890 189',
    bic: 'AGRIFRPP'
  })
  const quote = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: completeContent(parisIsoDate(new Date()))
    })
  ).quote
  await callApi(gateway.url, token, 'POST', `/api/quotes/${quote.id}/send`)
  // The client's signature is the signing tests' subject; here only its outcome matters.
  await gateway.app.db.query(`update paraphe.quotes set status = 'signed' where id = $1`, [quote.id])
  const draft = (
    await callApi<{ invoice: Invoice }>(gateway.url, token, 'POST', '/api/invoices', { request: { kind: 'deposit', quoteId: quote.id } })
  ).invoice
  const deposit = (await callApi<{ invoice: Invoice }>(gateway.url, token, 'POST', `/api/invoices/${draft.id}/issue`)).invoice
  const number = deposit.number ?? ''

  await t.test('« Enregistrer le paiement »: the header and « Factures liées » both say « Payée », no reload', async (t) => {
    await gotoHydrated(page, gateway.url(paths.invoice.href(deposit.id)))
    const chain = page.locator('.invoice-chain li[aria-current]')
    await chain.filter({ hasText: 'À encaisser' }).waitFor()
    const loads = record.documentRequests.length
    await button(page, 'Enregistrer le paiement').click()
    await page.locator('.quote-page__status').getByText('Payée', { exact: true }).waitFor()
    t.match(await text(page, '.invoice-chain li[aria-current]'), /\(cette facture\) — .* Payée$/, '« Factures liées » says it too')
    t.equal(record.documentRequests.length, loads, 'without reloading the page')
  })

  await t.test('« Retenue de garantie »: the box beside its words, the pill as wide as its label', async (t) => {
    await gotoHydrated(page, gateway.url(paths.quoteInvoicing.href(quote.id, 'situation')))
    const box = page.getByRole('checkbox', { name: 'Retenue de garantie' })
    await box.waitFor()
    const layout = await box.evaluate((input) => {
      const label = input.closest('label') as HTMLElement
      const words = document.createRange()
      const textNode = [...label.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim() !== '').at(-1)
      if (textNode === undefined) return null
      words.selectNodeContents(textNode)
      const square = input.getBoundingClientRect()
      const said = words.getBoundingClientRect()
      const pill = label.getBoundingClientRect()
      return {
        gap: said.left - square.right,
        width: square.width,
        middle: Math.abs(square.top + square.height / 2 - (said.top + said.height / 2)),
        spare: pill.right - said.right
      }
    })
    t.ok(layout !== null, 'the label has its words')
    if (layout === null) return
    t.ok(layout.width <= 24, `a square of ${Math.round(layout.width)} px, not stretched`)
    t.ok(layout.gap >= 0 && layout.gap <= 16, `${Math.round(layout.gap)} px between the box and « Retenue de garantie »`)
    t.ok(layout.middle <= 4, 'on the same line as its words')
    t.ok(layout.spare <= 24, `the pill ends with its words (${Math.round(layout.spare)} px after them)`)
    await axeBothWidths(t, page, 'the situation form')
  })

  await t.test('a credit note says « avoir »: nothing to pay, nothing to « régler »', async (t) => {
    const credit = (
      await callApi<{ invoice: Invoice }>(gateway.url, token, 'POST', `/api/invoices/${deposit.id}/credit-notes`, { issue: true })
    ).invoice
    await gotoHydrated(page, gateway.url(paths.invoice.href(credit.id)))
    await page.getByRole('heading', { level: 2, name: 'Fichiers' }).waitFor({ timeout: 6 * BUSY_MACHINE_WAIT_MS })
    await button(page, 'Télécharger l’avoir (Factur-X)').waitFor()
    const main = await text(page, 'main')
    t.notMatch(main, /Télécharger la facture|Envoyer la facture|la régler/, 'no invoice wording')
    t.match(main, /Pas encore envoyé par Paraphe\. Le client reçoit le PDF et un lien pour consulter l’avoir, sans compte\./)
    await button(page, 'Envoyer l’avoir').click()
    await page
      .getByRole('status')
      .filter({ hasText: /^Avoir envoyé à .+, avec un lien pour le consulter\.$/ })
      .waitFor()
    await axeBothWidths(t, page, 'a credit note')
  })

  await t.test('the list: the status menu drawn as a field, each number once and whole on a phone', async (t) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await gotoHydrated(page, gateway.url(paths.invoices.href()))
    await page.locator('.invoice-card').first().waitFor()
    const select = page.getByLabel('Statut', { exact: true })
    const style = await select.evaluate((element) => {
      const computed = getComputedStyle(element)
      return { height: element.getBoundingClientRect().height, border: computed.borderTopStyle, radius: computed.borderTopLeftRadius }
    })
    t.ok(style.height >= 44, `the menu is ${Math.round(style.height)} px high, a touch target`)
    t.equal(style.border, 'solid', 'with the border of every field')
    t.not(style.radius, '0px', 'and its rounded corners')
    for (const card of await page.locator('.invoice-card').all()) {
      const said = normalizeSpace(await card.innerText())
      const numbers = said.match(/\b(?:F|FA|AV)-\d{4}-\d{4}\b/g) ?? []
      t.equal(new Set(numbers).size, numbers.length, `« ${said.slice(0, 40)}… »: its number once`)
      const split = await card.locator('.quote-number').evaluate((element) => element.getClientRects().length)
      t.equal(split, 1, 'the number on one line')
    }
    t.ok((await text(page, 'main')).includes(number), 'the deposit is listed')
    await page.setViewportSize({ width: 1280, height: 800 })
    await axeBothWidths(t, page, 'the invoice list')
  })

  t.same(problemsOf(record), [], CLEAN)
})
