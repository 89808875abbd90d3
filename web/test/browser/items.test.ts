// Saved items (« Articles ») in Chromium: the professional saves an article (an empty one is
// explained), finds it, changes its price; imports a spreadsheet's CSV (a bad row named by its
// line, nothing imported; fixed, imported) and exports them (the French CSV). In a new quote,
// typing the start of a designation offers the saved item, which fills the line; a typed line is
// kept with « Enregistrer dans mes articles ». Axe-clean at 1280 and 360 px.
import { readFileSync } from 'node:fs'
import t from 'tap'
import { axeBothWidths, button, CLEAN, DESKTOP, normalizeSpace, openPage, problemsOf, startAuthStack, emailFactory } from './harness.js'
import { accessToken, callApi, line, newQuote, signIn } from './workspace-steps.js'

const SECRET = 'items-tests-jwt-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

interface Item {
  designation: string
  unit: string
  unitPriceCents: number
  vatRateBp: number
  category: string
}

t.test('the Articles page: save, find, edit, import a spreadsheet, export', async (t) => {
  const email = newEmail('articles')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  await page.getByRole('link', { name: 'Articles' }).first().click()
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor()
  await page.getByText('Aucun article pour l’instant').waitFor()

  await button(page, 'Enregistrer l’article').click()
  t.equal(
    normalizeSpace(await page.locator('#item-new-designation-error').innerText()),
    'Indiquez la désignation de l’article.',
    'an empty article is explained'
  )
  await page.locator('#item-new-designation').fill('Fourniture et pose WC suspendu')
  await page.locator('#item-new-price').fill('480')
  await page.locator('#item-new-vat').selectOption('1000')
  await page.locator('#item-new-category').fill('Plomberie')
  await button(page, 'Enregistrer l’article').click()
  await page.getByRole('status').filter({ hasText: '« Fourniture et pose WC suspendu » est enregistré dans vos articles.' }).waitFor()
  await page.locator('.items-list__item').filter({ hasText: '480,00 € HT / u · TVA 10 %' }).waitFor()
  t.equal(await page.locator('#item-new-designation').inputValue(), '', 'the form is ready for the next one')

  await button(page, 'Modifier Fourniture et pose WC suspendu').click()
  await page.locator('#item-edit-price').fill('495,50')
  await button(page, 'Enregistrer les modifications').click()
  await page.locator('.items-list__item').filter({ hasText: '495,50 € HT / u' }).waitFor()

  // A spreadsheet's file with one bad row: nothing is imported, the row is named.
  const spreadsheet = (price: string) =>
    `\ufeffDésignation;Unité;Prix unitaire HT;TVA;Catégorie\r\nMain-d’œuvre plombier;h;55;10 %;Plomberie\r\nPeinture murs;m2;${price};10 %;Peinture\r\n`
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'articles.csv', mimeType: 'text/csv', buffer: Buffer.from(spreadsheet('vingt')) })
  await page.getByRole('alert').filter({ hasText: 'Rien n’a été importé : une ligne est à corriger dans le fichier.' }).waitFor()
  t.match(
    normalizeSpace(await page.getByRole('list', { name: 'Lignes à corriger' }).innerText()),
    /^Ligne 3 : prix : le montant doit être un nombre/
  )
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'articles.csv', mimeType: 'text/csv', buffer: Buffer.from(spreadsheet('24,50')) })
  await page.getByRole('status').filter({ hasText: 'Import terminé : 2 articles ajoutés, 0 mis à jour.' }).waitFor()
  await page.locator('.items-list__item').filter({ hasText: '24,50 € HT / m² · TVA 10 %' }).waitFor()
  t.equal(await page.getByRole('list', { name: 'Lignes à corriger' }).count(), 0, 'the fixed file leaves nothing to correct')

  await page.locator('#items-search').fill('peinture')
  await page.getByText('1 article', { exact: true }).waitFor()
  t.equal(await page.locator('.items-list__item').count(), 1, 'the search keeps the matching article')
  await page.locator('#items-search').fill('')
  await page.getByText('3 articles', { exact: true }).waitFor()

  const downloading = page.waitForEvent('download')
  await button(page, 'Exporter mes articles').click()
  const download = await downloading
  t.equal(download.suggestedFilename(), 'articles.csv')
  const csv = readFileSync(await download.path(), 'utf8')
  t.ok(csv.startsWith('\ufeffDésignation;Unité;Prix unitaire HT;TVA;Catégorie\r\n'), 'the French CSV, with its BOM')
  t.match(csv, /Fourniture et pose WC suspendu;u;495,50;10 %;Plomberie\r\n/)

  await button(page, 'Supprimer Peinture murs').click()
  await button(page, 'Confirmer la suppression').click()
  await page.getByRole('status').filter({ hasText: '« Peinture murs » est supprimé de vos articles.' }).waitFor()
  await axeBothWidths(t, page, 'the Articles page')
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 400 && problem.url.endsWith('/api/items/import'),
      allowConsole: (entry) => /status of 400/.test(entry.text) && entry.url.endsWith('/api/items/import')
    }),
    [],
    `${CLEAN} (besides the refused file)`
  )
})

