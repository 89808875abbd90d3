// The professional's workspace in a real browser, end to end: Chromium → the gateway (API on
// PGlite, tokens verified) → the GoTrue stand-in for the session. The company profile with its
// checks and logo, a quote typed the French way with live totals, autosave and what survives a
// reload, the PDF a client receives (read back with poppler's pdftotext), sending and what
// follows, conflicts between two tabs, and the editor on a 360 px phone. No console error, no
// hydration error, axe-clean.
import t from 'tap'
import { readFile } from 'node:fs/promises'
import type { Locator, Page, Request } from 'playwright-core'
import { pdfText } from '../../../gateway/test/support/pdf-text.js'
import {
  axe,
  CLEAN,
  type ConsoleEntry,
  DESKTOP,
  emailFactory,
  gotoHydrated,
  type HttpProblem,
  inPage,
  normalizeSpace,
  type OpenedPage,
  openPage,
  openSettings,
  PHONE,
  type ProblemFilter,
  problemsOf,
  startAuthStack,
  waitForExpression
} from './harness.js'
import {
  accessToken,
  callApi,
  fillClient,
  fillLine,
  fillProfile,
  isSave,
  line,
  newQuote,
  saveStatus,
  signIn,
  SIRET,
  VAT_NUMBER,
  waitForSaved,
  type LineInput
} from './workspace-steps.js'
import { draftContent, quoteClient, quoteLine } from '../../../gateway/test/support/quote-content.js'

const SECRET = 'workspace-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'

const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** HTTP refusals a test provokes on purpose (Chromium logs each as a console error). */
function allowApi(status: number, pattern: RegExp): ProblemFilter {
  const matches = (url: string) => url.startsWith(gateway.url('/api/')) && pattern.test(new URL(url).pathname)
  return {
    allowHttp: (problem: HttpProblem) => problem.status === status && matches(problem.url),
    allowConsole: (entry: ConsoleEntry) => matches(entry.url) && /Failed to load resource: .*\b\d{3}\b/.test(entry.text)
  }
}

function button(scope: Page | Locator, name: string | RegExp) {
  return scope.getByRole('button', { name, exact: typeof name === 'string' })
}

async function text(locator: Locator): Promise<string> {
  return normalizeSpace(await locator.innerText())
}

/** A confirmed account, signed in, on /espace with its data loaded. */
async function signedInPage(tt: Parameters<typeof openPage>[1], email: string, options = DESKTOP): Promise<OpenedPage> {
  standIn.createUser({ email, password: PASSWORD })
  const opened = await openPage(browser, tt, options)
  await signIn(opened.page, gateway.url, email, PASSWORD)
  return opened
}

const api = <T>(token: string, method: string, path: string, body?: unknown): Promise<T> =>
  callApi<T>(gateway.url, token, method, path, body)

// 350 × 1 at 10 %; 12,5 m² × 45,90 − 10 % = 516,375 → 516,38 at 10 %; 1 234,50 at 20 %.
const LINES: LineInput[] = [
  { description: 'Dépose de l’ancienne baignoire', quantity: '1', unit: 'forfait', price: '350', vatBp: 1000 },
  { description: 'Pose de faïence murale', quantity: '12,5', unit: 'm²', price: '45,90', vatBp: 1000, discount: '10' },
  { description: 'Meuble vasque en chêne', quantity: '1', unit: 'u', price: '1 234,50', vatBp: 2000 }
]
const TOTALS = 'Total HT 2 100,88 € TVA 10 % sur 866,38 € HT 86,64 € TVA 20 % sur 1 234,50 € HT 246,90 € Total TTC 2 434,42 €'

