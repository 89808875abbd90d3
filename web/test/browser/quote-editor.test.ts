// The quote editor's lines in Chromium at 1280 px, as Obat or Tolteck users expect them: a table
// edited in place (Enter adds a line below and takes the focus there, Tab crosses the fields in
// order), rows moved by keyboard (Alt+↑/↓, announced) and by dragging their handle, a section
// (« Lot 1 — Plomberie ») with its subtotal, saved and read back; the totals and actions in a
// side panel that stays in view while scrolling; on a 360 px phone, cards and a bar with the TTC
// and « Envoyer ». No console error; axe-clean at both widths.
import t from 'tap'
import type { Page } from 'playwright-core'
import { axeBothWidths, CLEAN, DESKTOP, emailFactory, normalizeSpace, openPage, PHONE, problemsOf, startAuthStack } from './harness.js'
import { line, newQuote, saveStatus, signIn } from './workspace-steps.js'

const SECRET = 'quote-editor-tests-jwt-secret-0123456789-abc'
const PASSWORD = 'une phrase de passe solide'

const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const rowIds = (page: Page) =>
  page.locator('.lines-editor__list > li').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.lineId ?? ''))
const designations = (page: Page) =>
  page
    .locator('.lines-editor__list > li')
    .evaluateAll((rows) => rows.map((row) => (row.querySelector('textarea, input') as HTMLInputElement | HTMLTextAreaElement).value))
const announced = (page: Page) => page.locator('.lines-editor [role="status"]').last()
/** The rows showing the drop marker: which row, on which edge, and whether its bar is drawn (4 px high, not transparent). */
const dropMarkers = (page: Page) =>
  page.locator('.lines-editor__list > li').evaluateAll((rows) =>
    rows.flatMap((row) => {
      const edge = row.classList.contains('line-card--drop-before')
        ? 'top'
        : row.classList.contains('line-card--drop-after')
          ? 'bottom'
          : null
      if (edge === null) return []
      const bar = getComputedStyle(row, edge === 'top' ? '::before' : '::after')
      const shown = bar.content !== 'none' && bar.height === '4px' && bar.backgroundColor !== 'rgba(0, 0, 0, 0)' && bar.display !== 'none'
      return [{ row: (row as HTMLElement).dataset.lineId ?? '', edge, shown }]
    })
  )

