// Saved clients in Chromium: the professional saves a company client (an empty one is explained),
// edits it, finds it, deletes another after confirming. In a new quote, « Choisir un client
// enregistré » offers it as its name is typed, and a pick fills the client section and the work
// site; the client's page then lists the quote, and « Nouveau devis pour ce client » opens a
// draft already made out to them. A client typed in a quote is kept with « Enregistrer ce
// client ». Axe-clean at 1280 and 360 px.
import t from 'tap'
import { axeBothWidths, button, CLEAN, DESKTOP, normalizeSpace, openPage, problemsOf, startAuthStack, emailFactory } from './harness.js'
import { accessToken, callApi, newQuote, signIn } from './workspace-steps.js'

const SECRET = 'clients-tests-jwt-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

/** The quote once autosave has stored what `done` waits for (asked again until then, 15 s at most). */
async function storedQuote(token: string, id: string, done: (quote: Quote) => boolean): Promise<Quote> {
  const deadline = Date.now() + 15_000
  for (;;) {
    const quote = (await callApi<{ quote: Quote }>(gateway.url, token, 'GET', `/api/quotes/${id}`)).quote
    if (done(quote) || Date.now() > deadline) return quote
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

interface Quote {
  id: string
  savedClientId?: string
  client: { kind: string; name: string; company: string; email: string }
}

t.test('clients: save and edit one, pick it in a quote, find the quote on the client’s page', async (t) => {
  const email = newEmail('clients')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  const nav = page.getByRole('navigation', { name: 'Espace professionnel' })
  t.same(
    (await nav.getByRole('link').allInnerTexts()).slice(0, 4),
    ['Devis', 'Factures', 'Clients', 'Articles'],
    '« Clients » between « Factures » and « Articles »'
  )
  await nav.getByRole('link', { name: 'Clients' }).click()
  await page.getByRole('heading', { level: 1, name: 'Clients' }).waitFor()
  await page.getByText('Aucun client pour l’instant').waitFor()

  await button(page, 'Enregistrer le client').click()
  t.equal(
    normalizeSpace(await page.locator('#client-new-name-error').innerText()),
    'Indiquez le nom du client.',
    'an empty client is explained'
  )
  await page.getByRole('radio', { name: 'Professionnel' }).check()
  await page.locator('#client-new-company').fill('Syndic Bellevue')
  await page.locator('#client-new-name').fill('Marc Petit')
  await page.locator('#client-new-email').fill('contact@bellevue.example')
  await page.locator('#client-new-siret').fill('732 829 320 00075')
  await page.locator('#client-new-address').fill('10 quai Perrache\n69002 Lyon')
  await page.locator('#client-new-site').fill('Résidence Bellevue\n69003 Lyon')
  await button(page, 'Enregistrer le client').click()
  t.equal(
    normalizeSpace(await page.locator('#client-new-siret-error').innerText()),
    'Ce SIRET n’est pas valide : vérifiez les chiffres (clé de contrôle incorrecte).',
    'a wrong SIRET is explained before sending'
  )
  await page.locator('#client-new-siret').fill('732 829 320 00074')
  await button(page, 'Enregistrer le client').click()
  await page.getByRole('status').filter({ hasText: '« Syndic Bellevue » est enregistré dans vos clients.' }).waitFor()
  t.equal(await page.locator('#client-new-company').count(), 0, 'the form is back to a private person for the next one')

  await button(page, 'Modifier Syndic Bellevue').click()
  await page.locator('#client-edit-phone').fill('04 72 00 00 00')
  await button(page, 'Enregistrer les modifications').click()
  await page.locator('.items-list__item').filter({ hasText: 'Marc Petit · contact@bellevue.example · 04 72 00 00 00' }).waitFor()

  await page.locator('#client-new-name').fill('Client de passage')
  await button(page, 'Enregistrer le client').click()
  await page.getByText('2 clients', { exact: true }).waitFor()
  await page.locator('#clients-search').fill('belle')
  await page.getByText('1 client', { exact: true }).waitFor()
  await page.locator('#clients-search').fill('')
  await page.getByText('2 clients', { exact: true }).waitFor()
  await button(page, 'Supprimer Client de passage').click()
  await button(page, 'Confirmer la suppression').click()
  await page
    .getByRole('status')
    .filter({ hasText: '« Client de passage » est supprimé de vos clients ; ses devis restent inchangés.' })
    .waitFor()
  await axeBothWidths(t, page, 'the Clients page')

  // The editor: the saved client found as its name is typed, and picked.
  const quoteId = await newQuote(page, 'Ravalement de façade')
  await page.locator('#quote-client-search').pressSequentially('bell', { delay: 20 })
  const offers = page.getByRole('list', { name: 'Clients enregistrés' })
  await offers.getByRole('button').first().waitFor()
  t.same(
    await offers
      .getByRole('button')
      .allInnerTexts()
      .then((texts) => texts.map(normalizeSpace)),
    ['Syndic Bellevue contact@bellevue.example']
  )
  await axeBothWidths(t, page, 'the editor with saved clients offered')
  await offers.getByRole('button', { name: /Syndic Bellevue/ }).click()
  t.ok(await page.locator('#quote-client-kind-business').isChecked(), 'a company client')
  t.equal(await page.locator('#quote-client-company').inputValue(), 'Syndic Bellevue')
  t.equal(await page.locator('#quote-client-name').inputValue(), 'Marc Petit')
  t.equal(await page.locator('#quote-client-email').inputValue(), 'contact@bellevue.example')
  t.equal(await page.locator('#quote-client-phone').inputValue(), '04 72 00 00 00')
  t.equal(await page.locator('#quote-client-address').inputValue(), '10 quai Perrache\n69002 Lyon')
  t.equal(await page.locator('#quote-site-address').inputValue(), 'Résidence Bellevue\n69003 Lyon', 'the client’s work site')
  t.equal(await page.locator('#quote-client-search').inputValue(), '', 'the search is cleared')
  await page.getByText('Coordonnées de « Syndic Bellevue » reprises.').waitFor()
  const token = await accessToken(page)
  const stored = await storedQuote(token, quoteId, (quote) => quote.savedClientId !== undefined)
  t.match(
    stored,
    { client: { kind: 'business', company: 'Syndic Bellevue', email: 'contact@bellevue.example' } },
    'autosave kept the picked client'
  )
  t.type(stored.savedClientId, 'string', 'and linked the quote to the saved client')

  // The client's page lists the quote and starts a new one for them.
  await page.getByRole('link', { name: 'Fiche du client enregistré' }).click()
  await page.getByRole('heading', { level: 1, name: 'Syndic Bellevue' }).waitFor()
  const rows = page.locator('.client-quotes tbody tr')
  await rows.first().waitFor()
  t.match(normalizeSpace(await rows.first().innerText()), /^Brouillon — Ravalement de façade\s+Brouillon\s+\d{1,2} \S+ \d{4}\s+0,00 €$/)
  await axeBothWidths(t, page, 'a client’s page')
  await page.getByRole('link', { name: 'Nouveau devis pour ce client' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  t.equal(await page.locator('#quote-client-company').inputValue(), 'Syndic Bellevue', 'the new draft is made out to the client')
  t.equal(await page.locator('#quote-site-address').inputValue(), 'Résidence Bellevue\n69003 Lyon')
  await page.getByRole('link', { name: 'Fiche du client enregistré' }).click()
  await page.getByRole('heading', { level: 1, name: 'Syndic Bellevue' }).waitFor()
  await page.locator('.client-quotes tbody tr').nth(1).waitFor()
  t.equal(await page.locator('.client-quotes tbody tr').count(), 2, 'both quotes on the client’s page')
  await page.locator('.client-quotes').getByRole('link', { name: 'Brouillon — Ravalement de façade' }).click()
  await page.waitForURL((url) => url.pathname.endsWith(quoteId))
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  t.same(problemsOf(record), [], CLEAN)
})

t.test('in the editor: « Enregistrer ce client » keeps the typed client, once', async (t) => {
  const email = newEmail('enregistrer')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  const quoteId = await newQuote(page, 'Cuisine')
  await page.locator('#quote-client-name').fill('Paul Martin')
  await page.locator('#quote-client-email').fill('paul.martin@example.fr')
  await page.locator('#quote-client-address').fill('5 rue Mercière, 69002 Lyon')
  await button(page, 'Enregistrer ce client').click()
  await page.getByText('Enregistré dans vos clients.').waitFor()
  await page.getByRole('link', { name: 'Fiche du client enregistré' }).waitFor()
  const token = await accessToken(page)
  const saved = await callApi<{ clients: Array<{ id: string; name: string; email: string; address: string }> }>(
    gateway.url,
    token,
    'GET',
    '/api/clients'
  )
  t.match(saved.clients, [{ name: 'Paul Martin', email: 'paul.martin@example.fr', address: '5 rue Mercière, 69002 Lyon' }])
  const quote = await storedQuote(token, quoteId, (stored) => stored.savedClientId !== undefined)
  t.equal(quote.savedClientId, saved.clients[0]?.id, 'the quote is linked to the client just saved')

  await button(page, 'Ne plus lier ce devis au client').click()
  await button(page, 'Enregistrer ce client').click()
  await page.getByText('Ce client est déjà enregistré (même nom et même e-mail) : modifiez-le plutôt.').waitFor()
  t.same(
    problemsOf(record, {
      allowHttp: (problem) => problem.status === 409 && problem.url.endsWith('/api/clients'),
      allowConsole: (entry) => /status of 409/.test(entry.text) && entry.url.endsWith('/api/clients')
    }),
    [],
    `${CLEAN} (besides the duplicate refused)`
  )
})