t.test('profile, a quote with three lines at 10 % and 20 %, live totals, autosave, reload, the PDF', async (t) => {
  const email = newEmail('devis')
  const { page, record } = await signedInPage(t, email)

  // An empty workspace says what to do.
  await page.getByText('Vous n’avez pas encore de devis.').waitFor()
  t.match(await text(page.locator('.workspace-notice')), /complétez votre profil d’entreprise .*la raison sociale, l’adresse, le SIRET/)
  t.equal(await page.getByRole('link', { name: 'Créer mon premier devis' }).getAttribute('href'), '/espace/devis/nouveau')
  t.same(await axe(page), [], 'axe: the empty list')

  // The profile: a wrong SIRET is caught before anything is sent.
  await openSettings(page, 'Profil')
  await page.waitForURL(gateway.url('/espace/profil'))
  await page.getByRole('heading', { level: 1, name: 'Profil de l’entreprise' }).waitFor()
  await waitForExpression(page, `!document.querySelector('#profile-companyName').disabled`)
  await fillProfile(page)
  await page.locator('#profile-siret').fill('732 829 320 00075')
  let profileSaves = 0
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/profile') profileSaves++
  })
  await button(page, 'Enregistrer le profil').click()
  t.match(await text(page.locator('#profile-siret-error')), /clé de contrôle incorrecte/)
  t.equal(await page.locator('#profile-siret').getAttribute('aria-describedby'), 'profile-siret-hint profile-siret-error')
  t.ok(await page.locator('#profile-siret').evaluate((element) => element === document.activeElement), 'focus on the SIRET')
  t.equal(profileSaves, 0, 'nothing sent')
  await page.locator('#profile-siret').fill(SIRET)
  await button(page, 'Enregistrer le profil').click()
  await page.getByRole('status').filter({ hasText: 'Profil enregistré.' }).waitFor()
  t.equal(await page.locator('#profile-siret').inputValue(), '73282932000074', 'the gateway keeps the digits')
  t.equal(profileSaves, 1)

  // The logo's picker is a button like the others (not the browser's bare control), named by its label.
  const picker = await page.locator('#profile-logo').evaluate((input) => {
    const box = input.parentElement?.getBoundingClientRect()
    return {
      opacity: getComputedStyle(input).opacity,
      button: input.parentElement?.classList.contains('button') === true,
      shown: input.parentElement?.textContent ?? '',
      height: Math.round(box?.height ?? 0),
      covered:
        Math.round(input.getBoundingClientRect().width) === input.parentElement?.clientWidth &&
        Math.round(input.getBoundingClientRect().height) === input.parentElement.clientHeight
    }
  })
  t.same(
    picker,
    { opacity: '0', button: true, shown: 'Choisir une image…', height: picker.height, covered: true },
    'the file input covers the button’s inside (all of it but its border), which says what it does'
  )
  t.ok(picker.height >= 44, `the picker is a 44 px touch target (${picker.height} px)`)
  t.equal(await page.getByLabel('Ajouter un logo').getAttribute('id'), 'profile-logo', 'the input keeps its label')
  // The logo: SVG refused with an explanation, PNG accepted and shown.
  await page
    .locator('#profile-logo')
    .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') })
  t.match(await text(page.locator('#profile-logo-error')), /Les logos SVG ne sont pas acceptés/)
  await page.locator('#profile-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('status').filter({ hasText: 'Logo enregistré.' }).waitFor()
  await page.getByRole('img', { name: 'Votre logo actuel' }).waitFor()
  t.same(await axe(page), [], 'axe: the profile, filled')

  // A new quote.
  await page.getByRole('navigation', { name: 'Espace professionnel' }).getByRole('link', { name: 'Devis' }).click()
  await page.waitForURL(gateway.url('/espace'))
  t.equal(await page.locator('.workspace-notice').count(), 0, 'the profile is complete: no reminder')
  const before = await inPage(page, 'history.length')
  const id = await newQuote(page)
  t.equal(await inPage(page, 'history.length'), Number(before) + 1, '/espace/devis/nouveau was replaced in the history')
  t.equal(await text(saveStatus(page)), 'Enregistré')
  const saves: Request[] = []
  page.on('request', (request) => {
    if (isSave(request)) saves.push(request)
  })
  await fillClient(page)
  await page.getByLabel('Travaux du bâtiment ou de dépannage').check()

  // Three lines; a new draft has its first one. Saved as they are typed.
  t.equal(await page.locator('.line-card').count(), 1)
  for (let index = 0; index < LINES.length; index++) {
    if (index > 0) {
      await button(page, /Ajouter une ligne/).click()
      t.ok(
        await line(page, index)
          .getByLabel('Désignation')
          .evaluate((element) => element === document.activeElement),
        `focus in new line ${index + 1}`
      )
    }
    if (index < LINES.length - 1) await fillLine(page, index, LINES[index] as LineInput)
    else await waitForSaved(page, () => fillLine(page, index, LINES[index] as LineInput))
  }
  t.equal(await text(line(page, 1).locator('.line-card__total')), 'Total HT de la ligne : 516,38 €')
  t.equal(await text(page.locator('.totals__list')), TOTALS, 'live totals, per VAT rate, fr-FR')
  const versions = saves.map((request) => (JSON.parse(request.postData() ?? '{}') as { version: number }).version)
  t.same(
    versions,
    versions.map((_, index) => index + 1),
    'one save at a time, each with the version the previous one returned'
  )
  const body = JSON.parse(saves.at(-1)?.postData() ?? '{}') as { content: { client: object; lines: object[] } }
  t.match(body.content.client, { kind: 'individual', name: 'Inès Dupont', email: 'ines.dupont@example.fr' })
  t.match(body.content.lines, [
    { description: LINES[0]?.description, quantityMilli: 1000, unit: 'forfait', unitPriceCents: 35000, vatRateBp: 1000, discountBp: 0 },
    { quantityMilli: 12500, unit: 'm²', unitPriceCents: 4590, vatRateBp: 1000, discountBp: 1000 },
    { quantityMilli: 1000, unit: 'u', unitPriceCents: 123450, vatRateBp: 2000, discountBp: 0 }
  ])

  // A quantity with four decimals: explained, left out of the totals, not saved.
  const savesBefore = saves.length
  await line(page, 1).getByLabel('Quantité').fill('12,5555')
  const quantity = line(page, 1).getByLabel('Quantité')
  t.match(await text(line(page, 1).locator('.field__error')), /au plus 3 décimales/)
  t.equal(await quantity.getAttribute('aria-invalid'), 'true')
  t.match(await quantity.getAttribute('aria-describedby'), /-quantity-error$/)
  t.equal(await text(saveStatus(page)), 'Modifications non enregistrées : corrigez les valeurs signalées.')
  t.match(await text(page.locator('.totals__skipped')), /Une ligne n’est pas comptée/)
  t.equal(
    await text(page.locator('.totals__list')),
    'Total HT 1 584,50 € TVA 10 % sur 350,00 € HT 35,00 € TVA 20 % sur 1 234,50 € HT 246,90 € Total TTC 1 866,40 €'
  )
  await new Promise((resolve) => setTimeout(resolve, 1_200))
  t.equal(saves.length, savesBefore, 'nothing sent while a value is wrong')
  // Back to the saved value: nothing to send.
  await quantity.fill('12,5')
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  t.equal(await quantity.getAttribute('aria-invalid'), null)
  t.equal(await text(page.locator('.totals__list')), TOTALS)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  t.equal(saves.length, savesBefore, 'the content is the saved one')

  // Reorder with the buttons: the third line goes up, the focus follows it.
  await waitForSaved(page, () => button(page, 'Monter la ligne 3').click())
  t.ok(await button(page, 'Monter la ligne 2').evaluate((element) => element === document.activeElement), 'focus on the moved line')
  t.equal(await text(page.locator('.lines-editor > p[role="status"]')), 'Ligne 3 déplacée en position 2.')
  t.same(await page.locator('.line-card textarea').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value)), [
    LINES[0]?.description,
    LINES[2]?.description,
    LINES[1]?.description
  ])
  t.same(await axe(page), [], 'axe: the editor with three lines')

  // Reload: everything is back, as typed the French way.
  await page.reload({ waitUntil: 'load' })
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  t.equal(await page.locator('#quote-client-name').inputValue(), 'Inès Dupont')
  t.equal(await page.locator('#quote-title').inputValue(), 'Rénovation de la salle de bains')
  t.same(await page.locator('.line-card textarea').evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value)), [
    LINES[0]?.description,
    LINES[2]?.description,
    LINES[1]?.description
  ])
  t.equal(await line(page, 1).getByLabel('Prix unitaire HT').inputValue(), '1 234,50')
  t.equal(await line(page, 2).getByLabel('Quantité').inputValue(), '12,5')
  t.equal(
    await line(page, 2)
      .getByRole('textbox', { name: /^Remise/ })
      .inputValue(),
    '10'
  )
  t.equal(await line(page, 2).getByLabel('Unité', { exact: true }).inputValue(), 'm²')
  t.equal(await text(page.locator('.totals__list')), TOTALS, 'the same totals after the reload')
  t.equal(await text(saveStatus(page)), 'Enregistré')

  // The PDF, as the client will get it. The first PDF of this gateway starts its PDF processes and
  // renders on idle CPU time first: on a loaded machine that takes more than the harness's 15 s,
  // so the wait is for the download itself, bounded by the file's own time limit.
  const downloading = page.waitForEvent('download', { timeout: 180_000 })
  await button(page, 'Télécharger le PDF').click()
  const download = await downloading
  t.equal(download.suggestedFilename(), 'Devis-brouillon.pdf', 'the server’s file name')
  const file = await download.path()
  const pdf = normalizeSpace(await pdfText(await readFile(file)))
  for (const mention of [
    /Devis \(brouillon\)/,
    /Menuiserie Martin/,
    /SIRET 732 829 320 00074/,
    /RCS Lyon 732 829 320/,
    /TVA intracommunautaire FR44732829320/,
    /Inès Dupont/,
    /Objet : Rénovation de la salle de bains/,
    /Pose de faïence murale/,
    /Total HT 2 100,88 €/,
    /TVA 10 % sur 866,38 € 86,64 €/,
    /TVA 20 % sur 1 234,50 € 246,90 €/,
    /Total TTC 2 434,42 €/,
    /Valable jusqu’au \d{1,2} \p{L}+ \d{4}/u,
    /Assurance professionnelle Assureur Mutuelle des Artisans Couverture géographique France métropolitaine/,
    /Devis reçu avant l’exécution des travaux/
  ]) {
    t.match(pdf, mention, `the PDF says ${mention.source}`)
  }
  t.equal(id.length, 36)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('sending: what is missing, the signing link, a frozen quote revised or cancelled, the plan limit', async (t) => {
  const email = newEmail('envoi')
  const { page, record, context } = await signedInPage(t, email)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: gateway.origin })
  const token = await accessToken(page)
  await api(token, 'PUT', '/api/profile', {
    companyName: 'Plomberie Durand',
    legalForm: 'EI',
    address: '5 rue Nationale, 37000 Tours',
    siret: SIRET,
    registration: 'RM 37',
    vatNumber: VAT_NUMBER,
    email: 'contact@durand.fr',
    phone: '',
    insurer: 'MAAF Assurances',
    insuranceCoverage: 'France métropolitaine',
    insurancePolicy: '',
    iban: '',
    bic: '',
    mediatorName: '',
    mediatorUrl: '',
    defaultPaymentTerms: '',
    defaultExecutionConditions: 'Travaux garantis un an.',
    defaultValidityDays: 45,
    franchiseEnBase: false
  })
  await gotoHydrated(page, gateway.url('/espace'))
  const id = await newQuote(page)
  t.equal(await page.locator('#quote-validity').inputValue(), '45', 'defaults from the profile')
  t.equal(await page.locator('#quote-conditions').inputValue(), 'Travaux garantis un an.')

  // Sending a draft with only its title: the gateway lists what is missing; each item leads to its field.
  await button(page, 'Envoyer le devis').click()
  await page.getByRole('dialog', { name: 'Envoyer ce devis ?' }).waitFor()
  t.ok(
    await page.evaluate(() => document.querySelector('.send-dialog')?.contains(document.activeElement) === true),
    'the confirmation, a modal dialog, takes the focus'
  )
  await button(page, 'Confirmer l’envoi').click()
  const problem = page.locator('.action-problem')
  await problem.waitFor()
  t.match(await text(problem), /Il manque des informations pour envoyer ce devis/)
  await problem.getByRole('link', { name: /Indiquez l’adresse e-mail du client/ }).click()
  t.ok(await page.locator('#quote-client-email').evaluate((element) => element === document.activeElement), 'the link leads to the field')

  await fillClient(page)
  await waitForSaved(page, () =>
    fillLine(page, 0, { description: 'Remplacement du chauffe-eau', quantity: '1', unit: 'forfait', price: '890', vatBp: 1000 })
  )
  await button(page, 'Envoyer le devis').click()
  t.match(await text(page.getByRole('dialog', { name: 'Envoyer ce devis ?' })), /Destinataire.*ines\.dupont@example\.fr/s)
  await button(page, 'Confirmer l’envoi').click()

  // Sent: the signing link to copy, the quote frozen with its number, its history.
  await page.getByRole('heading', { level: 2, name: 'Devis envoyé' }).waitFor()
  const number = await text(page.getByRole('heading', { level: 1 }))
  t.match(number, /^Devis DEV-\d{4}-0001$/)
  const link = await page.getByLabel('Lien de signature').inputValue()
  t.match(link, /^https?:\/\/[^/]+\/SignatureDevis\?token=[A-Za-z0-9_-]{43,}$/)
  await button(page, 'Copier le lien').click()
  await page.getByText('Lien copié.').waitFor()
  t.equal(await inPage(page, 'navigator.clipboard.readText()'), link, 'in the clipboard')
  t.equal(await page.locator('.quote-form').count(), 0, 'nothing to edit any more')
  t.match(await text(page.locator('.quote-page__status')), /^Envoyé Envoyé le \d{1,2} \p{L}+ \d{4} Valable jusqu’au \d{1,2} \p{L}+ \d{4}$/u)
  await page.locator('.timeline__item').filter({ hasText: 'Devis envoyé pour signature' }).waitFor()
  t.match(
    await text(page.locator('.timeline__item').first()),
    /\d{1,2} \p{L}+ \d{4} à \d{2}:\d{2}$/u,
    'Paris time with its date, no « UTC+1 »'
  )
  t.same(await axe(page), [], 'axe: the sent quote')

  // « Modifier »: a new draft, the sent one cancelled and pointing to it.
  await button(page, 'Modifier').click()
  await button(page, 'Créer une nouvelle version').click()
  await page.getByText('Nouvelle version créée en brouillon').waitFor()
  const revisedId = new URL(page.url()).pathname.split('/').at(-1) as string
  t.not(revisedId, id)
  await waitForExpression(
    page,
    `document.querySelector('#quote-title') !== null && document.querySelector('#quote-title').value === 'Rénovation de la salle de bains'`
  )
  const { quote: old } = await api<{ quote: { status: string; replacedBy: string | null } }>(token, 'GET', `/api/quotes/${id}`)
  t.match(old, { status: 'cancelled', replacedBy: revisedId })
  await gotoHydrated(page, gateway.url(`/espace/devis/${id}`))
  await page.getByRole('link', { name: 'Voir la nouvelle version' }).waitFor()
  t.match(await text(page.locator('.quote-page__status')), /^Annulé/)
  t.equal(await button(page, 'Annuler le devis').count(), 0, 'nothing left to cancel')

  // Two more sent through the API, then « Annuler le devis » on one of them.
  const sent: string[] = []
  for (let index = 0; index < 2; index++) {
    const { quote } = await api<{ quote: { id: string; version: number; issueDate: string } }>(token, 'POST', '/api/quotes', {})
    const content = draftContent({
      client: quoteClient({ name: `Client ${index}`, email: `client${index}@example.fr` }),
      title: `Dépannage ${index}`,
      issueDate: quote.issueDate,
      lines: [quoteLine({ id: `l${index}`, description: 'Dépannage', unitPriceCents: 9000 })]
    })
    await api(token, 'PUT', `/api/quotes/${quote.id}`, { version: quote.version, content })
    await api(token, 'POST', `/api/quotes/${quote.id}/send`)
    sent.push(quote.id)
  }
  await gotoHydrated(page, gateway.url(`/espace/devis/${sent[0]}`))
  await button(page, 'Annuler le devis').click()
  await button(page, 'Oui, annuler le devis').click()
  await page.locator('.timeline__item').filter({ hasText: 'Devis annulé' }).waitFor()
  t.match(await text(page.locator('.quote-page__status')), /^Annulé/)

  // The free plan sends 3 quotes a month: the revised draft says so before sending, and the
  // button opens the upgrade card instead of a confirmation the gateway would refuse.
  await gotoHydrated(page, gateway.url(`/espace/devis/${revisedId}`))
  await page.locator('.quote-actions__quota').filter({ hasText: '3 devis envoyés sur 3 ce mois-ci' }).waitFor()
  await button(page, 'Envoyer le devis').click()
  const card = page.getByRole('group', { name: /Quota du mois atteint/ })
  t.equal(await card.getByRole('link', { name: 'Passer à la formule Pro' }).getAttribute('href'), '/tarifs')
  t.equal(await button(page, 'Confirmer l’envoi').count(), 0, 'no confirmation to be refused')

  // The list, filtered on the cancelled ones.
  await gotoHydrated(page, gateway.url('/espace?status=cancelled'))
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 2`)
  t.match(await text(page.locator('.quote-list')), /DEV-\d{4}-0001/)
  t.same(problemsOf(record, allowApi(422, /\/send$/)), [], `${CLEAN} (besides the refused sending)`)
})

t.test('the list: search and status filter in the URL, surviving a reload; duplicate and delete a draft', async (t) => {
  const email = newEmail('liste')
  const { page, record } = await signedInPage(t, email)
  const token = await accessToken(page)
  const created: string[] = []
  for (const [title, name] of [
    ['Cuisine équipée', 'Martine Leroy'],
    ['Parquet du salon', 'Karim Benali'],
    ['Peinture des volets', 'Martine Leroy']
  ] as const) {
    const { quote } = await api<{ quote: { id: string; version: number; issueDate: string } }>(token, 'POST', '/api/quotes', {
      content: {
        title,
        client: { kind: 'individual', name, company: '', email: '', phone: '', address: '' }
      }
    })
    created.push(quote.id)
  }
  await gotoHydrated(page, gateway.url('/espace'))
  await page.locator('.quote-card').nth(2).waitFor()
  t.equal(await page.locator('.quote-card').count(), 3)
  t.match(await text(page.locator('.quote-card').first()), /Brouillon/)

  await page.getByLabel('Rechercher', { exact: true }).fill('leroy')
  await button(page, 'Rechercher').click()
  await page.waitForURL(gateway.url('/espace?q=leroy'))
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 2`)
  await page.getByLabel('Statut').selectOption('sent')
  await page.waitForURL(gateway.url('/espace?status=sent&q=leroy'))
  await page.getByText('Aucun devis ne correspond à cette recherche.').waitFor()
  await page.reload({ waitUntil: 'load' })
  await page.getByText('Aucun devis ne correspond à cette recherche.').waitFor()
  t.equal(await page.getByLabel('Statut').inputValue(), 'sent', 'the filter survived the reload')
  t.equal(await page.getByLabel('Rechercher', { exact: true }).inputValue(), 'leroy')
  await page.getByLabel('Statut').selectOption('draft')
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 2`)
  t.same(await axe(page), [], 'axe: the filtered list')
  await button(page, 'Rechercher').waitFor()
  await page.goBack()
  await page.getByText('Aucun devis ne correspond à cette recherche.').waitFor()
  await button(page, 'Afficher tous les devis').click()
  await page.waitForURL(gateway.url('/espace'))
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 3`)

  // Duplicate a draft, then delete the copy (after confirming).
  await page.getByRole('link', { name: 'Parquet du salon' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await page.locator('#quote-title').waitFor()
  await button(page, 'Dupliquer').click()
  await page.getByText('Copie créée').waitFor()
  const copyId = new URL(page.url()).pathname.split('/').at(-1) as string
  t.notOk(created.includes(copyId), 'a new quote')
  await waitForExpression(
    page,
    `document.querySelector('#quote-title') !== null && document.querySelector('#quote-title').value === 'Parquet du salon'`
  )
  await button(page, 'Supprimer le brouillon').click()
  await button(page, 'Annuler').click()
  t.ok(await button(page, 'Supprimer le brouillon').evaluate((element) => element === document.activeElement), 'back to the button')
  await button(page, 'Supprimer le brouillon').click()
  await button(page, 'Oui, supprimer').click()
  await page.waitForURL(gateway.url('/espace'))
  await page.getByText('Le brouillon a été supprimé.').waitFor()
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 3`)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('more quotes than a page: the count says so, « Afficher plus » brings the rest, focus on the first new one', async (t) => {
  const { page, record } = await signedInPage(t, newEmail('pages'))
  const token = await accessToken(page)
  for (let i = 1; i <= 53; i += 1) await api(token, 'POST', '/api/quotes', { content: { title: `Chantier n° ${i}` } })
  await gotoHydrated(page, gateway.url('/espace'))
  await page.locator('.quote-card').nth(49).waitFor()
  t.equal(await page.locator('.quote-card').count(), 50, 'one page')
  t.equal(await text(page.locator('.quotes-more__count')), '50 devis affichés sur 53')
  t.equal(await page.getByLabel('Statut').locator('option').first().textContent(), 'Tous les statuts (53)')
  await page.getByRole('heading', { level: 2, name: 'Tableau de bord' }).waitFor()
  t.equal(await text(page.locator('.dashboard__figure').first()), '0 devis à signer 0,00 € TTC en attente', 'the figures above the list')
  t.same(await axe(page), [], 'axe: the figures, a partial list and its button')
  await button(page, 'Afficher plus de devis').focus()
  await page.keyboard.press('Enter')
  await waitForExpression(page, `document.querySelectorAll('.quote-card').length === 53`)
  t.equal(await page.locator('.quotes-more').count(), 0, 'nothing more to show')
  t.equal(await page.evaluate(() => document.activeElement?.textContent), 'Chantier n° 3', 'the first quote of the new page has the focus')
  const titles = await page.locator('.quote-card__title').allTextContents()
  t.equal(new Set(titles).size, 53, 'each quote once')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('« Nouveau devis » stores nothing until the first input, then the draft keeps being typed at its own address', async (t) => {
  const { page, record } = await signedInPage(t, newEmail('premiere-saisie'))
  await page.getByRole('link', { name: 'Nouveau devis' }).click()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  t.match(await text(page.locator('.quote-page__unsaved')), /enregistré dès votre première saisie/)
  t.same(await axe(page), [], 'axe: a draft not stored yet')
  await page.goBack()
  await page.waitForURL(gateway.url('/espace'))
  await page.getByText('Vous n’avez pas encore de devis.').waitFor()

  await page.getByRole('link', { name: 'Créer mon premier devis' }).click()
  const name = page.locator('#quote-client-name')
  await name.click()
  await page.keyboard.type('Hélène')
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  // The address changed under the editor: the field kept the focus and what follows is typed on.
  await page.keyboard.type(' Garnier')
  t.equal(await name.inputValue(), 'Hélène Garnier')
  t.ok(await name.evaluate((element) => element === document.activeElement), 'still in the field')
  await waitForExpression(page, `document.querySelector('#quote-save-status')?.textContent === 'Enregistré'`)
  await page.reload({ waitUntil: 'load' })
  await waitForExpression(page, `document.querySelector('#quote-client-name')?.value === 'Hélène Garnier'`)
  await button(page, 'Envoyer le devis').waitFor()
  await gotoHydrated(page, gateway.url('/espace'))
  await page.locator('.quote-card').first().waitFor()
  t.equal(await page.locator('.quote-card').count(), 1, 'one draft, the one typed in')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('two tabs on one draft: the second is told, and reloads the newer version', async (t) => {
  const email = newEmail('conflit')
  const first = await signedInPage(t, email)
  const id = await newQuote(first.page)
  const second = await first.context.newPage()
  const secondUrl = first.page.url()
  await gotoHydrated(second, secondUrl)
  await second.locator('#quote-title').waitFor()

  await waitForSaved(first.page, () => first.page.locator('#quote-title').fill('Version du premier onglet'))
  const refused = second.waitForResponse((response) => isSave(response.request()))
  await second.locator('#quote-title').fill('Version du second onglet')
  t.equal((await refused).status(), 409)
  await saveStatus(second).filter({ hasText: 'modifié ailleurs' }).waitFor()
  await button(second, 'Recharger le devis').click()
  await second.locator('#quote-title').waitFor()
  await waitForExpression(second, `document.querySelector('#quote-title').value === 'Version du premier onglet'`)
  t.equal(await text(saveStatus(second)), 'Enregistré')
  t.equal(id.length, 36)
  t.same(problemsOf(first.record), [], CLEAN)
})

t.test('on a 360 px phone: the editor fits the screen, its buttons are big enough, axe-clean', async (t) => {
  const email = newEmail('mobile')
  const { page, record } = await signedInPage(t, email, PHONE)
  await newQuote(page)
  await fillClient(page)
  for (let index = 0; index < LINES.length; index++) {
    if (index > 0) await button(page, /Ajouter une ligne/).click()
    await fillLine(page, index, LINES[index] as LineInput)
  }
  await line(page, 0)
    .getByLabel('Désignation')
    .fill('Une désignation bien plus longue que la largeur de l’écran, avec un mot interminable: anticonstitutionnellementtoujoursplus')
  t.equal(await text(page.locator('.totals__list')), TOTALS)
  const widths = await inPage(page, '({ scroll: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth })')
  t.match(widths, { viewport: 360 })
  const { scroll, viewport } = widths as { scroll: number; viewport: number }
  t.ok(scroll <= viewport, `no horizontal scroll (${scroll} ≤ ${viewport})`)
  const small = await page
    .locator('.quote-page button:visible, .quote-page select:visible, .quote-page input:visible, .workspace-nav a')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !(element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')))
        .map((element) => ({ name: element.textContent?.trim() || element.id, height: element.getBoundingClientRect().height }))
        .filter((entry) => entry.height < 44)
    )
  t.same(small, [], 'every control is at least 44 px high')
  t.same(await axe(page), [], 'axe at 360 px: the editor')
  await waitForSaved(page, () =>
    line(page, 2)
      .getByRole('textbox', { name: /^Remise/ })
      .fill('5')
  )
  t.same(problemsOf(record), [], CLEAN)
})