t.test('typing a quote in the table: Enter, Tab, reordering by keyboard and by drag, a section and its subtotal', async (t) => {
  const email = newEmail('editeur')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await newQuote(page, 'Salle de bains')
  const [first] = await rowIds(page)
  const id = (row: string | undefined, control: string) => `line-${row ?? ''}-${control}`

  // The first line, typed and crossed with Tab: designation, quantity, unit, price, VAT, discount.
  await page.locator(`#${id(first, 'description')}`).click()
  await page.keyboard.type('Dépose de l’ancienne baignoire')
  const order: string[] = []
  for (let i = 0; i < 5; i += 1) {
    await page.keyboard.press('Tab')
    order.push(await focusedId(page))
  }
  t.same(
    order,
    ['quantity', 'unit', 'price', 'vat', 'discount'].map((control) => id(first, control)),
    'Tab crosses the row’s fields in order'
  )
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  t.equal(await focusedId(page), id(first, 'price'))
  await page.keyboard.type('350')

  // Enter in the price adds a line right below and puts the focus in its designation.
  await page.keyboard.press('Enter')
  let rows = await rowIds(page)
  t.equal(rows.length, 2, 'Enter adds a line')
  const second = rows[1]
  t.equal(await focusedId(page), id(second, 'description'), 'the new line has the focus')
  t.equal(normalizeSpace(await announced(page).innerText()), 'Ligne 2 ajoutée.', 'and it is announced')
  await page.keyboard.type('Main-d’œuvre plomberie')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Control+A')
  await page.keyboard.type('7,5')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await page.keyboard.type('45')
  // Enter in a designation (wide screen) adds a line too; Shift+Enter would break the text.
  await page.locator(`#${id(second, 'description')}`).focus()
  await page.keyboard.press('Enter')
  rows = await rowIds(page)
  const third = rows[2]
  t.equal(rows.length, 3)
  t.equal(await page.locator(`#${id(second, 'description')}`).inputValue(), 'Main-d’œuvre plomberie', 'Enter did not break the designation')
  t.equal(await focusedId(page), id(third, 'description'))
  await page.keyboard.type('Receveur de douche')
  await page.locator(`#${id(third, 'price')}`).fill('489,90')
  t.equal(normalizeSpace(await line(page, 1).locator('.line-card__total').innerText()), 'Total HT de la ligne : 337,50 €', '7,5 × 45,00 €')

  // Alt+↑ moves the row and keeps the focus where it was.
  await page.locator(`#${id(third, 'description')}`).focus()
  await page.keyboard.press('Alt+ArrowUp')
  t.same(await rowIds(page), [first, third, second], 'Alt+↑ moves the line up')
  t.equal(await focusedId(page), id(third, 'description'), 'the focus stays in the moved line')
  t.equal(normalizeSpace(await announced(page).innerText()), 'Ligne 3 déplacée en position 2.')
  await page.keyboard.press('Alt+ArrowDown')
  t.same(await rowIds(page), [first, second, third], 'Alt+↓ moves it back')

  // Dragging the first row's handle below the last row.
  const handle = await page.locator(`li[data-line-id="${first}"] .line-card__handle`).boundingBox()
  const last = await page.locator(`li[data-line-id="${third}"]`).boundingBox()
  if (handle === null || last === null) throw new Error('rows not laid out')
  await page.mouse.move(handle.x + handle.width / 2, handle.y + 10)
  await page.mouse.down()
  const middle = await page.locator(`li[data-line-id="${second}"]`).boundingBox()
  if (middle === null) throw new Error('rows not laid out')
  // Over the lower half of the second row: it would land between the second and the third.
  await page.mouse.move(handle.x + handle.width / 2, middle.y + middle.height - 5, { steps: 8 })
  t.ok(
    await page.locator(`li[data-line-id="${first}"]`).evaluate((row) => row.classList.contains('line-card--dragging')),
    'the dragged row is marked'
  )
  t.same(await dropMarkers(page), [{ row: second, edge: 'bottom', shown: true }], 'a bar marks where it lands: under the second row')
  await page.mouse.move(handle.x + handle.width / 2, last.y + last.height - 5, { steps: 4 })
  t.same(await dropMarkers(page), [{ row: third, edge: 'bottom', shown: true }], 'the bar follows the pointer: under the last row')
  const bar = await page.locator(`li[data-line-id="${third}"]`).evaluate((row) => {
    const box = row.getBoundingClientRect()
    const after = getComputedStyle(row, '::after')
    return { rowBottom: box.bottom, barBottom: box.bottom - parseFloat(after.bottom), width: parseFloat(after.width), rowWidth: box.width }
  })
  t.ok(Math.abs(bar.barBottom - bar.rowBottom) < 1 && bar.width >= bar.rowWidth - 1, 'across the whole row, on its lower edge')
  await page.mouse.up()
  t.same(await rowIds(page), [second, third, first], 'dropped below the last row, where the bar was')
  t.same(await dropMarkers(page), [], 'no bar once dropped')
  t.equal(normalizeSpace(await announced(page).innerText()), 'Ligne 1 déplacée en position 3.', 'the drop is announced too')
  await page.locator(`#line-${first}-up`).click()
  await page.locator(`#line-${first}-up`).click()
  t.same(await rowIds(page), [first, second, third], 'and back up with its buttons')

  // Two sections: added at the end, titled, moved into place with the keyboard.
  await page.getByRole('button', { name: 'Ajouter une section', exact: true }).click()
  const lot1 = (await rowIds(page))[3]
  t.equal(await focusedId(page), id(lot1, 'title'), 'the new section’s title has the focus')
  await page.keyboard.type('Lot 1 — Plomberie')
  for (let i = 0; i < 3; i += 1) await page.keyboard.press('Alt+ArrowUp')
  await page.getByRole('button', { name: 'Ajouter une section', exact: true }).click()
  const lot2 = (await rowIds(page))[4]
  await page.keyboard.type('Lot 2 — Sanitaires')
  await page.keyboard.press('Alt+ArrowUp')
  t.same(await rowIds(page), [lot1, first, second, lot2, third], 'each section above its lines')
  const subtotals = () =>
    page
      .locator('.line-card--section .line-card__total')
      .allInnerTexts()
      .then((texts) => texts.map(normalizeSpace))
  t.same(await subtotals(), ['Sous-total HT : 687,50 €', 'Sous-total HT : 489,90 €'], '350 + 337,50 €, then 489,90 €')
  const totals = () => page.locator('#quote-side .totals__list').innerText().then(normalizeSpace)
  t.equal(await totals(), 'Total HT 1 177,40 € TVA 20 % sur 1 177,40 € HT 235,48 € Total TTC 1 412,88 €', 'the sections change no total')

  // Saved as shown, and read back so.
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  await page.reload()
  await page.locator(`#${id(lot2, 'title')}`).waitFor()
  t.same(await rowIds(page), [lot1, first, second, lot2, third], 'the order survives a reload')
  t.same(await designations(page), [
    'Lot 1 — Plomberie',
    'Dépose de l’ancienne baignoire',
    'Main-d’œuvre plomberie',
    'Lot 2 — Sanitaires',
    'Receveur de douche'
  ])
  t.same(await subtotals(), ['Sous-total HT : 687,50 €', 'Sous-total HT : 489,90 €'])

  // The side panel stays in view at the bottom of the page, « Envoyer le devis » with it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const inView = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect()
      return box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0
    })
  t.ok(await page.evaluate(() => window.scrollY > 1000), 'scrolled down the long form')
  t.ok(await inView('#quote-side .totals'), 'the totals are in view after scrolling')
  t.ok(await inView('#quote-send'), 'so is « Envoyer le devis »')
  t.notOk(await page.locator('.quote-phone-bar').isVisible(), 'no phone bar on a wide screen')
  const labelWidth = () => page.locator(`label[for="${id(first, 'quantity')}"]`).evaluate((label) => label.getBoundingClientRect().width)
  t.ok((await labelWidth()) <= 1, 'the rows’ labels are read, not shown: the table’s header is')
  t.ok(await page.locator('.lines-editor__head').isVisible())

  // Every unit's whole name fits its select at 1280 px: as wide as the widest option needs
  // (a select's scrollWidth does not tell a cut text); the table stays within the page.
  const unit = page.locator(`#${id(first, 'unit')}`)
  const cut: string[] = []
  for (const option of await unit.locator('option').allInnerTexts()) {
    await unit.selectOption({ label: option })
    const fits = await unit.evaluate((select) => {
      const shown = select.getBoundingClientRect().width
      select.style.width = 'max-content'
      const needed = select.getBoundingClientRect().width
      select.style.width = ''
      return needed <= shown + 0.5
    })
    if (!fits) cut.push(option)
  }
  t.same(cut, [], 'no unit is cut, « u (unité) » and « m² (mètre carré) » included')
  await unit.selectOption('u')
  t.ok(
    await page.evaluate(() => {
      const editor = document.querySelector('.lines-editor')?.getBoundingClientRect()
      const rows = [...document.querySelectorAll('.line-card__fieldset')].map((row) => row.getBoundingClientRect().right)
      return (
        editor !== undefined &&
        rows.every((right) => right <= editor.right + 0.5) &&
        document.documentElement.scrollWidth <= document.documentElement.clientWidth
      )
    }),
    'the rows fit the table, no sideways scroll'
  )

  await axeBothWidths(t, page, 'the editor with sections')

  // On a phone: cards with their labels, and the bar with the TTC and « Envoyer ».
  await page.setViewportSize({ width: 360, height: 740 })
  t.ok((await labelWidth()) > 40, 'a card shows its labels')
  t.notOk(await page.locator('.lines-editor__head').isVisible(), 'and no table header')
  await page.evaluate(() => window.scrollTo(0, 0))
  t.ok(await inView('.quote-phone-bar'), 'the bar is in view at the top of the page')
  t.equal(normalizeSpace(await page.locator('.quote-phone-bar__total').innerText()), 'Total TTC 1 412,88 €')
  await page.locator('.quote-phone-bar').getByRole('button', { name: 'Envoyer…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Envoyer ce devis ?' })
  await dialog.waitFor()
  t.match(
    normalizeSpace(await dialog.innerText()),
    /Montant 1 412,88 € TTC/,
    '« Envoyer » opens the send confirmation, a modal dialog with the amount'
  )
  t.ok(await inView('.send-dialog'), 'in view above the bar')
  t.ok(await page.evaluate(() => document.querySelector('.send-dialog')?.contains(document.activeElement) === true), 'with the focus')
  await dialog.getByRole('button', { name: 'Annuler', exact: true }).click()

  t.same(problemsOf(record), [], CLEAN)
})

t.test('a phone opens the editor as cards, its bar above the navigation', async (t) => {
  const email = newEmail('telephone')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, PHONE)
  await signIn(page, gateway.url, email, PASSWORD)
  await newQuote(page, 'Cuisine')
  const bar = await page.locator('.quote-phone-bar').boundingBox()
  const nav = await page.locator('.workspace-nav').boundingBox()
  if (bar === null || nav === null) throw new Error('not laid out')
  t.ok(bar.y + bar.height <= nav.y + 1, 'the bar sits above the navigation bar')
  t.ok(bar.y + bar.height <= 740, 'on the screen')
  t.same(problemsOf(record), [], CLEAN)
})
