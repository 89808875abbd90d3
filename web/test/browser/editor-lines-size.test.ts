// The quote editor's lines as a professional meets them at 1 280 px (issue 26): the designation
// gets the room and shows every line of its text; a discount says its unit and may be an amount
// in euros (never more than the line, said in French); « Supprimer » stands apart and is undone
// by « Annuler » (mouse and keyboard), the row back at its place with what it held; a new draft
// says nothing about saving until it is saved. Axe-clean at 1 280 and 360 px.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import {
  axeBothWidths,
  CLEAN,
  DESKTOP,
  emailFactory,
  normalizeSpace,
  openPage,
  problemsOf,
  startAuthStack,
  type Teardown
} from './harness.js'
import { accessToken, callApi, saveStatus, signIn, waitForSaved } from './workspace-steps.js'
import { draftContent } from '../../../gateway/test/support/quote-content.js'

const SECRET = 'editor-lines-size-jwt-secret-0123456789-abcd'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

const TWO_LINES = 'Dépose de l’ancienne baignoire et évacuation des gravats\nen déchetterie agréée'
const content = draftContent({
  issueDate: parisIsoDate(new Date()),
  lines: [
    { id: 'l1', description: TWO_LINES, quantityMilli: 1000, unit: 'forfait', unitPriceCents: 35_000, vatRateBp: 1000, discountBp: 0 },
    {
      id: 'l2',
      description: 'Receveur de douche extra-plat',
      quantityMilli: 1000,
      unit: 'u',
      unitPriceCents: 42_000,
      vatRateBp: 1000,
      discountBp: 1000
    },
    { id: 'l3', description: 'Pose', quantityMilli: 6000, unit: 'h', unitPriceCents: 4_800, vatRateBp: 1000, discountBp: 0 }
  ],
  depositBp: 3000
})

const rowIds = (page: Page) =>
  page.locator('.lines-editor__list > li').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.lineId ?? ''))
const lineTotal = async (page: Page, id: string) =>
  normalizeSpace(await page.locator(`[data-line-id="${id}"] .line-card__total strong`).innerText())
const undoBanner = (page: Page) => page.locator('.undo-removal')

async function openQuote(t: Teardown, name: string) {
  const email = newEmail(name)
  standIn.createUser({ email, password: PASSWORD })
  const opened = await openPage(browser, t, DESKTOP)
  await signIn(opened.page, gateway.url, email, PASSWORD)
  const token = await accessToken(opened.page)
  const { quote } = await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', { content })
  await opened.page.goto(gateway.url(`/espace/devis/${quote.id}`))
  await opened.page.locator('#line-l1-description').waitFor()
  return { ...opened, token, quoteId: quote.id }
}