t.test('in the editor: a saved item fills the line as its designation is typed; a line is saved as an item', async (t) => {
  const email = newEmail('editeur')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  await callApi(gateway.url, token, 'POST', '/api/items', {
    designation: 'Fourniture et pose WC suspendu',
    unit: 'u',
    unitPriceCents: 48_000,
    vatRateBp: 1000,
    category: 'Plomberie'
  })
  await callApi(gateway.url, token, 'POST', '/api/items', {
    designation: 'Pose de faïence murale',
    unit: 'm²',
    unitPriceCents: 6_500,
    vatRateBp: 1000,
    category: 'Carrelage'
  })

  await newQuote(page, 'Salle de bains')
  const first = line(page, 0)
  await first.getByLabel('Désignation').fill('')
  await first.getByLabel('Désignation').pressSequentially('pose', { delay: 20 })
  const offers = page.getByRole('list', { name: 'Articles enregistrés pour la ligne 1' })
  await offers.getByRole('button').nth(1).waitFor()
  t.same(
    await offers
      .getByRole('button')
      .allInnerTexts()
      .then((texts) => texts.map(normalizeSpace)),
    ['Pose de faïence murale 65,00 € HT / m²', 'Fourniture et pose WC suspendu 480,00 € HT / u'],
    'the one that starts with the text first'
  )
  await page.getByRole('status').filter({ hasText: '2 articles enregistrés correspondent.' }).waitFor()
  await axeBothWidths(t, page, 'the editor with saved items offered')

  await offers.getByRole('button', { name: /Fourniture et pose WC suspendu/ }).click()
  t.equal(await first.getByLabel('Désignation').inputValue(), 'Fourniture et pose WC suspendu')
  t.equal(await first.getByLabel('Unité', { exact: true }).inputValue(), 'u')
  t.equal(await first.getByLabel('Prix unitaire HT').inputValue(), '480,00')
  t.equal(await first.getByLabel('TVA', { exact: true }).inputValue(), '1000')
  t.ok(await first.getByLabel('Quantité').evaluate((element) => element === document.activeElement), 'the quantity is next, focused')
  await offers.waitFor({ state: 'detached' })
  await first.getByLabel('Quantité').fill('2')
  await first.locator('.line-card__total').filter({ hasText: '960,00 €' }).waitFor()

  // Escape closes the offers and leaves the designation as typed.
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click()
  const second = line(page, 1)
  await second.getByLabel('Désignation').pressSequentially('Pose', { delay: 20 })
  await page.getByRole('list', { name: 'Articles enregistrés pour la ligne 2' }).waitFor()
  await page.keyboard.press('Escape')
  await page.getByRole('list', { name: 'Articles enregistrés pour la ligne 2' }).waitFor({ state: 'detached' })
  t.equal(await second.getByLabel('Désignation').inputValue(), 'Pose')

  await second.getByLabel('Désignation').fill('Remplacement du mitigeur de douche')
  await second.getByLabel('Prix unitaire HT').fill('145')
  await second.getByRole('button', { name: 'Enregistrer la ligne 2 dans mes articles' }).click()
  await second.locator('.line-card__saved').filter({ hasText: 'Enregistré dans vos articles.' }).waitFor()
  await second.getByRole('button', { name: 'Enregistrer la ligne 2 dans mes articles' }).click()
  await second.locator('.line-card__saved').filter({ hasText: 'Un article porte déjà cette désignation : modifiez-le plutôt.' }).waitFor()
  const saved = await callApi<{ items: Item[] }>(gateway.url, token, 'GET', '/api/items?q=mitigeur')
  t.match(
    saved.items,
    [{ designation: 'Remplacement du mitigeur de douche', unit: 'u', unitPriceCents: 14_500, vatRateBp: 1000 }],
    'the line is an article now, at the rate it took from the line above'
  )
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 409 && problem.url.endsWith('/api/items'),
      allowConsole: (entry) => /status of 409/.test(entry.text) && entry.url.endsWith('/api/items')
    }),
    [],
    `${CLEAN} (besides the duplicate refused)`
  )
})
