// The draft's PDF preview in Chromium: « Aperçu du PDF » opens a panel where pdf.js draws the
// very file the gateway serves (fetched with the user's token, pdf.js and its worker loaded from
// our origin only then, under the site's CSP). A designation edited while it is open is saved,
// and the pages are drawn again with the new text. Escape closes it and gives the focus back.
// No console error (a CSP violation would be one); axe-clean at 1280 and 360 px while open.
import t from 'tap'
import type { Page, Response } from 'playwright-core'
import { axeBothWidths, CLEAN, emailFactory, normalizeSpace, openPage, PHONE, problemsOf, startAuthStack } from './harness.js'
import { fillLine, newQuote, signIn, waitForSaved } from './workspace-steps.js'
import { pdfInfo, pdfText } from '../../../gateway/test/support/pdf-text.js'

const SECRET = 'pdf-preview-tests-jwt-secret-0123456789-abcd'
const PASSWORD = 'une phrase de passe solide'

const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

const isPdf = (response: Response) =>
  response.request().method() === 'GET' && /\/api\/quotes\/[^/]+\/pdf$/.test(new URL(response.url()).pathname)

/** The first page's pixels as an image (to compare two drawings) and how many of them are not white. */
const firstPage = (page: Page) =>
  page
    .locator('#pdf-preview canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d')
      if (context === null) return { image: '', inked: 0 }
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
      let inked = 0
      for (let i = 0; i < data.length; i += 4)
        if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200) inked += 1
      return { image: canvas.toDataURL(), inked }
    })

t.test('the preview draws the PDF, follows an edit once saved, and closes with Escape', async (t) => {
  const email = newEmail('apercu')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t)
  // The PDFs the page fetched, as the gateway sent them (passed through unchanged).
  const pdfs: Buffer[] = []
  await page.route(/\/api\/quotes\/[^/]+\/pdf$/, async (route) => {
    const response = await route.fetch()
    pdfs.push(await response.body())
    await route.fulfill({ response })
  })
  const scripts: string[] = []
  page.on('request', (request) => {
    if (/\.m?js$/.test(new URL(request.url()).pathname)) scripts.push(new URL(request.url()).pathname)
  })
  await signIn(page, gateway.url, email, PASSWORD)
  await newQuote(page, 'Rénovation de la cuisine')
  await waitForSaved(page, () =>
    fillLine(page, 0, { description: 'Pose de carrelage mural', quantity: '12', unit: 'm²', price: '45', vatBp: 1000 })
  )
  t.notOk(
    scripts.some((path) => /pdf/.test(path)),
    'pdf.js is not loaded with the editor'
  )

  const button = page.locator('#quote-preview')
  t.equal(await button.innerText(), 'Aperçu du PDF')
  await button.click()
  const panel = page.getByRole('dialog', { name: 'Aperçu du PDF' })
  await panel.waitFor()
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Fermer', 'the focus is on « Fermer »')
  await panel.locator('.pdf-preview__number').first().waitFor()
  t.equal(pdfs.length, 1, 'one PDF fetched')
  const pages = Number((await pdfInfo(pdfs[0] ?? Buffer.alloc(0))).get('Pages'))
  t.ok(pages >= 1)
  t.equal(await panel.locator('canvas').count(), pages, 'every page of the PDF drawn')
  t.same(
    (await panel.locator('.pdf-preview__number').allInnerTexts()).map(normalizeSpace),
    Array.from({ length: pages }, (_, index) => `Page ${index + 1} / ${pages}`),
    'each page numbered'
  )
  t.equal(normalizeSpace(await panel.getByRole('status').innerText()), `${pages} pages`)
  t.ok(
    scripts.some((path) => /pdf-canvas/.test(path)) && scripts.some((path) => /pdf\.worker/.test(path)),
    'pdf.js and its worker come from our origin once opened'
  )
  const before = await firstPage(page)
  t.ok(before.inked > 5000, `the page has ink (${before.inked} dark pixels)`)
  t.match(normalizeSpace(await pdfText(pdfs[0] ?? Buffer.alloc(0))), 'Pose de carrelage mural', 'the PDF drawn is the draft’s')
  await axeBothWidths(t, page, 'the preview open')

  // Edited while open (the designations stay in reach beside the panel): saved, then drawn again.
  const redrawn = page.waitForResponse(isPdf)
  await waitForSaved(page, () => page.locator('.line-card').first().getByLabel('Désignation').fill('Pose de faïence murale'))
  await redrawn
  await panel
    .getByRole('status')
    .filter({ hasText: /^\d+ pages?$/ })
    .waitFor()
  await page.waitForFunction(() => document.querySelector('#pdf-preview .pdf-preview__pages--updating') === null)
  const after = await firstPage(page)
  t.not(after.image, before.image, 'the drawing changed')
  t.ok(after.inked > 5000)
  t.equal(pdfs.length, 2, 'one more PDF fetched after the save')
  const text = normalizeSpace(await pdfText(pdfs[1] ?? Buffer.alloc(0)))
  t.match(text, 'Pose de faïence murale', 'the PDF drawn holds the new designation')
  t.notMatch(text, 'carrelage')

  // Escape in the panel (its pages scroll with the keyboard) closes it.
  await panel.getByRole('list', { name: 'Pages du devis' }).focus()
  await page.keyboard.press('Escape')
  await panel.waitFor({ state: 'hidden' })
  t.equal(await page.evaluate(() => document.activeElement?.id), 'quote-preview', 'the focus is back on the button')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('on a phone, « Aperçu » in the bar opens the preview over the screen; « Fermer » closes it', async (t) => {
  const email = newEmail('apercu-tel')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, PHONE)
  await signIn(page, gateway.url, email, PASSWORD)
  await newQuote(page, 'Salle d’eau')
  await page.locator('.quote-phone-bar').getByRole('button', { name: 'Aperçu', exact: true }).click()
  const panel = page.getByRole('dialog', { name: 'Aperçu du PDF' })
  await panel.locator('canvas').first().waitFor()
  t.ok((await firstPage(page)).inked > 1000, 'the page has ink')
  const box = await panel.boundingBox()
  t.equal(box?.width, PHONE.viewport?.width, 'the whole width of the phone')
  await panel.getByRole('button', { name: 'Fermer' }).click()
  await panel.waitFor({ state: 'hidden' })
  t.same(problemsOf(record), [], CLEAN)
})