t.test('at 1 280 px the designation has the room and shows all its lines; « Supprimer » stands apart', async (t) => {
  const { page, record } = await openQuote(t, 'largeurs')
  const sizes = () =>
    page.locator('#line-l1-description').evaluate((area) => {
      const row = area.closest('li') as HTMLElement
      const textarea = area as HTMLTextAreaElement
      return {
        share: textarea.getBoundingClientRect().width / row.getBoundingClientRect().width,
        scroll: textarea.scrollHeight,
        client: textarea.clientHeight
      }
    })
  const before = await sizes()
  t.ok(before.share >= 0.4, `the designation takes ${Math.round(before.share * 100)} % of the row (at least 40 %)`)
  t.ok(before.scroll <= before.client, `a two-line designation shows both lines (${before.scroll} px of text in ${before.client} px)`)
  // A third line: the box grows with it rather than scrolling.
  await page.locator('#line-l1-description').click()
  await page.keyboard.press('Control+End')
  await page.keyboard.press('Shift+Enter')
  await page.keyboard.type('et nettoyage du chantier')
  const after = await sizes()
  t.ok(after.client > before.client, 'the box grew with the third line')
  t.ok(after.scroll <= after.client, 'and still shows every line')

  // The unit menu and the figures take what they show: the short unit names fit.
  const unitFits = await page.locator('#line-l1-unit').evaluate((select) => {
    const shown = select.getBoundingClientRect().width
    ;(select as HTMLSelectElement).style.width = 'max-content'
    const needed = select.getBoundingClientRect().width
    ;(select as HTMLSelectElement).style.width = ''
    return needed <= shown + 0.5
  })
  t.ok(unitFits, '« forfait » is whole in its menu')

  const gap = await page.locator('[data-line-id="l2"] .line-card__tools').evaluate((tools) => {
    const save = [...tools.querySelectorAll('button')].find((button) => button.textContent === 'Enregistrer dans mes articles')
    const remove = tools.querySelector('.line-card__remove')
    if (save === undefined || remove === null) return -1
    return remove.getBoundingClientRect().left - save.getBoundingClientRect().right
  })
  t.ok(gap >= 32, `« Supprimer » ${Math.round(gap)} px away from « Enregistrer dans mes articles »`)
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), 'no sideways scroll')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('a discount in % or in €: its unit shown, an amount off the line, saved and read back, refused above the line', async (t) => {
  const { page, record } = await openQuote(t, 'remise')
  t.equal(await page.locator('#line-l2-discount-unit').inputValue(), 'percent', 'a stored percentage shows « % »')
  t.equal(await page.locator('#line-l2-discount-unit option:checked').innerText(), '%')
  t.equal(await lineTotal(page, 'l2'), '378,00 €', '420 € less 10 %')

  await waitForSaved(page, async () => {
    await page.locator('#line-l2-discount-unit').selectOption('euros')
    await page.locator('#line-l2-discount').fill('50')
  })
  t.equal(await lineTotal(page, 'l2'), '370,00 €', '420 € less 50 €')
  t.match(normalizeSpace(await page.locator('.totals').innerText()), /Total HT 1 008,00 €/, 'the totals follow: 350 + 370 + 288')
  await page.reload()
  await page.locator('#line-l2-discount').waitFor()
  t.equal(await page.locator('#line-l2-discount').inputValue(), '50,00', 'read back as an amount')
  t.equal(await page.locator('#line-l2-discount-unit').inputValue(), 'euros')
  t.equal(await lineTotal(page, 'l2'), '370,00 €')

  // More than the line: a French message on the field, nothing saved.
  await page.locator('#line-l3-discount-unit').selectOption('euros')
  await page.locator('#line-l3-discount').fill('300')
  const message = page.locator('#line-l3-discount-error')
  await message.waitFor()
  t.equal(normalizeSpace(await message.innerText()), 'La remise (300,00 €) dépasse le montant de la ligne (288,00 €).')
  t.equal(await page.locator('#line-l3-discount').getAttribute('aria-invalid'), 'true')
  await saveStatus(page).filter({ hasText: 'corrigez les valeurs signalées' }).waitFor()
  await waitForSaved(page, () => page.locator('#line-l3-discount').fill('288'))
  t.equal(await lineTotal(page, 'l3'), '0,00 €', 'the whole line may be given')

  await axeBothWidths(t, page, 'a line with a discount in euros')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('« Supprimer » then « Annuler »: the row back at its place with its content, by mouse and by keyboard', async (t) => {
  const { page, record } = await openQuote(t, 'annuler')
  await page.locator('#line-l2-discount').fill('12,5')
  await page.getByRole('button', { name: 'Supprimer la ligne 2' }).click()
  t.same(await rowIds(page), ['l1', 'l3'], 'the line is gone at once')
  await undoBanner(page).getByRole('button', { name: 'Annuler' }).waitFor()
  t.equal(await undoBanner(page).getAttribute('role'), 'status', 'the banner is a live region: it is announced')
  t.equal(normalizeSpace(await undoBanner(page).innerText()), 'Ligne 2 supprimée Annuler')
  // Held while the focus is in it, so axe and the resizing do not outlast it.
  await undoBanner(page).getByRole('button', { name: 'Annuler' }).focus()
  await axeBothWidths(t, page, 'the « Annuler » banner')
  await undoBanner(page).getByRole('button', { name: 'Annuler' }).click()
  t.same(await rowIds(page), ['l1', 'l2', 'l3'], 'back at its place')
  t.equal(await page.locator('#line-l2-description').inputValue(), 'Receveur de douche extra-plat')
  t.equal(await page.locator('#line-l2-discount').inputValue(), '12,5', 'with what was typed in it')
  t.equal(await page.evaluate(() => document.activeElement?.id), 'line-l2-description', 'the focus in the restored row')
  t.equal(await undoBanner(page).getByRole('button').count(), 0, 'the banner is gone')

  // From the keyboard: Enter on « Supprimer » leads to « Annuler », Enter again restores.
  await page.getByRole('button', { name: 'Supprimer la ligne 1' }).focus()
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.id === 'quote-undo-remove')
  t.same(await rowIds(page), ['l2', 'l3'])
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => document.activeElement?.id === 'line-l1-description')
  t.same(await rowIds(page), ['l1', 'l2', 'l3'], 'restored from the keyboard')
  t.equal(await page.locator('#line-l1-description').inputValue(), TWO_LINES)

  // Left alone, the offer ends after a few seconds and the removal stays.
  await page.getByRole('button', { name: 'Supprimer la ligne 3' }).click()
  await undoBanner(page).getByRole('button', { name: 'Annuler' }).waitFor()
  await page.mouse.move(0, 0)
  await undoBanner(page).getByRole('button').waitFor({ state: 'detached', timeout: 30_000 })
  t.same(await rowIds(page), ['l1', 'l2'], 'the line stays removed')
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  t.same(problemsOf(record), [], CLEAN)
})

t.test('a new, untouched draft says nothing about saving; its first change is saved and says so', async (t) => {
  const email = newEmail('brouillon')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await page.getByRole('link', { name: 'Nouveau devis' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await page.locator('#quote-title').waitFor()
  t.equal(await saveStatus(page).innerText(), '', 'no « Enregistré » before anything is stored')
  t.notOk(await page.getByText('Enregistré', { exact: true }).isVisible(), 'nor anywhere else')
  await page.locator('#quote-title').fill('Cuisine')
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  t.pass('« Enregistré » once stored')
  t.same(problemsOf(record), [], CLEAN)
})
